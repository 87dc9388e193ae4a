package sight

import "math"

// Line of sight (seed 002, 5.10.3, in 2.5D): A sees B when some line from a
// grid intersection touching A's space, at A's eye height, to a grid
// intersection touching B's space, at the top of B's body, is clear of
// sight blockers (LineClear). Heights include floor elevation, so a
// unit on a roof sees over walls that hide it from the ground. Units never
// block lines; they only give cover (cover.go).
//
// Line of effect is the same test against effect blockers, from the chosen
// point of origin to any intersection touching the target's space.

// LineOfSight reports whether body a sees body b.
func (x *Query) LineOfSight(a, b Body) bool {
	a, b = x.Rested(a), x.Rested(b)
	return spacesSee(x, a.Pos, a.Size, x.grid.EyeOf(a), b.Pos, b.Size, x.grid.EyeOf(b), BlockSight)
}

// LineOfEffect reports whether a line of effect runs from origin at height
// z (bricks) to some intersection touching to's space at its eye height.
func (x *Query) LineOfEffect(origin Vec, z float64, to Body) bool {
	to = x.Rested(to)
	return pointSees(x, origin, z, to.Pos, to.Size, x.grid.EyeOf(to), BlockEffect)
}

// SeesTile reports whether u sees tile p: whether it would have line of
// sight to a standing 1×1 body there. FieldOfView answers exactly this
// test for every tile.
func (x *Query) SeesTile(u Body, p Point) bool {
	switch {
	case !x.grid.InBounds(p):
		return false
	case u.Occupies(p):
		return true
	}
	u = x.Rested(u)
	return spacesSee(x, u.Pos, u.Size, x.grid.EyeOf(u), p, 1, x.grid.PhantomTop(p), BlockSight)
}

// sightOrder writes the intersections touching the space at pos, nearest
// to the point toward first, and returns how many there are. Trying the
// nearest lines first finds a clear one sooner; the answer does not depend
// on the order.
func sightOrder(g *Grid, pos Point, size int, toward Vec, buf *[MaxCorners]Vec) int {
	n := g.CornersInto(pos, size, buf)
	var d [MaxCorners]float64
	for i := 0; i < n; i++ {
		d[i] = buf[i].Sub(toward).Len2()
		for j := i; j > 0 && d[j] < d[j-1]; j-- {
			d[j], d[j-1] = d[j-1], d[j]
			buf[j], buf[j-1] = buf[j-1], buf[j]
		}
	}
	return n
}

// spacesSee is the unit-to-unit test: any clear line between the
// intersections of two spaces. A line of sight that crosses a tall cell
// (tallCrossed) is blocked without walking it.
func spacesSee(x *Query, pa Point, sa int, za float64, pb Point, sb int, zb float64, kinds Blocks) bool {
	var ca, cb [MaxCorners]Vec
	g := &x.grid
	na := sightOrder(g, pa, sa, g.SpaceCenter(pb, sb), &ca)
	nb := sightOrder(g, pb, sb, g.SpaceCenter(pa, sa), &cb)
	ts := float64(g.TileSize)
	for i := 0; i < na; i++ {
		p := Point{X: int(ca[i].X / ts), Y: int(ca[i].Y / ts)}
		for j := 0; j < nb; j++ {
			if kinds == BlockSight && x.tallCrossed(p, Point{X: int(cb[j].X / ts), Y: int(cb[j].Y / ts)}, za, zb) {
				continue
			}
			if x.LineClear(ca[i], za, cb[j], zb, kinds) {
				return true
			}
		}
	}
	return false
}

