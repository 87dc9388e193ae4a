package scenes

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/systems"
)

// maxLoadItems is how many saves the load screen lists, newest first.
const maxLoadItems = 8

// Load is the screen that lists the saves, newest first, and resumes the
// one chosen. A save that cannot be read (corrupt, truncated, from a
// later version) is listed greyed out with the reason, and the rest stay
// usable. Esc goes back where the player came from.
type Load struct {
	env   *Env
	back  Scene // the scene Esc returns to (nil: the title)
	saves []savedGame
	menu  systems.Menu
	text  string // the menu's text, unwrapped (fit wraps it held upright)
	err   string
	paint systems.Painter
}

// savedGame is one save in the store: its name and either its replay or
// why it cannot be read.
type savedGame struct {
	name   string
	replay *match.Replay
	err    error
}

// listSaves reads every save in env's store, newest first (by the time it
// was saved; unreadable ones last).
func listSaves(env *Env) []savedGame {
	if env.Store == nil {
		return nil
	}
	names, err := env.Store.List("saves")
	if err != nil {
		return []savedGame{{name: "saves", err: err}}
	}
	out := make([]savedGame, 0, len(names))
	for _, n := range names {
		r, err := env.Store.Get(n)
		out = append(out, savedGame{name: n, replay: r, err: err})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].replay, out[j].replay
		switch {
		case a == nil || b == nil:
			return b == nil && a != nil
		}
		return a.Saved > b.Saved
	})
	return out
}

// NewLoad returns the load screen; Esc returns to back (nil: the title).
func NewLoad(env *Env, back Scene) *Load {
	l := &Load{env: env, back: back, saves: listSaves(env), paint: env.painter()}
	if len(l.saves) > maxLoadItems {
		l.saves = l.saves[:maxLoadItems]
	}
	l.menu = systems.Menu{Title: "Load a battle", Text: "Esc: back"}
	for _, sg := range l.saves {
		l.menu.Items = append(l.menu.Items, sg.item())
	}
	if env.Export != nil && env.Store != nil {
		l.menu.Text = "Esc: back · X: export the save as a file"
	}
	if len(l.saves) == 0 {
		l.menu.Text = "No saved battles yet. Esc: back"
	}
	if env.Finger { // no Esc on a phone: a Back item, and no keys named
		l.menu.Items = append(l.menu.Items, systems.MenuItem{Label: itemBack})
		l.menu.Text = "Tap a save to play on from it."
		if len(l.saves) == 0 {
			l.menu.Text = "No saved battles yet."
		}
	}
	l.text = l.menu.Text
	return l
}

// item describes a save for the menu by its level and when it was made
// ("Crossroads · Nov 28 15:04", "Crossroads · autosave"), never by its
// file.
func (sg savedGame) item() systems.MenuItem {
	if sg.err != nil {
		msg := sg.err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:] // the reason, not the file it is about
		}
		return systems.MenuItem{Label: "A save that cannot be read", Note: clip(match.SafeText(msg), 64), Disabled: true}
	}
	r := sg.replay
	turn, side := len(r.Turns)/2+1, "Blue"
	if len(r.Turns)%2 == 1 {
		side = "Red"
	}
	when := ""
	if t, err := time.Parse(time.RFC3339, r.Saved); err == nil {
		when = t.Local().Format("Jan 2 15:04")
	}
	label := match.SafeText(r.Level.Name)
	note := fmt.Sprintf("turn %d, %s to move", turn, side)
	if r.Note != "" {
		note += " · from its backup"
	}
	switch {
	case sg.name == "saves/autosave":
		label += " · autosave"
		if when != "" {
			note = when + " · " + note
		}
	case when != "":
		label += " · " + when
	}
	return systems.MenuItem{Label: label, Note: note}
}

// Name returns "load".
func (l *Load) Name() string { return "load" }

// Update resumes the chosen save, exports the one with the focus on X
// (where Env.Export is set), or goes back on Esc.
func (l *Load) Update(m *Manager, in []systems.Intent) error {
	if m.Env.Export != nil && m.Env.Store != nil && systems.HasKey(in, 'x') && len(l.saves) > 0 {
		if f := l.menu.Focus(); f < len(l.saves) && l.saves[f].err == nil {
			l.text = exportSave(m.Env, l.saves[f].name)
			l.fit()
		}
		return nil
	}
	w, h := l.fit()
	switch c := l.menu.Update(in, w, h); {
	case c == systems.MenuBack || c == len(l.saves):
		if l.back != nil {
			m.GoTo(l.back)
		} else {
			m.GoTo(NewTitle(m.Env))
		}
	case c >= 0:
		rs, err := NewResuming(m.Env, l.saves[c].replay, func(m *Manager, err error) {
			l.menu.Items[c].Disabled = true
			l.menu.Items[c].Note = clip("cannot be loaded: "+match.SafeText(err.Error()), 64)
			l.err = err.Error()
			m.GoTo(l)
		})
		if err != nil {
			l.menu.Items[c].Disabled = true
			l.menu.Items[c].Note = clip("cannot be loaded: "+match.SafeText(err.Error()), 64)
			l.err = err.Error()
			return nil
		}
		m.GoTo(rs)
	}
	return nil
}

// Draw draws the list.
func (l *Load) Draw(dst *ebiten.Image) {
	dst.Fill(systems.ColorBackground)
	l.fit()
	l.menu.Draw(dst, &l.paint, l.env.Fonts)
}
