package rules

import "sightline/rules/sight"

// Lookout is an attacker's field of view, taken once to settle at a
// glance the first question of many of its shots' forecasts, line of
// sight: a standing 1×1 target that does not lean, within the lookout's
// radius, on a tile the attacker does not see, is one it has no shot at
// (ForecastShot is false; the field of view holds exactly the tiles such
// a target is seen on). It holds for the attacker as it stood when it
// was taken, on the board as it then was. The zero Lookout settles
// nothing.
type Lookout struct {
	fov    *FOV
	grid   *sight.Grid
	at     body
	radius int
}

// Lookout returns a's lookout over radius tiles (0: the whole board). It
// settles nothing when a leans, fights hand to hand, or stands in Full
// cover, from which it would peek: its shots may then see from other
// tiles than its own.
func (s *State) Lookout(a *Unit, radius int) Lookout {
	if a.Status.Lean != LeanNone || s.wielded(a).Melee {
		return Lookout{}
	}
	if g, _ := oracleArea(s, a, a.Pos, a.Stance); g == CoverFull {
		return Lookout{}
	}
	f := &FOV{}
	s.fovTilesInto(bodyOf(a), radius, f)
	return Lookout{fov: f, grid: s.Board.grid(), at: bodyOf(a), radius: radius}
}

// Blind reports whether the lookout's attacker surely has no shot at t:
// t stands, 1×1 and not leaning, on a tile of the board within the
// radius that the attacker does not see. False says nothing.
func (l Lookout) Blind(t *Unit) bool {
	if l.fov == nil || t.Size != 1 || t.Stance != Standing || t.Status.Lean != LeanNone {
		return false
	}
	if !l.grid.InBounds(t.Pos) || !sight.InRadius(l.grid, l.at, t.Pos, 1, l.radius) {
		return false
	}
	return !l.fov.Seen(t.Pos)
}
