package scenes

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/systems"
)

// The pause menu's pages: the menu Esc opens, and the confirmation of
// Quit.
const (
	menuPause = iota + 1
	menuQuit
)

// pauseMenu is the menu Esc (or a finger's Menu button) opens over the
// battle, an overlay on the manager's stack: Resume, Save, Load,
// Settings, Help and Quit, which asks first on a page of its own.
type pauseMenu struct {
	b    *Battle
	kind int // menuPause or menuQuit
	menu systems.Menu
	text string // the menu's text, unwrapped (fit wraps it held upright)
}

// newPauseMenu returns the pause menu over b.
func newPauseMenu(b *Battle) *pauseMenu {
	p := &pauseMenu{b: b}
	p.open(menuPause)
	return p
}

// Name returns "menu".
func (p *pauseMenu) Name() string { return "menu" }

// open shows one of the menu's pages.
func (p *pauseMenu) open(kind int) {
	b := p.b
	p.kind = kind
	switch kind {
	case menuPause:
		canSave := b.env.Store != nil && b.level.File != ""
		save := systems.MenuItem{Label: "Save", Disabled: !canSave}
		if !canSave {
			save.Note = "this battle cannot be saved"
		}
		load := systems.MenuItem{Label: "Load", Disabled: b.env.Store == nil}
		if isOnline(b.drive) {
			// The server keeps the match; a saved battle loaded here
			// would leave it for a local one.
			save.Note = "online: the server keeps this match"
			load.Disabled, load.Note = true, "online: leave the match to load a battle"
		}
		p.menu = systems.Menu{Title: "Paused", Text: b.name + " · turn " + itoa(b.state.Turn) + ", " + b.state.Side.String() + " to move",
			Items: []systems.MenuItem{{Label: "Resume"}, save, load, {Label: "Settings"}, {Label: itemHelp}, {Label: "Quit to menu"}}}
	case menuQuit:
		text := "The battle so far is lost."
		switch {
		case isOnline(b.drive):
			text = "The server keeps the match: come back to it from Play online."
		case b.env.Store != nil && b.level.File != "":
			text = "The autosave keeps the battle as this turn began."
		}
		p.menu = systems.Menu{Title: "Quit to the menu?", Text: text,
			Items: []systems.MenuItem{{Label: "Quit"}, {Label: "Keep playing"}}}
	}
	p.text = p.menu.Text
}

// fit lays the menu out for the furniture's uw×uh screen: as the card
// lays itself out on one wider than high; on a phone held upright, its
// items a finger high (minTap page pixels) and most of the screen wide,
// its labels, notes, title and text large enough to read and the text
// wrapped to the card.
func (p *pauseMenu) fit(uw, uh float64) {
	fitMenu(&p.menu, p.b.env.Fonts, p.b.env.screenScale()*max(p.b.lay.scale, 1), uw, uh, p.text)
}

// Update runs the menu, laid out with the battle's furniture; a choice
// clicks. Resume or Esc closes it; Settings returns to it.
func (p *pauseMenu) Update(m *Manager, in []systems.Intent) error {
	b := p.b
	uw, uh := b.lay.size()
	p.fit(uw, uh)
	choice := p.menu.Update(b.lay.intents(in), uw, uh)
	if choice >= 0 {
		b.env.Audio.Click()
	}
	switch p.kind {
	case menuPause:
		switch choice {
		case 0, systems.MenuBack:
			m.Pop()
		case 1:
			m.Pop()
			if isOnline(b.drive) {
				b.hud.Toast("Not saved: the server keeps this online match.")
				break
			}
			if _, err := b.keep.save("saves/" + time.Now().Format("2006-01-02-150405") + "-" + slug(b.name)); err != nil {
				b.hud.Toast("Not saved: " + err.Error())
			} else {
				b.hud.Note("Saved: " + b.name + ", turn " + itoa(b.state.Turn) + " · " + time.Now().Format("Jan 2 15:04"))
			}
		case 2:
			m.Pop()
			if isOnline(b.drive) {
				b.hud.Toast("No loading online: leave the match to load a battle.")
				break
			}
			m.GoTo(NewLoad(m.Env, b))
		case 3:
			m.GoTo(NewSettings(m.Env, b, p)) // back to this menu
		case 4:
			// The controls and rules card (F1), for a finger, which has
			// no F1: the card takes the next tap to close.
			m.Pop()
			m.Push(newHelp(b.env, b))
		case 5:
			p.open(menuQuit)
		}
	case menuQuit:
		switch choice {
		case 0:
			m.Pop()
			m.GoTo(NewTitle(m.Env))
		case 1, systems.MenuBack:
			p.open(menuPause)
		}
	}
	return nil
}

// Draw draws the menu over the battle, on its furniture's layer.
func (p *pauseMenu) Draw(dst *ebiten.Image) {
	b := p.b
	ui := b.lay.target(dst)
	p.fit(b.lay.size())
	p.menu.Draw(ui, &b.ui.paint, b.env.Fonts)
	b.lay.draw(dst, ui)
}

// keeper keeps the battle (one job: what is written to the store): a
// save under a name, the autosave as each turn begins, and the replay
// of a battle decided.
type keeper struct {
	*stage
	turns *turnDriver // says who controls each side
}

// save keeps the battle under name in the env's store: its replay, the
// camera and the selection. It returns where.
func (k *keeper) save(name string) (string, error) {
	if k.env.Store == nil || k.level.File == "" {
		return "", errNoSave
	}
	r := k.record()
	r.Saved = time.Now().UTC().Format(time.RFC3339)
	r.View = &match.SavedView{X: k.cam.X, Y: k.cam.Y, Zoom: k.cam.Zoom, Selected: k.selected}
	if err := k.env.Store.Put(name, r); err != nil {
		return "", err
	}
	return k.env.Store.Where(name), nil
}

// autosave keeps the battle as the turn begins, for Continue.
func (k *keeper) autosave() {
	if _, err := k.save("saves/autosave"); err != nil && err != errNoSave {
		k.hud.Toast("Autosave failed: " + err.Error())
	}
}

// keepReplay keeps the battle as a replay in the env's store, named for
// the day, the time and the level, and returns where ("" when none is
// kept: no store, or a battle that is not on a level). A failure says so.
func (k *keeper) keepReplay() string {
	if k.env.Store == nil || k.level.File == "" {
		return ""
	}
	name := "replays/" + time.Now().Format("2006-01-02-150405") + "-" + slug(k.name)
	if err := k.env.Store.Put(name, k.record()); err != nil {
		return "not kept: " + err.Error()
	}
	return k.env.Store.Where(name)
}

// record is the battle so far as a replay.
func (k *keeper) record() *match.Replay {
	r := k.m.Record(k.level, k.turns.sides())
	r.Campaign = k.campaign
	return r
}

// slug turns a level name into a file name part.
func slug(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return '-'
	}, name)
}

func itoa(n int) string { return strconv.Itoa(n) }

// errNoSave: the battle is not on a level, or no store keeps saves.
var errNoSave = errors.New("this battle cannot be saved")
