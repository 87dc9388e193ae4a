package scenes

import (
	"fmt"
	"strings"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// playerCommand turns the player's clicks and keys into a command:
// clicking one of the side's units selects it, clicking a tile moves the
// selected unit there, E/Enter or the End Turn button ends the turn, Tab
// cycles units, a right click deselects. It returns nil when the intents
// give no command.
func (b *Battle) playerCommand(in []systems.Intent) rules.Command {
	if cmd, used := b.actionInput(in); used {
		return cmd
	}
	for _, it := range in {
		switch it.Kind {
		case systems.IntentEndTurn, systems.IntentConfirm:
			return b.endTurn()
		case systems.IntentCycle:
			b.CycleSelection()
		case systems.IntentCancel:
			b.Select(0)
		case systems.IntentClick:
			if cmd := humanClick(b, it.X, it.Y); cmd != nil {
				return cmd
			}
		}
	}
	return nil
}

func humanClick(b *Battle, x, y float64) rules.Command {
	if b.hud.EndTurn.Contains(b.uiPoint(x, y)) {
		return b.endTurn()
	}
	if b.hudCovers(x, y) {
		return nil
	}
	p, ok := b.TileAt(x, y)
	if !ok {
		return nil
	}
	s := b.State()
	// An enemy the fog hides is not there as far as the player knows.
	if u := s.UnitAt(p); u != nil && (u.Side == s.Side || b.knows(u.ID)) {
		if u.Side == s.Side {
			b.Select(u.ID)
		} else if b.Selected() == nil {
			b.hud.Toast(u.Name + " belongs to " + u.Side.String())
		}
		return nil
	}
	if sel := b.Selected(); sel != nil {
		return actions.Move.Command(s, sel.ID, actions.Target{Tile: p})
	}
	return nil
}

// endTurn returns EndTurn, except that the first time a turn is ended
// while units of the side could still act, it asks instead: a toast names
// them and the End Turn button reads END ANYWAY until the turn changes.
func (b *Battle) endTurn() rules.Command {
	key := [2]int{b.state.Turn, int(b.state.Side) + 1}
	if b.ui.endAsked == key {
		return rules.EndTurn{}
	}
	idle := b.idleUnits()
	if len(idle) == 0 {
		return rules.EndTurn{}
	}
	b.ui.endAsked = key
	b.hud.Toast(fmt.Sprintf("%s can still act. End Turn again to end the turn.", joinNames(idle)))
	return nil
}

// idleUnits returns the side to move's living units with AP left that
// could still move or attack.
func (b *Battle) idleUnits() []string {
	var out []string
	for _, u := range b.state.Units {
		if u.Side != b.state.Side || !u.Alive() || u.AP <= 0 {
			continue
		}
		if actions.Move.Check(b.state, u.ID, b.knows) == nil || actions.Attack.Check(b.state, u.ID, b.knows) == nil {
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
