package scenes

import (
	"strconv"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// battleTouch is the battle's side of touch input. A finger has no
// hover, so a tap that would give an order on the map (move the selected
// unit there, or aim the chosen action at it) first only previews it: the
// tapped tile becomes the hovered one, showing the path and its cost or
// the hit panel, and is armed; a second tap on the armed tile gives the
// order, as a click would. Taps on buttons and on units to select act at
// once.
type battleTouch struct {
	on      bool   // a finger was the last pointer: the HUD and hints name the touch controls
	armed   tapArm // the tile the last previewing tap armed
	armedOK bool
}

// tapArm is what a previewing tap armed: its tile, for the selection, the
// action mode and the state it was made in. Any of them changing disarms
// it.
type tapArm struct {
	tile    rules.Point
	unit    int
	mode    actions.ID
	version int
}

// noteTouch follows which pointer was used last: a tap (marked Touch)
// or the mouse (a Hover or Click not marked).
func (b *Battle) noteTouch(in []systems.Intent) {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentHover, systems.IntentClick, systems.IntentDrag:
			b.touch.on = it.Touch
		}
	}
}

// TouchMode reports whether the battle shows the touch controls: a
// finger was the last pointer used.
func (b *Battle) TouchMode() bool { return b.touch.on }

// menuTapped reports whether in holds a tap on the HUD's Menu button,
// which only touch shows.
func (b *Battle) menuTapped(in []systems.Intent) bool {
	for _, it := range in {
		if it.Kind == systems.IntentClick && it.Touch && b.hud.Menu.Contains(it.X, it.Y) {
			return true
		}
	}
	return false
}

// tapActs reports whether a tap at (x, y) acts now, as a click. A tap on
// a tile where a click would give an order (see tapPreviews) acts only
// when that tile was armed by the tap before; otherwise it arms the tile
// and reports false, leaving the tap's hover to preview the order.
func (b *Battle) tapActs(x, y float64) bool {
	if b.hudCovers(x, y) || b.actionsCover(x, y) {
		return true
	}
	p, ok := b.TileAt(x, y)
	if !ok || !b.tapPreviews(p) {
		b.touch.armedOK = false
		return true
	}
	arm := tapArm{tile: p, unit: b.selected, mode: b.ui.mode, version: b.version}
	if b.touch.armedOK && b.touch.armed == arm {
		b.touch.armedOK = false
		return true
	}
	b.touch.armed, b.touch.armedOK = arm, true
	return false
}

// tapPreviews reports whether a click on tile p would give an order that
// a first tap only previews: any tile in an aiming mode, or, in Move
// with a unit selected, a tile with no unit the player knows of (there a
// click moves; on a unit it selects or names it).
func (b *Battle) tapPreviews(p rules.Point) bool {
	sel := b.Selected()
	if sel == nil {
		return false
	}
	if b.ui.mode != actions.Move {
		return true
	}
	s := b.state
	u := s.UnitAt(p)
	return u == nil || (u.Side != s.Side && !b.knows(u.ID))
}

// Armed returns the tile a previewing tap armed, which a second tap on it
// confirms, and whether there is one.
func (b *Battle) Armed() (rules.Point, bool) {
	a := b.touch.armed
	ok := b.touch.armedOK && a.unit == b.selected && a.mode == b.ui.mode && a.version == b.version
	return a.tile, ok
}

// touchHint returns the HUD's help line for touch, in the cases where it
// differs from the mouse's ("": keep the mouse's).
func (b *Battle) touchHint(info systems.HUDInfo) string {
	switch {
	case b.watch != nil:
		return ""
	case info.Busy:
		return "Playing…   tap: skip"
	case info.Computer:
		return "The computer is playing " + b.state.Side.String()
	case info.Selected == nil:
		return "Tap one of your units"
	case info.Selected.AP <= 0:
		return ""
	}
	if _, ok := b.Armed(); ok {
		return "Tap the same tile again to confirm, or another to look there"
	}
	return "Tap a lit tile to see the path, tap it again to move"
}

// touchKeys returns the buttons the HUD shows a finger for the controls
// that otherwise need a key: in a replay, pause or play, step, speed and
// view; on the player's turn, the next unit (Tab) and, with a unit
// selected, leaving the aiming mode or the selection (a right click);
// and the computer's reasons (Y) when it has given some.
func (b *Battle) touchKeys() []systems.TouchKey {
	var keys []systems.TouchKey
	key := func(label string, it systems.Intent) {
		keys = append(keys, systems.TouchKey{Label: label, Intent: it})
	}
	switch w := b.watch; {
	case w != nil:
		if w.paused {
			key("PLAY", systems.Intent{Kind: systems.IntentSkip})
		} else {
			key("PAUSE", systems.Intent{Kind: systems.IntentSkip})
		}
		key("STEP", systems.KeyIntent('n'))
		next := (w.speed + 1) % len(watchSpeeds)
		key(strconv.Itoa(int(watchSpeeds[w.speed].fx))+"x", systems.KeyIntent(rune('1'+next)))
		key("VIEW", systems.KeyIntent('v'))
	case b.players[b.state.Side] == Human:
		key("NEXT", systems.Intent{Kind: systems.IntentCycle})
		switch {
		case b.Selected() != nil && b.ui.mode != actions.Move:
			key("CANCEL", systems.Intent{Kind: systems.IntentCancel})
		case b.Selected() != nil:
			key("DESELECT", systems.Intent{Kind: systems.IntentCancel})
		}
	}
	if b.why != nil || b.watch != nil {
		if b.whyOn {
			key("HIDE WHY", systems.KeyIntent('y'))
		} else {
			key("WHY", systems.KeyIntent('y'))
		}
	}
	return keys
}

// touchKeyTaps returns in with each tap on a touch key's button (see
// touchKeys) given as that key's intent instead, and true, or in and
// false when no tap was on one; ui is in at the interface's scale, where
// the buttons are. It copies in before it changes it.
func (b *Battle) touchKeyTaps(in, ui []systems.Intent) ([]systems.Intent, bool) {
	var keys []systems.TouchKey
	copied := false
	for i, it := range ui {
		if it.Kind != systems.IntentClick || !it.Touch {
			continue
		}
		if keys == nil {
			keys = b.touchKeys()
		}
		k, ok := b.hud.TouchKeyAt(keys, it.X, it.Y)
		if !ok {
			continue
		}
		if !copied {
			in, copied = append([]systems.Intent(nil), in...), true
		}
		k.Touch = true
		in[i] = k
	}
	return in, copied
}