// tallCrossed reports whether the segment from grid intersection p (at
// height zp bricks) to q (at zq), in tiles, crosses the open interior of a
// cell wholly covered by a sight-blocking grid rectangle somewhere below
// the rectangle's top, or runs along a grid line between two such cells (or
// one and the board's edge) whose tops are above both ends. Then LineClear
// for sight is false for it: the exact test of that rectangle (or the seam
// rule) stops it. The cells are walked in whole numbers: a step through a
// corner goes diagonally, since touching a corner is not crossing. The
// height is linear along the segment, so in a cell it is lowest where the
// segment enters or leaves it, at a quotient of whole numbers.
func (x *Query) tallCrossed(p, q Point, zp, zq float64) bool {
	w, h := x.grid.Width, x.grid.Height
	top := func(cx, cy int) float64 {
		if cx < 0 || cy < 0 || cx >= w || cy >= h {
			return math.Inf(1)
		}
		return x.fullSight[cy*x.cols+cx]
	}
	hi, lo := max(zp, zq)+1e-6, min(zp, zq)+1e-9
	tall := func(cx, cy int) bool { return top(cx, cy) > hi }
	dx, dy := q.X-p.X, q.Y-p.Y
	switch {
	case dx == 0 && dy == 0:
		return false
	case dx == 0:
		for y := min(p.Y, q.Y); y < max(p.Y, q.Y); y++ {
			if tall(p.X-1, y) && tall(p.X, y) {
				return true
			}
		}
		return false
	case dy == 0:
		for xx := min(p.X, q.X); xx < max(p.X, q.X); xx++ {
			if tall(xx, p.Y-1) && tall(xx, p.Y) {
				return true
			}
		}
		return false
	}
	sx, sy, adx, ady := 1, 1, dx, dy
	cx, cy := p.X, p.Y
	if dx < 0 {
		sx, adx, cx = -1, -dx, p.X-1
	}
	if dy < 0 {
		sy, ady, cy = -1, -dy, p.Y-1
	}
	dz := zq - zp
	// i and j count the x and y grid lines crossed so far; the next ones
	// are at t = (i+1)/adx and (j+1)/ady, and both reach 1 at q. The
	// segment entered the current cell at t = n/d.
	n, d := 0, 1
	fs, cols := x.fullSight, x.cols
	for i, j := 0, 0; ; {
		if uint(cx) >= uint(w) || uint(cy) >= uint(h) {
			return true // outside the board: solid
		}
		if t := fs[cy*cols+cx]; t > lo {
			if t > hi {
				return true // above the whole segment
			}
			n1, d1 := 1, 1 // where the segment leaves the cell
			switch l, r := (i+1)*ady, (j+1)*adx; {
			case i+1 == adx && j+1 == ady:
			case l <= r:
				n1, d1 = i+1, adx
			default:
				n1, d1 = j+1, ady
			}
			if t > zp+min(dz*float64(n)/float64(d), dz*float64(n1)/float64(d1))+1e-9 {
				return true
			}
		}
		if i+1 == adx && j+1 == ady {
			return false
		}
		l, r := (i+1)*ady, (j+1)*adx
		if l <= r {
			i, cx = i+1, cx+sx
			n, d = i, adx
		}
		if r <= l {
			j, cy = j+1, cy+sy
			n, d = j, ady
		}
	}
}

// pointSees is the origin-to-unit test: any clear line from one point to
// the intersections of a space (a line of sight from an intersection that
// crosses a tall cell is blocked without walking it).
func pointSees(x *Query, o Vec, zo float64, pb Point, sb int, zb float64, kinds Blocks) bool {
	var cb [MaxCorners]Vec
	g := &x.grid
	nb := sightOrder(g, pb, sb, o, &cb)
	ts := float64(g.TileSize)
	op := Point{X: int(o.X / ts), Y: int(o.Y / ts)}
	grid := kinds == BlockSight && float64(op.X)*ts == o.X && float64(op.Y)*ts == o.Y
	for j := 0; j < nb; j++ {
		if grid && x.tallCrossed(op, Point{X: int(cb[j].X / ts), Y: int(cb[j].Y / ts)}, zo, zb) {
			continue
		}
		if x.LineClear(o, zo, cb[j], zb, kinds) {
			return true
		}
	}
	return false
}
