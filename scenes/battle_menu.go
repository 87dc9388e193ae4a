package scenes

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// The battle's menus: the pause menu Esc opens, and the confirmation of
// Quit.
const (
	menuPause = iota + 1
	menuQuit
)

// battleMenu is the menu open over the battle (kind 0: none).
type battleMenu struct {
	kind int
	menu systems.Menu
}

// openMenu opens one of the battle's menus.
func (b *Battle) openMenu(kind int) {
	b.menu.kind = kind
	switch kind {
	case menuPause:
		canSave := b.env.Store != nil && b.level.File != ""
		save := systems.MenuItem{Label: "Save", Disabled: !canSave}
		if !canSave {
			save.Note = "this battle cannot be saved"
		}
		b.menu.menu = systems.Menu{Title: "Paused", Text: b.name + " · turn " + itoa(b.state.Turn) + ", " + b.state.Side.String() + " to move",
			Items: []systems.MenuItem{{Label: "Resume"}, save, {Label: "Load", Disabled: b.env.Store == nil}, {Label: "Settings"}, {Label: "Help"}, {Label: "Quit to menu"}}}
	case menuQuit:
		text := "The battle so far is lost."
		if b.env.Store != nil && b.level.File != "" {
			text = "The autosave keeps the battle as this turn began."
		}
		b.menu.menu = systems.Menu{Title: "Quit to the menu?", Text: text,
			Items: []systems.MenuItem{{Label: "Quit"}, {Label: "Keep playing"}}}
	}
}

// updateMenu runs the open menu; it reports whether one was open (the
// battle then takes no other input this frame).
func (b *Battle) updateMenu(m *Manager, in []systems.Intent) bool {
	if b.menu.kind == 0 {
		return false
	}
	uw, uh := b.uiSize()
	choice := b.menu.menu.Update(in, uw, uh)
	if choice >= 0 {
		b.env.Audio.Click()
	}
	switch b.menu.kind {
	case menuPause:
		switch choice {
		case 0, systems.MenuBack:
			b.menu.kind = 0
		case 1:
			b.menu.kind = 0
			if where, err := b.save("saves/" + time.Now().Format("2006-01-02-150405") + "-" + slug(b.name)); err != nil {
				b.hud.Toast("Not saved: " + err.Error())
			} else {
				b.hud.Toast("Saved: " + where)
			}
		case 2:
			b.menu.kind = 0
			m.GoTo(NewLoad(m.Env, b))
		case 3:
			m.GoTo(NewSettings(m.Env, b)) // back to this menu
		case 4:
			// The controls and rules card (F1), for a finger, which has
			// no F1: the card takes the next tap to close.
			b.menu.kind = 0
			b.help.on = true
		case 5:
			b.openMenu(menuQuit)
		}
	case menuQuit:
		switch choice {
		case 0:
			b.menu.kind = 0
			m.GoTo(NewTitle(m.Env))
		case 1, systems.MenuBack:
			b.openMenu(menuPause)
		}
	}
	return true
}

// drawMenu draws the open menu over the battle.
func (b *Battle) drawMenu(dst *ebiten.Image) {
	if b.menu.kind != 0 {
		b.menu.menu.Draw(dst, &b.ui.paint, b.env.Fonts)
	}
}

// save keeps the battle under name in the env's store: its replay, the
// camera and the selection. It returns where.
func (b *Battle) save(name string) (string, error) {
	if b.env.Store == nil || b.level.File == "" {
		return "", errNoSave
	}
	r := b.record()
	r.Saved = time.Now().UTC().Format(time.RFC3339)
	r.View = &match.SavedView{X: b.cam.X, Y: b.cam.Y, Zoom: b.cam.Zoom, Selected: b.selected}
	if err := b.env.Store.Put(name, r); err != nil {
		return "", err
	}
	return b.env.Store.Where(name), nil
}

// autosave keeps the battle as the turn begins, for Continue.
func (b *Battle) autosave() {
	if _, err := b.save("saves/autosave"); err != nil && err != errNoSave {
		b.hud.Toast("Autosave failed: " + err.Error())
	}
}

// sides names who controls each side, for replays.
func (b *Battle) sides() [2]string {
	var sides [2]string
	for side := range sides {
		switch {
		case b.players[side] == Computer:
			sides[side] = playerName(Computer, b.profile.Name)
		case b.inbox[side] != nil:
			sides[side] = playerName(Human, "")
		default:
			sides[side] = "replay"
		}
	}
	return sides
}

// hotSeat reports whether both sides are played at this machine.
func (b *Battle) hotSeat() bool {
	return b.inbox[rules.SideBlue] != nil && b.inbox[rules.SideRed] != nil
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
