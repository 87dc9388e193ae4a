package sight

import "math"

// InCone reports whether point p lies within degrees (the cone's full
// width) of the direction axis seen from c; c itself is in every cone.
func InCone(c, axis Vec, degrees float64, p Vec) bool {
	d := p.Sub(c)
	l := d.Len()
	return l == 0 || d.Dot(axis)/(l*axis.Len()) >= Cos(degrees/2*math.Pi/180)-1e-12
}

// WatchCone fills f with the tiles of u's field of view within radius
// tiles whose centres lie in the cone of degrees around axis from the
// centre of u's space (InCone): an overwatch zone. u's own tiles are
// always in it, and since it is part of the field of view, a watcher never
// fires at what it cannot see. f lists no units.
func (x *Query) WatchCone(u Body, axis Vec, degrees float64, radius int, f *FOV) {
	x.FieldOfView(u, radius, f)
	g := &x.grid
	c := g.SpaceCenter(u.Pos, u.Size)
	for y := 0; y < f.Height; y++ {
		for xx := 0; xx < f.Width; xx++ {
			p := Point{X: xx, Y: y}
			if f.Seen(p) && !u.Occupies(p) && !InCone(c, axis, degrees, g.SpaceCenter(p, 1)) {
				i := y*f.Width + xx
				f.bits[i>>6] &^= 1 << (i & 63)
			}
		}
	}
}
