package scenes

import (
	"sightline/rules"
	"sightline/systems"
)

// Source is where a side's commands come from. A human at the controls is
// one; an AI or a replay can be another, and the battle treats them alike.
type Source interface {
	// Next looks at the battle and this frame's intents and returns the
	// side's next command, or nil when it has none this frame.
	Next(b *Battle, in []systems.Intent) rules.Command
}

// Human turns a player's clicks and keys into commands: clicking one of
// the side's units selects it, clicking a tile moves the selected unit
// there, E/Enter or the End Turn button ends the turn, Tab cycles units,
// a right click deselects.
type Human struct{}

// Next returns the command the player's intents ask for, or nil.
func (Human) Next(b *Battle, in []systems.Intent) rules.Command {
	if cmd, used := b.actionInput(in); used {
		return cmd
	}
	for _, it := range in {
		switch it.Kind {
		case systems.IntentEndTurn, systems.IntentConfirm:
			return rules.EndTurn{}
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
	if b.hud.EndTurn.Contains(x, y) {
		return rules.EndTurn{}
	}
	if b.hud.Covers(x, y) {
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
		return rules.Move{Unit: sel.ID, To: p}
	}
	return nil
}
