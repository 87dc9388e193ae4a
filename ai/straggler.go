package ai

import (
	"sightline/match"
	"sightline/rules"
)

// handsExtract reports whether felling enemy t would hand the enemy its
// extraction, by what v's side knows. The enemy must have every living
// unit in its zone at the end of one of its turns (rules.GoalExtract),
// so t standing outside it may be all that keeps the rest from winning.
// It does, while the enemy may still extract on its next turn and t
// stands outside the zone, when the rest of the enemy the side has not
// seen fall:
//   - stand in the zone, as last seen: they win as their turn ends;
//   - stand within one move action of it, and t farther: they walk in,
//     where t, spared, must still cross the ground;
//   - can all walk into it in the turns left before the deadline, and t
//     could not.
//
// Distances are walks on open floor (a diagonal step costs one and a
// half); a contact seen earlier may have walked a whole turn closer for
// each turn since, and an enemy never seen may be anywhere, so then the
// fall hands nothing.
func handsExtract(s *rules.State, v *match.View, t *rules.Unit) bool {
	if v == nil || t.Side == v.Side {
		return false
	}
	next := v.Turn // the enemy's next turn: Blue moves first in a turn
	if v.Side == rules.SideRed {
		next++
	}
	for _, o := range v.Objectives {
		if o.Side != t.Side || o.Goal != rules.GoalExtract || (o.Turns > 0 && next > o.Turns) {
			continue
		}
		if o.Zone.Contains(t.Pos) {
			return false
		}
		left := 1 << 20 // the enemy's turns left to extract in
		if o.Turns > 0 {
			left = o.Turns - next + 1
		}
		gathered := true // the rest stand in the zone
		near := true     // the rest stand a move from it
		late := 0        // the turns the last of the rest needs to gather
		for _, e := range s.Units {
			if e.Side != t.Side || e.ID == t.ID {
				continue
			}
			pos, age, ok := whereLast(v, e.ID)
			if !ok {
				return false // never seen: it may be anywhere
			}
			if age < 0 {
				continue // seen to fall
			}
			gathered = gathered && o.Zone.Contains(pos)
			// A turn's walk closer for each turn since it was seen.
			d := max(zoneSteps(pos, o.Zone)-walkTurn(e)*age, 0)
			near = near && d <= walkMove(e)
			late = max(late, turnsTo(e, d))
		}
		d := zoneSteps(t.Pos, o.Zone)
		return gathered || (near && d > walkMove(t)) || (late <= left && turnsTo(t, d) > left)
	}
	return false
}

// whereLast returns where v's side last saw enemy id and how many turns
// ago (-1: it saw it fall); false when it never saw it.
func whereLast(v *match.View, id int) (rules.Point, int, bool) {
	if u := v.Unit(id); u != nil {
		return u.Pos, 0, true
	}
	for _, c := range v.Contacts {
		if c.Unit != id {
			continue
		}
		if !c.Alive {
			return rules.Point{}, -1, true
		}
		return c.Pos, max(v.Turn-c.Turn, 0), true
	}
	return rules.Point{}, 0, false
}

// zoneSteps is the cost in half tiles of walking from p to the nearest
// tile of z on open floor: a step 2, a diagonal step 3 (rules.Reach).
func zoneSteps(p rules.Point, z rules.Rect) int {
	dx := max(z.Min.X-p.X, p.X-(z.Max.X-1), 0)
	dy := max(z.Min.Y-p.Y, p.Y-(z.Max.Y-1), 0)
	return 2*max(dx, dy) + min(dx, dy)
}

// walkMove is how far unit u walks with one move action, in half tiles.
func walkMove(u *rules.Unit) int { return 2 * max(u.Speed, 1) }

// walkTurn is how far unit u walks in a turn, every AP spent on moving,
// in half tiles.
func walkTurn(u *rules.Unit) int { return walkMove(u) * max(u.MaxAP, 1) }

// turnsTo is how many turns unit u needs to walk d half tiles.
func turnsTo(u *rules.Unit, d int) int { return (d + walkTurn(u) - 1) / walkTurn(u) }
