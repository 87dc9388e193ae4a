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
