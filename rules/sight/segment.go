package sight

import "math"

// Tolerances of the exact tests, in pixels and bricks. Tile corners are
// whole pixels, so on tile-aligned maps every quantity below is computed
// exactly and the tolerances only matter for free-form Tiled shapes.
const (
	epsPx     = 1e-7 // a distance this small is zero (touching)
	epsHeight = 1e-9 // a line this close to an obstacle's top grazes it
)

// seg is one 2.5D segment under test: from p0 at height z0 to p0+d at
// height z0+dz (heights in bricks, positions in pixels).
type seg struct {
	p0, d  Vec
	z0, dz float64
	length float64
}

func newSeg(from Vec, fromZ float64, to Vec, toZ float64) seg {
	d := to.Sub(from)
	return seg{p0: from, d: d, z0: fromZ, dz: toZ - fromZ, length: math.Sqrt(d.Len2())}
}

// minHeight returns the lowest height of the segment over [t0, t1].
func (s *seg) minHeight(t0, t1 float64) float64 {
	if s.dz < 0 {
		return s.z0 + float64(t1*s.dz)
	}
	return s.z0 + float64(t0*s.dz)
}

// interval returns the parameters [t0, t1] (0 <= t0 < t1 <= 1) of the part
// of the segment inside the closed part, when that part has positive length.
// onEdge is true when that overlap lies on the part's boundary (the segment
// runs along edge normal n): it touches the part without entering it.
// Touching at a single point is no overlap at all.
func (s *seg) interval(p *part) (t0, t1 float64, onEdge bool, n Vec, ok bool) {
	if p.circle {
		f := s.p0.Sub(p.center)
		a := s.d.Len2()
		if a == 0 {
			return 0, 0, false, Vec{}, false
		}
		b := f.Dot(s.d)
		c := f.Len2() - float64(p.r*p.r)
		disc := float64(b*b) - float64(a*c)
		if disc <= 0 {
			return 0, 0, false, Vec{}, false
		}
		sq := math.Sqrt(disc)
		t0, t1 = math.Max((-b-sq)/a, 0), math.Min((-b+sq)/a, 1)
		if (t1-t0)*s.length <= epsPx {
			return 0, 0, false, Vec{}, false
		}
		return t0, t1, false, Vec{}, true
	}
	t0, t1 = 0, 1
	edge := -1
	for i, nv := range p.norms {
		num := p.offs[i] - nv.Dot(s.p0) // >= 0: p0 inside this edge's half-plane
		den := nv.Dot(s.d)
		if math.Abs(den) <= 1e-12*s.length {
			if num < -epsPx {
				return 0, 0, false, Vec{}, false
			}
			if num <= epsPx {
				edge = i
			}
			continue
		}
		t := num / den
		if den > 0 {
			if t < t1 {
				t1 = t
			}
		} else if t > t0 {
			t0 = t
		}
		if (t1-t0)*s.length <= epsPx {
			return 0, 0, false, Vec{}, false
		}
	}
	if edge >= 0 {
		return t0, t1, true, p.norms[edge], true
	}
	return t0, t1, false, Vec{}, true
}

// seamRec is a stretch [t0, t1] of the segment lying on an edge (outward
// normal n) of part p.
type seamRec struct {
	p      *part
	n      Vec
	t0, t1 float64
}

// seamBlocks records that the segment runs along an edge of p over [t0, t1]
// and reports whether, over a common stretch of positive length, another
// recorded part lies on the opposite side of the same line with both parts
// taller than the segment there. Two solids meeting along the line leave no
// gap, so the segment passes through their union even though it enters
// neither: this is what stops lines leaking along the seam between two
// adjacent wall tiles or along the internal cut of a concave polygon.
func (x *Query) seamBlocks(s *seg, p *part, n Vec, t0, t1 float64) bool {
	if x.onBoardEdge(s, n) && (t1-t0)*s.length > epsPx && p.top > s.minHeight(t0, t1)+epsHeight {
		// Beyond the board's edge is solid: a line along the edge cannot
		// slip past a wall that stands against it.
		return true
	}
	for _, r := range x.seams {
		if r.p == p || r.n.Dot(n) > -0.999999 {
			continue
		}
		a, b := math.Max(t0, r.t0), math.Min(t1, r.t1)
		if (b-a)*s.length <= epsPx {
			continue
		}
		if math.Min(p.top, r.p.top) > s.minHeight(a, b)+epsHeight {
			return true
		}
	}
	x.seams = append(x.seams, seamRec{p: p, n: n, t0: t0, t1: t1})
	return false
}

// blocks reports whether part p stops segment s: the segment passes through
// the part's interior somewhere the part's top is above the segment, or
// runs along a seam between p and an equally tall neighbour.
func (x *Query) blocks(s *seg, p *part) bool {
	t0, t1, onEdge, n, ok := s.interval(p)
	if !ok {
		return false
	}
	if onEdge {
		return x.seamBlocks(s, p, n, t0, t1)
	}
	return p.top > s.minHeight(t0, t1)+epsHeight
}

// onBoardEdge reports whether s lies on the board's boundary with the
// outward normal n of an obstacle edge pointing out of the board.
func (x *Query) onBoardEdge(s *seg, n Vec) bool {
	w, h := float64(float64(x.grid.Width)*x.ts), float64(float64(x.grid.Height)*x.ts)
	switch {
	case n.Y < -0.999999:
		return math.Abs(s.p0.Y) <= epsPx
	case n.Y > 0.999999:
		return math.Abs(s.p0.Y-h) <= epsPx
	case n.X < -0.999999:
		return math.Abs(s.p0.X) <= epsPx
	case n.X > 0.999999:
		return math.Abs(s.p0.X-w) <= epsPx
	}
	return false
}
