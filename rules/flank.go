package rules

import "sightline/rules/sight"

// canDive reports whether target, in cover yet open to attacker, could
// dive out of the attack (seed 004, Flanking: "When a unit is in cover and
// is being attacked from a direction where they cannot dive into cover or
// dive to prone out of line-of-sight of an attack they are flanked"; "A
// unit can dive over low cover or around a corner and if they can do this
// they are not considered flanked"). It tries the target prone where it
// is, prone on each tile next to it (around a corner; a diagonal may not
// cut a blocked corner), and prone on the far side of very-low or low
// cover it touches (over the cover); a spot counts when the attacker would
// not see it there or it would have at least Half cover. Units in the way
// do not count: "that unit can be moved enough to make room". x is the
// caller's query and others the bodies that may give cover.
func (s *State) canDive(x *sight.Query, attacker, target body, others []body) bool {
	b := s.Board
	try := func(p Point) bool {
		t := target
		t.Pos, t.Stance = p, Prone
		c := x.Cover(attacker, t, others, sight.LoSUnknown)
		return !c.LoS || c.Grade >= CoverHalf
	}
	if try(target.Pos) {
		return true
	}
	for d := North; d <= NorthWest; d++ {
		step := d.Step()
		p := target.Pos.Add(step)
		if !s.standable(x, target, p) {
			continue
		}
		if step.X != 0 && step.Y != 0 && (!s.standable(x, target, Point{X: p.X, Y: target.Pos.Y}) || !s.standable(x, target, Point{X: target.Pos.X, Y: p.Y})) {
			continue
		}
		if try(p) {
			return true
		}
	}
	n := max(target.Size, 1)
	floor := floorAt(b, target.Pos)
	for d := North; d <= NorthWest; d += 2 {
		step := d.Step()
		land := target.Pos.Add(Point{X: step.X * (n + 1), Y: step.Y * (n + 1)})
		if s.lowBand(x, target, step, floor) && s.standable(x, target, land) && try(land) {
			return true
		}
	}
	return false
}

// standable reports whether a body like u could lie at p: every tile of
// its space on the board, walkable and not filled by an obstacle (units
// aside).
func (s *State) standable(x *sight.Query, u body, p Point) bool {
	n := max(u.Size, 1)
	for dy := 0; dy < n; dy++ {
		for dx := 0; dx < n; dx++ {
			if !s.Board.passableIn(x, Point{X: p.X + dx, Y: p.Y + dy}) {
				return false
			}
		}
	}
	return true
}

// lowBand reports whether the band of tiles next to u's space in direction
// step is filled only by very-low or low cover (no taller than HeightLow
// above floor, per tile of u's side), with some cover in it: cover u can
// dive over.
func (s *State) lowBand(x *sight.Query, u body, step Point, floor int) bool {
	n := max(u.Size, 1)
	var buf [4]int
	var tiles [4]Point
	some := false
	for _, t := range sideBand(u.Pos, n, step, tiles[:0]) {
		if !s.Board.InBounds(t) || s.Board.Tile(t).Cost <= 0 {
			return false
		}
		for _, id := range x.FilledBy(t, buf[:0]) {
			o := s.Board.Obstacle(id)
			if o == nil || (o.Base+o.Height-floor) > HeightLow*n {
				return false
			}
			some = true
		}
	}
	return some
}
