package rules

import "math"

// WatchCone returns the overwatch zone of unit u looking in direction dir:
// the tiles and units of its field of view within rangeTiles whose centres
// lie within angle degrees (the cone's full width) of dir, measured from the
// centre of u's space. The unit's own tiles are always in it. Since it is a
// subset of FieldOfView, overwatch never fires at what the unit cannot see.
func (s *State) WatchCone(u *Unit, dir Dir, angle float64, rangeTiles int) *FOV {
	b := s.Board
	f := s.FieldOfView(u, rangeTiles)
	step := dir.Step()
	ax := Vec{X: float64(step.X), Y: float64(step.Y)}
	ax = ax.Scale(1 / ax.Len())
	cosHalf := math.Cos(angle / 2 * math.Pi / 180)
	c := spaceCenter(b, u.Pos, u.Size)
	inCone := func(p Vec) bool {
		d := p.Sub(c)
		l := d.Len()
		return l == 0 || (d.X*ax.X+d.Y*ax.Y)/l >= cosHalf-1e-12
	}
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			p := Point{X: x, Y: y}
			if f.Seen(p) && !u.Occupies(p) && !inCone(b.TileCenter(p)) {
				i := y*f.Width + x
				f.bits[i>>6] &^= 1 << (i & 63)
			}
		}
	}
	units := f.Units[:0]
	for _, id := range f.Units {
		if v := s.Unit(id); v != nil && inCone(spaceCenter(b, v.Pos, v.Size)) {
			units = append(units, id)
		}
	}
	f.Units = units
	return f
}
