package rules

import "math"

// Shadow maps: a field of view asks LineClear for thousands of lines from a
// few eye corners to the grid intersections around them. Most of those
// lines are decided by plain 2D geometry without walking them, and the
// shadow maps prove exactly those answers; every line they cannot prove is
// walked by lineClear as before, so the field of view stays the very same
// predicate.
//
// For one eye corner E the full turn around E is cut into shadowBins equal
// angular bins, and two numbers are kept per bin:
//
//   - blocked: the least far distance² (largest distance from E to a vertex)
//     of a "tall" part whose open angular cone from E strictly contains the
//     whole bin. A part is tall when it blocks sight, is a convex polygon
//     with every vertex on a grid intersection, and its top is above both
//     ends of every line the query asks about. A line from E to a point Q
//     whose direction falls in that bin and with |EQ|² >= that distance
//     passes through the part's interior along the whole chord, everywhere
//     below its top: LineClear is false.
//   - clear: the least near distance² (distance from E to its bounding box)
//     of any part that might block a line of the query (it blocks sight and
//     its top is above the lowest end any line can have) whose closed cone,
//     widened by a margin, touches the bin. A line from E to Q in that bin
//     with |EQ|² below that distance meets no such part at all: LineClear
//     is true.
//
// Everything is measured in tiles from E, a grid intersection, so the
// directions of grid intersections come from one table (angleTable) and
// distances² are whole numbers. Bins are compared with a margin far above
// the rounding of atan2, so a direction exactly on a cone's edge (a line
// grazing a corner, along a face, through a seam) is never proved either
// way and is walked.
const (
	shadowBins   = 1024
	shadowMargin = 1e-9 // radians
	shadowBinW   = 2 * math.Pi / shadowBins
)

// angleTable holds, for every offset (dx, dy) in [-l, l]² tiles, the
// direction in [0, 2π) and its shadow bin.
type angleTable struct {
	l   int
	ang []float64
	bin []int32
}

func (t *angleTable) ensure(l int) {
	if l <= t.l && t.ang != nil {
		return
	}
	w := 2*l + 1
	t.l, t.ang, t.bin = l, make([]float64, w*w), make([]int32, w*w)
	for dy := -l; dy <= l; dy++ {
		for dx := -l; dx <= l; dx++ {
			a := math.Atan2(float64(dy), float64(dx))
			if a < 0 {
				a += 2 * math.Pi
			}
			b := int32(a / shadowBinW)
			if b >= shadowBins {
				b = shadowBins - 1
			}
			i := (dy+l)*w + dx + l
			t.ang[i], t.bin[i] = a, b
		}
	}
}

func (t *angleTable) index(dx, dy int) int { return (dy+t.l)*(2*t.l+1) + dx + t.l }

// shadowMaps are the maps of the eye corners of one query.
type shadowMaps struct {
	parts   []*part   // scratch: the parts that may block
	blocked []float64 // [corner*shadowBins+bin]
	clear   []float64
	hi, lo  float64 // blocked holds for lines with both ends <= hi; clear for lines with both ends >= lo
}

// buildShadows fills the maps of the nv eye corners vc (grid
// intersections, in tiles) for lines whose lower end is at least zLo and
// whose higher end is at most zHi, ending inside the tile box [x0, x1+1] ×
// [y0, y1+1] (grid intersections). The offsets the queries use must be in
// the angle table.
func (x *sightIndex) buildShadows(vc []Point, x0, y0, x1, y1 int, zLo, zHi float64) {
	m := &x.shadow
	m.lo, m.hi = zLo, zHi
	// The parts that may block any line of the query: every line stays in
	// the box around the eye corners and the targets.
	bx0, by0, bx1, by1 := x0, y0, x1+1, y1+1
	for _, e := range vc {
		bx0, by0, bx1, by1 = min(bx0, e.X), min(by0, e.Y), max(bx1, e.X), max(by1, e.Y)
	}
	x.stamp++
	m.parts = m.parts[:0]
	for cy := max(by0-1, 0); cy <= min(by1, x.rows-1); cy++ {
		for cx := max(bx0-1, 0); cx <= min(bx1, x.cols-1); cx++ {
			if x.preSight[cy*x.cols+cx] <= zLo-1e-6 {
				continue // nothing here reaches into the cell tall enough; parts merely touching it are met in their own cells
			}
			for _, sh := range x.cellParts(cx, cy) {
				p := sh.Data().(*part)
				if p.stamp == x.stamp {
					continue
				}
				p.stamp = x.stamp
				if p.sight && p.top > zLo-1e-6 {
					m.parts = append(m.parts, p)
				}
			}
		}
	}
	n := len(vc) * shadowBins
	if cap(m.blocked) < n {
		m.blocked, m.clear = make([]float64, n), make([]float64, n)
	}
	m.blocked, m.clear = m.blocked[:n], m.clear[:n]
	inf := math.Inf(1)
	for i := range m.blocked {
		m.blocked[i], m.clear[i] = inf, inf
	}
	for i, e := range vc {
		blk, clr := m.blocked[i*shadowBins:(i+1)*shadowBins], m.clear[i*shadowBins:(i+1)*shadowBins]
		ex, ey := float64(e.X), float64(e.Y)
		for _, p := range m.parts {
			// The part's cone from e: its vertices' when they are grid
			// intersections, else its bounding box's.
			lo, hi := Vec{p.min.X / x.ts, p.min.Y / x.ts}, Vec{p.max.X / x.ts, p.max.Y / x.ts}
			dx := max(max(lo.X-ex, ex-hi.X), 0)
			dy := max(max(lo.Y-ey, ey-hi.Y), 0)
			near, far := dx*dx+dy*dy, 0.0
			var a, c float64
			ok := false
			if p.grid != nil {
				a, c, far, ok = x.gridSpan(e, p.grid)
			} else {
				a, c, ok = boxSpan(ex, ey, lo, hi)
			}
			if !ok {
				// e inside the part or on an edge: nothing proved near it.
				for k := range clr {
					clr[k] = min(clr[k], near)
				}
				continue
			}
			lowerBins(clr, int(math.Floor((a-shadowMargin)/shadowBinW)), int(math.Floor((c+shadowMargin)/shadowBinW)), near)
			if p.grid != nil && p.top > zHi+1e-6 {
				lowerBins(blk, int(math.Floor((a+shadowMargin)/shadowBinW))+1, int(math.Ceil((c-shadowMargin)/shadowBinW))-2, far)
			}
		}
	}
}

