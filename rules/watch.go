package rules

import "sightline/rules/sight"

// WatchCone returns the overwatch zone of unit u looking in direction dir:
// the tiles and units of its field of view within rangeTiles whose centres
// lie within angle degrees (the cone's full width) of dir, measured from the
// centre of u's space. The unit's own tiles are always in it. Since it is a
// subset of FieldOfView, overwatch never fires at what the unit cannot see.
func (s *State) WatchCone(u *Unit, dir Dir, angle float64, rangeTiles int) *FOV {
	b := s.Board
	f := &FOV{}
	step := dir.Step()
	axis := Vec{X: float64(step.X), Y: float64(step.Y)}
	x := b.query()
	x.WatchCone(bodyOf(u), axis, angle, rangeTiles, f)
	x.Done()
	c := b.SpaceCenter(u)
	for _, v := range s.Units {
		if v != u && v.Alive() && sight.InRadius(b.grid(), bodyOf(u), v.Pos, v.Size, rangeTiles) &&
			sight.InCone(c, axis, angle, b.SpaceCenter(v)) && s.LineOfSight(u, v) {
			f.Units = append(f.Units, v.ID)
		}
	}
	return f
}

// WatchZone returns the tiles of the zone unit w holds looking in
// direction dir (overwatch, or covering fire with its shorter reach): the
// passable tiles, not its own, where a standing soldier would draw its
// fire, as the reaction decides it (the cone of angle degrees and
// rangeTiles, and the line of sight from w's eyes), in row order. It is
// the zone the player is shown, so it never promises a shot the rules
// would not take, nor hides one they would.
func (s *State) WatchZone(w *Unit, dir Dir, angle float64, rangeTiles int) []Point {
	b := s.Board
	pu := DefaultUnit(w.Side.Other(), Point{})
	probe := &pu
	probe.ID, probe.Size, probe.Stance = -1, 1, Standing
	var out []Point
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
			p := Point{X: x, Y: y}
			if w.Occupies(p) || !b.Passable(p) {
				continue
			}
			probe.Pos = p
			if oracleWatch(s, w, dir, angle, rangeTiles, probe) {
				out = append(out, p)
			}
		}
	}
	return out
}
