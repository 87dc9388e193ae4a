package scenes

import (
	"fmt"
	"strings"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// controls turns the player's clicks and keys into commands (one job:
// the player's orders): the action keys and buttons, clicks on the map,
// a targeting mode's clicks, End Turn (asking once while units could
// still act), Undo and the selection keys. The action layer (actionUI)
// says what the bar and the modes allow; a tap's preview goes through
// battleTouch.
type controls struct {
	*stage
	ui    *actionUI
	touch *battleTouch
	// pick changes the selection (the Battle).
	pick interface {
		Select(id int)
		CycleSelection()
	}
}

// actionInput handles the action layer's intents: hotkeys, L, clicks on
// the bar, clicks in a targeting mode, and a right click that leaves a
// mode. It returns a command to apply and whether it used the intents
// (then the default controls ignore them).
func (c *controls) actionInput(in []systems.Intent) (rules.Command, bool) {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentUndo:
			c.undo()
			return nil, true
		case systems.IntentKey:
			k := systems.KeyOf(it)
			if k == 'l' {
				c.ui.logPanel.Toggle()
				return nil, true
			}
			if id, ok := actions.ForKey(k); ok && id != actions.EndTurn {
				return c.ui.chooseAction(id), true
			}
		case systems.IntentCancel:
			if c.ui.cancelMode() {
				return nil, true
			}
		case systems.IntentClick:
			ux, uy := c.lay.point(it.X, it.Y)
			if c.ui.undo.Contains(ux, uy) {
				c.undo()
				return nil, true
			}
			if id, ok := c.ui.bar.At(ux, uy); ok {
				return c.ui.chooseAction(id), true
			}
			if c.ui.logPanel.Covers(ux, uy) {
				if it.Touch {
					c.ui.logPanel.Toggle() // a tap on the log is L
				}
				return nil, true
			}
			if it.Touch && !c.touch.acts(it.X, it.Y) {
				return nil, true // the first tap only previews (battle_touch.go)
			}
			if c.mode != actions.Move {
				return c.targetClick(it.X, it.Y), true
			}
		}
	}
	return nil, false
}

// targetClick turns a click in a targeting mode into the mode's command:
// an enemy (or a piece of cover, for Attack), a cone point or an area.
func (c *controls) targetClick(x, y float64) rules.Command {
	sel := c.state.Unit(c.selected)
	if sel == nil || c.hud.Covers(c.lay.point(x, y)) {
		return nil
	}
	p, ok := c.mapView.TileAt(x, y)
	if !ok {
		return nil
	}
	// An enemy the fog hides is not there as far as the player knows: the
	// click falls to the cover or to the plain hint, so no rules reason
	// can name it.
	mode := c.mode
	if t, ok := mode.TargetAt(c.state, sel.ID, p, c.fog.Knows); ok {
		return mode.Command(c.state, sel.ID, t)
	}
	if mode.Spec().Takes == actions.TargetUnit {
		c.hud.Toast(mode.Miss())
	}
	return nil
}

// command turns the player's clicks and keys into a command:
// clicking one of the side's units selects it, clicking a tile moves the
// selected unit there, E/Enter or the End Turn button ends the turn, Tab
// cycles units, a right click deselects. It returns nil when the intents
// give no command.
func (c *controls) command(in []systems.Intent) rules.Command {
	if cmd, used := c.actionInput(in); used {
		return cmd
	}
	for _, it := range in {
		switch it.Kind {
		case systems.IntentEndTurn, systems.IntentConfirm:
			return c.endTurn()
		case systems.IntentCycle:
			c.pick.CycleSelection()
		case systems.IntentCancel:
			c.pick.Select(0)
		case systems.IntentClick:
			if cmd := c.click(it.X, it.Y); cmd != nil {
				return cmd
			}
		}
	}
	return nil
}

// click turns a click at screen point (x, y) outside the action layer
// into a command: End Turn, a move of the selected unit to the tile, or
// none (a unit of the side clicked is selected).
func (c *controls) click(x, y float64) rules.Command {
	if c.hud.EndTurn.Contains(c.lay.point(x, y)) {
		return c.endTurn()
	}
	if c.hud.Covers(c.lay.point(x, y)) {
		return nil
	}
	p, ok := c.mapView.TileAt(x, y)
	if !ok {
		return nil
	}
	s := c.state
	// An enemy the fog hides is not there as far as the player knows.
	if u := s.UnitAt(p); u != nil && (u.Side == s.Side || c.fog.Knows(u.ID)) {
		if u.Side == s.Side {
			c.pick.Select(u.ID)
		} else if c.selected == 0 {
			c.hud.Toast(u.Name + " belongs to " + u.Side.String())
		}
		return nil
	}
	if sel := s.Unit(c.selected); sel != nil {
		return actions.Move.Command(s, sel.ID, actions.Target{Tile: p})
	}
	return nil
}

// endTurn returns EndTurn, except that the first time a turn is ended
// while units of the side could still act, it asks instead: a toast names
// them and the End Turn button reads END ANYWAY until the turn changes.
func (c *controls) endTurn() rules.Command {
	key := [2]int{c.state.Turn, int(c.state.Side) + 1}
	if c.ui.endAsked == key {
		return rules.EndTurn{}
	}
	idle := c.idleUnits()
	if len(idle) == 0 {
		return rules.EndTurn{}
	}
	c.ui.endAsked = key
	c.hud.Toast(fmt.Sprintf("%s can still act. End Turn again to end the turn.", joinNames(idle)))
	return nil
}

// idleUnits returns the side to move's living units with AP left that
// could still move or attack.
func (c *controls) idleUnits() []string {
	var out []string
	for _, u := range c.state.Units {
		if u.Side != c.state.Side || !u.Alive() || u.AP <= 0 {
			continue
		}
		if actions.Move.Check(c.state, u.ID, c.fog.Knows) == nil || actions.Attack.Check(c.state, u.ID, c.fog.Knows) == nil {
			out = append(out, u.Name)
		}
	}
	return out
}

// joinNames lists names as a player reads them: "Ash", "Ash and Elm",
// "Ash, Elm and Oak".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// undo takes back the side's last command when the match allows it (see
// match.Undo), or says why not. The units, the fog and the plans follow
// the match at once; the log notes it.
func (c *controls) undo() {
	if c.playback.Busy() {
		return
	}
	cmd, err := c.m.Undo()
	if err != nil {
		msg := err.Error()
		c.hud.Toast(strings.ToUpper(msg[:1]) + msg[1:])
		return
	}
	c.version++
	c.world.Sync(c.state)
	c.ui.roster.Note(c.state)
	c.ui.log.Note(c.state.Side, "(undone: "+cmd.CommandName()+")")
	c.hud.Toast("Undone: " + strings.ReplaceAll(cmd.CommandName(), "_", " "))
	c.ui.cancelMode()
}
