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
// once. (One job: touch input; stage.finger, which it owns, says a
// finger was the last pointer.)
type battleTouch struct {
	*stage
	// furniture says which screen points are on the action layer.
	furniture interface{ covers(x, y float64) bool }
	armed     tapArm // the tile the last previewing tap armed
	armedOK   bool
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

// note follows which pointer was used last: a tap (marked Touch)
// or the mouse (a Hover or Click not marked).
func (t *battleTouch) note(in []systems.Intent) {
	t.finger = t.env.notePointer(in)
}

// menuTapped reports whether in holds a tap on the HUD's Menu button,
// which only touch shows.
func (t *battleTouch) menuTapped(in []systems.Intent) bool {
	for _, it := range in {
		if it.Kind == systems.IntentClick && it.Touch && t.hud.Menu.Contains(it.X, it.Y) {
			return true
		}
	}
	return false
}

// acts reports whether a tap at (x, y) acts now, as a click. A tap on
// a tile where a click would give an order (see previews) acts only
// when that tile was armed by the tap before; otherwise it arms the tile
// and reports false, leaving the tap's hover to preview the order.
func (t *battleTouch) acts(x, y float64) bool {
	if t.hud.Covers(t.lay.point(x, y)) || t.furniture.covers(x, y) {
		return true
	}
	p, ok := t.mapView.TileAt(x, y)
	if !ok || !t.previews(p) {
		t.armedOK = false
		return true
	}
	arm := tapArm{tile: p, unit: t.selected, mode: t.mode, version: t.version}
	if t.armedOK && t.armed == arm {
		t.armedOK = false
		return true
	}
	t.armed, t.armedOK = arm, true
	return false
}

// previews reports whether a click on tile p would give an order that
// a first tap only previews: any tile in an aiming mode, or, in Move
// with a unit selected, a tile with no unit the player knows of (there a
// click moves; on a unit it selects or names it).
func (t *battleTouch) previews(p rules.Point) bool {
	if t.state.Unit(t.selected) == nil {
		return false
	}
	if t.mode != actions.Move {
		return true
	}
	s := t.state
	u := s.UnitAt(p)
	return u == nil || (u.Side != s.Side && !t.fog.Knows(u.ID))
}

// armedTile returns the tile a previewing tap armed, which a second tap
// on it confirms, and whether there is one (Battle.Armed).
func (t *battleTouch) armedTile() (rules.Point, bool) {
	a := t.armed
	ok := t.armedOK && a.unit == t.selected && a.mode == t.mode && a.version == t.version
	return a.tile, ok
}

// hint returns the HUD's help line for touch, in the cases where it
// differs from the mouse's ("": keep the mouse's).
func (t *battleTouch) hint(info systems.HUDInfo) string {
	switch {
	case t.watch != nil:
		return ""
	case info.Busy:
		return "Playing…   tap: skip"
	case info.Computer:
		return "The computer is playing " + t.state.Side.String()
	case info.Selected == nil:
		return "Tap one of your units"
	case info.Selected.AP <= 0:
		return ""
	}
	if _, ok := t.armedTile(); ok {
		return "Tap the same tile again to confirm, or another to look there"
	}
	return "Tap a lit tile to see the path, tap it again to move"
}

// The labels of the touch keys (battleTouch.keys); the help card names
// them by these (touchHelp), so the two cannot drift apart.
const (
	touchNext     = "NEXT"
	touchCancel   = "CANCEL"
	touchDeselect = "DESELECT"
	touchWhy      = "WHY"
	touchHideWhy  = "HIDE " + touchWhy
	touchPlay     = "PLAY"
	touchPause    = "PAUSE"
	touchStep     = "STEP"
	touchView     = "VIEW"
)

// keys returns the buttons the HUD shows a finger for the controls
// that otherwise need a key: in a replay, pause or play, step, speed and
// view; on the player's turn, the next unit (Tab) and, with a unit
// selected, leaving the aiming mode or the selection (a right click);
// and the computer's reasons (Y) when it has given some.
func (t *battleTouch) keys() []systems.TouchKey {
	var keys []systems.TouchKey
	key := func(label string, it systems.Intent) {
		keys = append(keys, systems.TouchKey{Label: label, Intent: it})
	}
	switch w := t.watch; {
	case w != nil:
		if w.paused {
			key(touchPlay, systems.Intent{Kind: systems.IntentSkip})
		} else {
			key(touchPause, systems.Intent{Kind: systems.IntentSkip})
		}
		key(touchStep, systems.KeyIntent('n'))
		next := (w.speed + 1) % len(watchSpeeds)
		key(strconv.Itoa(int(watchSpeeds[w.speed].fx))+"x", systems.KeyIntent(rune('1'+next)))
		key(touchView, systems.KeyIntent('v'))
	case t.players[t.state.Side] == Human:
		key(touchNext, systems.Intent{Kind: systems.IntentCycle})
		sel := t.state.Unit(t.selected)
		switch {
		case sel != nil && t.mode != actions.Move:
			key(touchCancel, systems.Intent{Kind: systems.IntentCancel})
		case sel != nil:
			key(touchDeselect, systems.Intent{Kind: systems.IntentCancel})
		}
	}
	if t.why != nil || t.watch != nil {
		if t.whyOn {
			key(touchHideWhy, systems.KeyIntent('y'))
		} else {
			key(touchWhy, systems.KeyIntent('y'))
		}
	}
	return keys
}

// keyTaps returns in with each tap on a touch key's button (see
// keys) given as that key's intent instead, and true, or in and
// false when no tap was on one; ui is in at the interface's scale, where
// the buttons are. It copies in before it changes it.
func (t *battleTouch) keyTaps(in, ui []systems.Intent) ([]systems.Intent, bool) {
	var keys []systems.TouchKey
	copied := false
	for i, it := range ui {
		if it.Kind != systems.IntentClick || !it.Touch {
			continue
		}
		if keys == nil {
			keys = t.keys()
		}
		k, ok := t.hud.TouchKeyAt(keys, it.X, it.Y)
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
