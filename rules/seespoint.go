package rules

import "sightline/rules/sight"

// SeesPoint reports whether unit a, as it stands (rested, not leaning),
// has a clear line of sight from some grid intersection of its space, at
// its eye height (Board.EyeHeight), to grid intersection p (in tiles) at
// height z bricks. LineOfSight(a, b) walks exactly these lines to every
// intersection of b's space at b's eye height, and is false when every
// one of them is blocked: a planner that asks many targets sharing
// intersections asks each line once.
func (s *State) SeesPoint(a *Unit, p Point, z float64) bool {
	x := s.Board.query()
	defer x.Done()
	g := s.Board.grid()
	ra := x.Rested(bodyOf(a))
	za := g.EyeOf(ra)
	var ca [sight.MaxCorners]Vec
	n := g.CornersInto(ra.Pos, ra.Size, &ca)
	ts := float64(g.TileSize)
	to := Vec{X: float64(float64(p.X) * ts), Y: float64(float64(p.Y) * ts)}
	for i := range n {
		if x.LineClear(ca[i], za, to, z, sight.BlockSight) {
			return true
		}
	}
	return false
}