// lowerBins lowers bins b0..b1 (taken round the turn) to at most v.
func lowerBins(bins []float64, b0, b1 int, v float64) {
	if b1 < b0 {
		return
	}
	if b0 < 0 {
		b0, b1 = b0+shadowBins, b1+shadowBins
	}
	if b0 >= shadowBins {
		b0, b1 = b0-shadowBins, b1-shadowBins
	}
	if b1 >= shadowBins {
		lowerRange(bins[b0:], v)
		lowerRange(bins[:b1-shadowBins+1], v)
		return
	}
	lowerRange(bins[b0:b1+1], v)
}

func lowerRange(bins []float64, v float64) {
	for k := range bins {
		if v < bins[k] {
			bins[k] = v
		}
	}
}

// gridSpan returns the angular range [a, c] from grid intersection e of a
// polygon whose vertices are the grid intersections g (vertices equal to e
// skipped) and the largest distance² from e to a vertex; ok is false when
// the range is half a turn or more (e inside the polygon or on an edge).
func (x *sightIndex) gridSpan(e Point, g []Point) (a, c, far float64, ok bool) {
	t := &x.angles
	base, lo, hi := 0.0, 0.0, 0.0
	first := true
	for _, v := range g {
		dx, dy := v.X-e.X, v.Y-e.Y
		if dx == 0 && dy == 0 {
			continue
		}
		far = max(far, float64(dx*dx+dy*dy))
		var ang float64
		if dx >= -t.l && dx <= t.l && dy >= -t.l && dy <= t.l {
			ang = t.ang[t.index(dx, dy)]
		} else {
			ang = math.Atan2(float64(dy), float64(dx))
		}
		if first {
			base, first = ang, false
			continue
		}
		lo, hi = spanAdd(lo, hi, ang-base)
	}
	if first || hi-lo >= math.Pi-1e-6 {
		return 0, 0, 0, false
	}
	return base + lo, base + hi, far, true
}

// boxSpan is gridSpan for a box with arbitrary corners (atan2 each).
func boxSpan(ex, ey float64, lo, hi Vec) (a, c float64, ok bool) {
	base, l, h := 0.0, 0.0, 0.0
	first := true
	for _, v := range [4]Vec{lo, {hi.X, lo.Y}, hi, {lo.X, hi.Y}} {
		dx, dy := v.X-ex, v.Y-ey
		if dx == 0 && dy == 0 {
			continue
		}
		ang := math.Atan2(dy, dx)
		if first {
			base, first = ang, false
			continue
		}
		l, h = spanAdd(l, h, ang-base)
	}
	if first || h-l >= math.Pi-1e-6 {
		return 0, 0, false
	}
	return base + l, base + h, true
}

// spanAdd widens [lo, hi] to hold the angle r, taken in (-π, π].
func spanAdd(lo, hi, r float64) (float64, float64) {
	if r > math.Pi {
		r -= 2 * math.Pi
	} else if r <= -math.Pi {
		r += 2 * math.Pi
	}
	return min(lo, r), max(hi, r)
}

// shadowLine answers the line from eye corner i (grid intersection e, at
// height ze) to grid intersection q (at height zq) from the maps: 1 clear,
// 2 blocked, 0 unknown (walk it).
func (x *sightIndex) shadowLine(i int, e, q Point, ze, zq float64) uint8 {
	dx, dy := q.X-e.X, q.Y-e.Y
	if dx == 0 && dy == 0 {
		return 0
	}
	k := x.angles.index(dx, dy)
	bin := int(x.angles.bin[k]) + i*shadowBins
	d2 := float64(dx*dx + dy*dy)
	m := &x.shadow
	if max(ze, zq) <= m.hi && m.blocked[bin] <= d2 {
		return 2
	}
	if min(ze, zq) >= m.lo && m.clear[bin] > d2 {
		return 1
	}
	return 0
}
