package scenes

import (
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
	if b.hud.EndTurn.Contains(b.uiPoint(x, y)) {
		return rules.EndTurn{}
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
		return rules.Move{Unit: sel.ID, To: p}
	}
	return nil
}
