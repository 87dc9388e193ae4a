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

// restAbove is how far above the cover it rests on a prone body holds its
// eyes and weapon, in bricks.
const restAbove = 0.5

// Rested returns u with its Rest set: a prone body in contact with very-low
// or low cover holds its eyes and weapon just over the tallest such cover
// (seed 004: "Rolling to hit from prone in low cover is with a -1
// penalty", "in very low cover is without a penalty"; "A prone unit in high
// cover cannot draw a line-of-sight over the cover"), so lines from it and
// to it clear that cover. Its body stays prone: the cover still hides it.
func (x *Query) Rested(u Body) Body {
	u.Rest = 0
	if u.Stance != Prone {
		return u
	}
	n := float64(max1(u.Size))
	floor := float64(x.grid.FloorUnder(u.Pos, u.Size))
	top := 0.0
	min, max := x.contactBox(u)
	x.nearParts(min, max, func(p *part) bool {
		if !coverCounts(p, u) {
			return false
		}
		if h := float64(p.ob.Base+p.ob.Height) - floor; h > top && h/n <= HeightLow && x.partInContact(p, u) {
			top = h
		}
		return false
	})
	if top > 0 {
		u.Rest = top + float64(restAbove*n)
	}
	return u
}

// SharedCover returns the height above t's floor, in human-scale bricks
// (capped at ShadowCap), of the tallest obstacle touched by both a and t
// and lying between them, and that obstacle (the lowest ID among the
// tallest); 0 and 0 when there is none, or when a stands higher than t
// (from above, the geometry decides). Seed 004, Cover: cover protects when it "is between
// the unit and said attacker and ... obscures some of the line-of-sight";
// at point blank the attacker's eye is right over the wall it leans on, so
// the shadow alone would leave the target's legs in the open.
func (x *Query) SharedCover(a, t Body) (float64, int) {
	g := &x.grid
	floor := g.FloorUnder(t.Pos, t.Size)
	if g.FloorUnder(a.Pos, a.Size) > floor {
		return 0, 0
	}
	s := newSeg(g.SpaceCenter(a.Pos, a.Size), 0, g.SpaceCenter(t.Pos, t.Size), 0)
	n := float64(max1(t.Size))
	best, by := 0.0, 0
	min, max := x.contactBox(t)
	x.nearParts(min, max, func(p *part) bool {
		if !coverCounts(p, t) || p.ob.ArrowSlit || !x.partInContact(p, t) || !x.partInContact(p, a) {
			return false
		}
		if _, _, onEdge, _, ok := s.interval(p); !ok || onEdge {
			return false
		}
		h := math.Min(float64(p.ob.Base+p.ob.Height-floor)/n, ShadowCap)
		if h > best || h == best && h > 0 && p.ob.ID < by {
			best, by = h, p.ob.ID
		}
		return false
	})
	return best, by
}

// Exposed reports whether no cover object at all lies within
// ExposedReach tiles of u's space (seed 001's Exposed).
func (x *Query) Exposed(u Body) bool {
	min, max := x.spaceBox(u.Pos, u.Size)
	r := float64(ExposedReach * x.ts)
	min, max = Vec{X: min.X - r, Y: min.Y - r}, Vec{X: max.X + r, Y: max.Y + r}
	return !x.nearParts(min, max, func(p *part) bool { return coverCounts(p, u) && partOverlapsBox(p, min, max) })
}

// contactBox returns u's space grown by the contact strips.
func (x *Query) contactBox(u Body) (min, max Vec) {
	min, max = x.spaceBox(u.Pos, u.Size)
	d := float64(contactDepth * x.ts)
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
	min = Vec{X: float64(float64(pos.X) * x.ts), Y: float64(float64(pos.Y) * x.ts)}
	max = Vec{X: float64((float64(pos.X) + n) * x.ts), Y: float64((float64(pos.Y) + n) * x.ts)}
	return min, max
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
	d := float64(contactDepth * x.ts)
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
		return Vec{dx, dy}.Len2() < (p.r-epsPx)*(p.r-epsPx)
	}
	corners := [4]Vec{min, {X: max.X, Y: min.Y}, max, {X: min.X, Y: max.Y}}
	for i, n := range p.norms {
		lo := math.Inf(1)
		for _, c := range corners {
			lo = math.Min(lo, n.Dot(c))
		}
		if lo >= p.offs[i]-epsPx {
			return false
		}
	}
	return true
}
