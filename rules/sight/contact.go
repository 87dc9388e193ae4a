package sight

import "math"

// ExposedReach is how far, in tiles around its space, a unit looks for a
// cover object before it counts as Exposed (seed 001): two tiles, the
// distance a unit can reach cover with a short dive or step.
const ExposedReach = 2

// contactDepth is the depth of the strip along each side of a unit's space
// that an obstacle must reach into to be in contact: a quarter tile. A
// thin fence on the tile edge and a full obstacle on the next tile are in
// contact; one that only touches a corner of the space diagonally is not.
const contactDepth = 0.25

// InCover reports whether u is in contact with some obstacle that can
// give it cover (tall enough to matter, blocks sight or effect, not more
// than one size category smaller than u): seed 004's "in cover".
func (x *Query) InCover(u Body) bool {
	min, max := x.contactBox(u)
	return x.nearParts(min, max, func(p *part) bool { return coverCounts(p, u) && x.partInContact(p, u) })
}

// Exposed reports whether no cover object at all lies within
// ExposedReach tiles of u's space (seed 001's Exposed).
func (x *Query) Exposed(u Body) bool {
	min, max := x.spaceBox(u.Pos, u.Size)
	r := ExposedReach * x.ts
	min, max = Vec{X: min.X - r, Y: min.Y - r}, Vec{X: max.X + r, Y: max.Y + r}
	return !x.nearParts(min, max, func(p *part) bool { return coverCounts(p, u) && partOverlapsBox(p, min, max) })
}

// contactBox returns u's space grown by the contact strips.
func (x *Query) contactBox(u Body) (min, max Vec) {
	min, max = x.spaceBox(u.Pos, u.Size)
	d := contactDepth * x.ts
	return Vec{X: min.X - d, Y: min.Y - d}, Vec{X: max.X + d, Y: max.Y + d}
}

// nearParts calls f once for each part registered in the cells the box
// min..max reaches into, until f returns true, and reports whether it
// did.
func (x *Query) nearParts(min, max Vec, f func(p *part) bool) bool {
	x.newQuery()
	cx0, cy0, cx1, cy1 := x.cellRange(min, max)
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			for _, sh := range x.cellParts(cx, cy) {
				if p := sh.Data().(*part); x.mark(p) && f(p) {
					return true
				}
			}
		}
	}
	return false
}

// spaceBox returns the box, in pixels, of the space of the given size at pos.
func (x *Query) spaceBox(pos Point, size int) (min, max Vec) {
	n := float64(max1(size))
	return Vec{X: float64(pos.X) * x.ts, Y: float64(pos.Y) * x.ts}, Vec{X: (float64(pos.X) + n) * x.ts, Y: (float64(pos.Y) + n) * x.ts}
}

// max1 is n, or 1 when n is less (a unit's size 0 means 1).
func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// coverCounts reports whether part p can give cover to unit u: a real
// obstacle that is cover and not more than one size category smaller.
func coverCounts(p *part, u Body) bool {
	return p.ob != nil && p.cover && p.ob.Size >= u.SizeCategory()-1
}

// partInContact reports whether p reaches into one of the four strips
// along the sides of u's space.
func (x *Query) partInContact(p *part, u Body) bool {
	min, max := x.spaceBox(u.Pos, u.Size)
	d := contactDepth * x.ts
	// A part clear of the box around all four strips overlaps none of them
	// (partOverlapsBox's own first test, against the widest bounds).
	if p.max.X <= min.X-d+epsPx || p.min.X >= max.X+d-epsPx || p.max.Y <= min.Y-d+epsPx || p.min.Y >= max.Y+d-epsPx {
		return false
	}
	strips := [4][2]Vec{
		{{X: min.X, Y: min.Y - d}, {X: max.X, Y: min.Y}},
		{{X: min.X, Y: max.Y}, {X: max.X, Y: max.Y + d}},
		{{X: min.X - d, Y: min.Y}, {X: min.X, Y: max.Y}},
		{{X: max.X, Y: min.Y}, {X: max.X + d, Y: max.Y}},
	}
	for _, s := range strips {
		if partOverlapsBox(p, s[0], s[1]) {
			return true
		}
	}
	return false
}

// partOverlapsBox reports whether the interiors of p and the box overlap
// (touching does not count).
func partOverlapsBox(p *part, min, max Vec) bool {
	if p.max.X <= min.X+epsPx || p.min.X >= max.X-epsPx || p.max.Y <= min.Y+epsPx || p.min.Y >= max.Y-epsPx {
		return false
	}
	if p.circle {
		cx := math.Max(min.X, math.Min(p.center.X, max.X))
		cy := math.Max(min.Y, math.Min(p.center.Y, max.Y))
		dx, dy := p.center.X-cx, p.center.Y-cy
		return dx*dx+dy*dy < (p.r-epsPx)*(p.r-epsPx)
	}
	corners := [4]Vec{min, {X: max.X, Y: min.Y}, max, {X: min.X, Y: max.Y}}
	for i, n := range p.norms {
		lo := math.Inf(1)
		for _, c := range corners {
			lo = math.Min(lo, n.X*c.X+n.Y*c.Y)
		}
		if lo >= p.offs[i]-epsPx {
			return false
		}
	}
	return true
}
