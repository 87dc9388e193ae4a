package rules

import (
	"math"
	"math/bits"
)

// Shadow maps: a field of view asks LineClear for thousands of lines from a
// few eye corners to the grid intersections around them. Most of those
// lines are decided by exact 2D geometry without walking them, and the
// shadow maps prove exactly those answers; every line they cannot prove is
// walked by lineClear as before, so the field of view stays the very same
// predicate.
//
// The parts that may block a line of the query (they block sight and their
// top is above the lowest end any line can have) are split in two:
//
//   - tall cells: cells wholly covered by a sight-blocking grid rectangle
//     whose top is above both ends of every line the query may call
//     blocked, and every cell outside the board, which is solid. A line
//     between grid intersections is stopped by them exactly when it
//     crosses the open interior of one, or runs along a grid line between
//     two of them (the seam rule).
//   - partial parts: every other such part (low walls, raised floors,
//     circles, polygons off the grid or not rectangles). A line is proved
//     clear only if it cannot touch any of them; a grid rectangle among
//     them also proves the lines blocked that cross its interior far
//     enough from the eye to pass under its top.
//
// sweepTall decides every intersection of the box at once, half-plane by
// half-plane and row by row, in exact integer slopes: see there. A line the
// maps call blocked is blocked for every end height at most the reference
// target height (a lower end only lowers the line); a line they call clear
// is clear for every end height at least the lower of the eye and the
// reference.

// slopeRange is a range of slopes dx/dy, open or closed by its use. An
// end on the grid is the float64 quotient of two small integers, which
// keeps slopes exactly ordered and equal slopes equal; an end off the grid
// is widened when it is turned into intersections. ±slopeInf stands for an
// infinite slope: every slope a box can hold is far smaller.
type slopeRange struct{ lo, hi float64 }

const slopeInf = 1e9

func ratio(p, q int) float64 { return float64(p) / float64(q) }

// slopeOf is the slope X/Y of a corner of a part's box, held within
// ±slopeInf (X and Y are whole numbers for a part on the grid, so it is
// ratio's exact quotient there).
func slopeOf(X, Y float64) float64 { return max(-slopeInf, min(slopeInf, X/Y)) }

// sweepEvent adds a range to the blocked (open ranges) or maybe (closed
// ranges) union from a row on.
type sweepEvent struct {
	row     int
	blocked bool
	r       slopeRange
}

// shadowMaps are the maps of the eye corners of one query.
type shadowMaps struct {
	// The box of grid intersections the query's lines end at, nw words a
	// row.
	bx0, by0, bw, bh, nw int
	// tall holds one bit row per cell row of [cx0, cx0+cw) × [cy0,
	// cy0+ch), cnw words a row.
	cx0, cy0, cw, ch, cnw int
	tall                  []uint64
	parts                 []*part // the partial parts
	// blocked and maybe hold, per eye corner, one bit row per
	// intersection row of the box: [(corner*bh+row)*nw+word].
	blocked, maybe []uint64
	ze, zref       float64

	events     []sweepEvent
	bu, mu     []slopeRange
	rowEvents  []int
	eventOrder []int
}

// buildShadows fills the maps of the eye corners vc (grid intersections,
// in tiles) at eye height ze for lines ending at the grid intersections of
// the tile box [x0, x1+1] × [y0, y1+1], which must hold the eye corners,
// with zref the lowest end height the query uses there.
func (x *sightIndex) buildShadows(vc []Point, x0, y0, x1, y1 int, ze, zref float64) {
	m := &x.shadow
	zLo, zHi := min(ze, zref), max(ze, zref)
	m.ze, m.zref = ze, zref
	m.bx0, m.by0, m.bw, m.bh = x0, y0, x1-x0+2, y1-y0+2
	m.nw = (m.bw + 63) / 64
	// Every line of the query stays in the box, so only cells whose closed
	// square meets it matter.
	m.cx0, m.cy0, m.cw, m.ch = x0-1, y0-1, m.bw+1, m.bh+1
	m.cnw = (m.cw + 63) / 64
	m.tall = grow(m.tall, m.ch*m.cnw)
	clear(m.tall)
	tallTop := zHi + 1e-6
	for j := 0; j < m.ch; j++ {
		row := m.tall[j*m.cnw : (j+1)*m.cnw]
		cy := m.cy0 + j
		if cy < 0 || cy >= x.board.Height {
			setRange(row, 0, m.cw-1)
			continue
		}
		// Cells i0..i1 are on the board; the rest of the row is outside.
		i0, i1 := max(0, -m.cx0), min(m.cw-1, x.board.Width-1-m.cx0)
		setRange(row, 0, i0-1)
		setRange(row, i1+1, m.cw-1)
		full := x.fullSight[cy*x.cols+m.cx0+i0 : cy*x.cols+m.cx0+i1+1]
		for k, top := range full {
			if top > tallTop {
				setBit(row, i0+k)
			}
		}
	}
	x.newQuery()
	m.parts = m.parts[:0]
	for cy := max(m.cy0, 0); cy <= min(m.cy0+m.ch-1, x.rows-1); cy++ {
		for cx := max(m.cx0, 0); cx <= min(m.cx0+m.cw-1, x.cols-1); cx++ {
			if x.preSight[cy*x.cols+cx] <= zLo {
				continue // nothing reaches into the cell tall enough; parts merely touching it are met in their own cells
			}
			for _, sh := range x.cellParts(cx, cy) {
				p := sh.Data().(*part)
				if !x.mark(p) {
					continue
				}
				// A part no higher than both ends of a line cannot block it,
				// alone or along a seam.
				if p.sight && p.top > zLo && !(p.rect && p.top > tallTop) {
					m.parts = append(m.parts, p)
				}
			}
		}
	}
	n := len(vc) * m.bh * m.nw
	m.blocked, m.maybe = grow(m.blocked, n), grow(m.maybe, n)
	clear(m.blocked)
	clear(m.maybe)
	for i, e := range vc {
		m.sweep(x, e, m.blocked[i*m.bh*m.nw:(i+1)*m.bh*m.nw], m.maybe[i*m.bh*m.nw:(i+1)*m.bh*m.nw])
	}
}

func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

// tallCell reports whether cell (cx, cy) is tall (false outside the box).
func (m *shadowMaps) tallCell(cx, cy int) bool {
	i, j := cx-m.cx0, cy-m.cy0
	if i < 0 || j < 0 || i >= m.cw || j >= m.ch {
		return false
	}
	return m.tall[j*m.cnw+i>>6]&(1<<(i&63)) != 0
}

// sweep fills the blocked and maybe rows of eye corner e.
//
// In one half-plane (rows dy >= 1 below e, or mirrored above) a line from e
// to the intersection (dx, dy) has slope u = dx/dy. The cell [a, a+1] ×
// [b, b+1] (0 <= b < dy) holds the open interior of exactly the rays with
// u strictly between the least and the greatest slope of its corners (±Inf
// for a corner on e's row), and the line crosses it with positive length
// exactly when u is in that open range. So row dy's blocked intersections
// are those whose slope is in the union of the open ranges of the tall
// cells in rows 0..dy-1; two ranges that only touch leave their common
// slope open (a line through the corner two cells share passes). The line
// straight along the grid (dx = 0) crosses no interior: it is stopped by
// the seam rule when the cells on both sides of one stretch are tall. The
// row through e itself (dy = 0) has only that case. Slopes are compared as
// float64 quotients of small integers, which keeps them exact, and turned
// into intersection ranges with integer floor and ceiling division.
//
// A partial part makes every intersection maybe whose line could touch it:
// slope in the closed range of its bounding box's corners, row at least
// its nearest row. A partial grid rectangle higher than the eye also
// blocks, from the row on where every line crossing its interior passes
// under its top (similar triangles with the reference end height).
func (m *shadowMaps) sweep(x *sightIndex, e Point, blk, may []uint64) {
	ts := x.ts
	dxLo, dxHi := m.bx0-e.X, m.bx0+m.bw-1-e.X
	// The row through e.
	r0 := (e.Y - m.by0) * m.nw
	setBit(may[r0:], e.X-m.bx0)
	for _, dir := range [2]int{1, -1} {
		for a := 0; a*dir >= dxLo && a*dir <= dxHi; a++ {
			cx := e.X + a
			if dir < 0 {
				cx = e.X - a - 1
			}
			if m.tallCell(cx, e.Y) && m.tallCell(cx, e.Y-1) {
				if dir > 0 {
					setRange(blk[r0:], a+1-dxLo, dxHi-dxLo)
				} else {
					setRange(blk[r0:], 0, -a-1-dxLo)
				}
				break
			}
		}
	}
	for _, p := range m.parts {
		X0, Y0, X1, Y1 := partBox(p, e, ts)
		if Y0 > 1e-6 || Y1 < -1e-6 {
			continue
		}
		if X1 >= -1e-6 {
			setRange(may[r0:], max(1, int(math.Ceil(X0-1e-6)))-dxLo, dxHi-dxLo)
		}
		if X0 <= 1e-6 {
			setRange(may[r0:], 0, min(-1, int(math.Floor(X1+1e-6)))-dxLo)
		}
	}
	for _, sy := range [2]int{1, -1} {
		m.sweepHalf(x, e, sy, blk, may)
	}
}

// partBox returns p's bounding box in tiles relative to e, exact for parts
// on the grid.
func partBox(p *part, e Point, ts float64) (x0, y0, x1, y1 float64) {
	if p.grid != nil {
		gx0, gy0, gx1, gy1 := p.grid[0].X, p.grid[0].Y, p.grid[0].X, p.grid[0].Y
		for _, g := range p.grid[1:] {
			gx0, gy0, gx1, gy1 = min(gx0, g.X), min(gy0, g.Y), max(gx1, g.X), max(gy1, g.Y)
		}
		return float64(gx0 - e.X), float64(gy0 - e.Y), float64(gx1 - e.X), float64(gy1 - e.Y)
	}
	return p.min.X/ts - float64(e.X), p.min.Y/ts - float64(e.Y), p.max.X/ts - float64(e.X), p.max.Y/ts - float64(e.Y)
}

// sweepHalf sweeps the rows below e (sy = 1) or above it (sy = -1).
func (m *shadowMaps) sweepHalf(x *sightIndex, e Point, sy int, blk, may []uint64) {
	rows := m.by0 + m.bh - 1 - e.Y
	if sy < 0 {
		rows = e.Y - m.by0
	}
	if rows <= 0 {
		return
	}
	dxLo, dxHi := m.bx0-e.X, m.bx0+m.bw-1-e.X
	m.partEvents(x, e, sy, rows)
	bu, mu := m.bu[:0], m.mu[:0]
	vseam := false
	ev := 0
	for dy := 1; dy <= rows; dy++ {
		b := dy - 1
		cy := e.Y + b
		if sy < 0 {
			cy = e.Y - 1 - b
		}
		// The tall cells of row b, run by run (a run's ranges overlap, so
		// its union is one range; a run is cut where it crosses dx = 0,
		// whose line is the seam between the two cells there).
		if j := cy - m.cy0; j >= 0 && j < m.ch {
			row := m.tall[j*m.cnw : (j+1)*m.cnw]
			cut := e.X - m.cx0 // the first cell right of dx = 0
			for i := nextSet(row, 0, m.cw); i < m.cw; {
				end := nextClear(row, i, m.cw)
				if i < cut && end > cut {
					end = cut
				}
				a0, a1 := m.cx0+i-e.X, m.cx0+end-1-e.X
				bu = addOpen(bu, slopeRange{cellLo(a0, b), cellHi(a1, b)})
				i = nextSet(row, end, m.cw)
			}
		}
		if !vseam && m.tallCell(e.X-1, cy) && m.tallCell(e.X, cy) {
			vseam = true
		}
		for ; ev < len(m.eventOrder) && m.events[m.eventOrder[ev]].row <= dy; ev++ {
			v := m.events[m.eventOrder[ev]]
			if v.blocked {
				bu = addOpen(bu, v.r)
			} else {
				mu = addClosed(mu, v.r)
			}
		}
		r := (e.Y + sy*dy - m.by0) * m.nw
		for _, g := range bu {
			lo, hi := openBounds(g, dy)
			setRange(blk[r:], max(lo, dxLo)-dxLo, min(hi, dxHi)-dxLo)
		}
		if vseam && dxLo <= 0 && dxHi >= 0 {
			setBit(blk[r:], -dxLo)
		}
		for _, g := range mu {
			lo, hi := closedBounds(g, dy)
			setRange(may[r:], max(lo, dxLo)-dxLo, min(hi, dxHi)-dxLo)
		}
	}
	m.bu, m.mu = bu, mu
}

// cellLo and cellHi are the least and greatest corner slopes of cell
// [a, a+1] × [b, b+1] seen from the origin, for b >= 0.
func cellLo(a, b int) float64 {
	switch {
	case b == 0 && a >= 0:
		return float64(a)
	case b == 0:
		return -slopeInf
	case a >= 0:
		return ratio(a, b+1)
	}
	return ratio(a, b)
}

func cellHi(a, b int) float64 {
	switch {
	case b == 0 && a >= 0:
		return slopeInf
	case b == 0:
		return float64(a + 1)
	case a >= 0:
		return ratio(a+1, b)
	}
	return ratio(a+1, b+1)
}

// partEvents lists, sorted by row, the ranges the partial parts add in the
// half-plane sy of e.
func (m *shadowMaps) partEvents(x *sightIndex, e Point, sy, rows int) {
	m.events = m.events[:0]
	for _, p := range m.parts {
		X0, Y0, X1, Y1 := partBox(p, e, x.ts)
		if sy < 0 {
			Y0, Y1 = -Y1, -Y0
		}
		if Y1 <= 1e-6 {
			continue // not in this half-plane (the row through e is swept apart)
		}
		var r slopeRange
		switch {
		case Y0 > 1e-6:
			r.lo, r.hi = slopeOf(X0, Y0), slopeOf(X1, Y0)
			if X0 >= 0 {
				r.lo = slopeOf(X0, Y1)
			}
			if X1 < 0 {
				r.hi = slopeOf(X1, Y1)
			}
		case X0 > 1e-6:
			r.lo, r.hi = slopeOf(X0, Y1), slopeInf
		case X1 < -1e-6:
			r.lo, r.hi = -slopeInf, slopeOf(X1, Y1)
		default:
			r.lo, r.hi = -slopeInf, slopeInf
		}
		start := max(1, int(math.Ceil(Y0-1e-6)))
		if start > rows {
			continue
		}
		if !p.rect || p.top <= m.ze+1e-6 || Y0 < 0 {
			m.events = append(m.events, sweepEvent{row: start, r: r})
			continue
		}
		// A grid rectangle above the eye: a line with a slope outside its
		// closed cone misses it, one on the cone's edge touches it (maybe),
		// one inside crosses its interior.
		if Y0 == 0 { // on e's row: the open cone of a cell on row 0
			switch {
			case X0 >= 0:
				r.lo, r.hi = slopeOf(X0, Y1), slopeInf
			case X1 <= 0:
				r.lo, r.hi = -slopeInf, slopeOf(X1, Y1)
			default:
				r.lo, r.hi = -slopeInf, slopeInf
			}
		}
		// Crossing lines enter it at y >= Y0 and, from its far row on, at
		// y < Y1. With the line rising to the reference height (dz > 0) its
		// height there is at least ze + dz*Y0/dy and below ze + dz*Y1/dy:
		// near rows pass over the top, far rows under it.
		over, under := 0, int(Y1)
		dz := m.zref - m.ze
		if dz > 0 {
			over = int(math.Floor(dz * Y0 / (p.top - m.ze + 1e-6)))
			under = max(under, int(math.Ceil(dz*Y1/(p.top-m.ze-1e-6))))
		}
		if over >= start {
			for _, v := range [2]float64{r.lo, r.hi} {
				if math.Abs(v) < slopeInf {
					m.events = append(m.events, sweepEvent{row: start, r: slopeRange{v, v}})
				}
			}
		}
		if row := max(start, over+1); row <= rows {
			m.events = append(m.events, sweepEvent{row: row, r: r})
		}
		if under <= rows {
			m.events = append(m.events, sweepEvent{row: max(under, 1), blocked: true, r: r})
		}
	}
	// Sort by row (counting sort: rows are few).
	m.rowEvents = m.rowEvents[:0]
	for range rows + 2 {
		m.rowEvents = append(m.rowEvents, 0)
	}
	for _, v := range m.events {
		m.rowEvents[v.row+1]++
	}
	for i := 1; i < len(m.rowEvents); i++ {
		m.rowEvents[i] += m.rowEvents[i-1]
	}
	m.eventOrder = m.eventOrder[:0]
	for range m.events {
		m.eventOrder = append(m.eventOrder, 0)
	}
	for i, v := range m.events {
		m.eventOrder[m.rowEvents[v.row]] = i
		m.rowEvents[v.row]++
	}
}

// addOpen adds the open range g to the sorted union rs of open ranges,
// merging ranges that overlap on an open set (ranges that only touch stay
// apart: their common slope is not covered).
func addOpen(rs []slopeRange, g slopeRange) []slopeRange {
	if !(g.lo < g.hi) {
		return rs
	}
	k := 0
	for k < len(rs) && rs[k].hi <= g.lo {
		k++
	}
	if k < len(rs) && rs[k].lo <= g.lo && rs[k].hi >= g.hi {
		return rs // already covered
	}
	e := k
	for e < len(rs) && rs[e].lo < g.hi {
		e++
	}
	return spliceRange(rs, g, k, e)
}

// addClosed adds the closed range g to the sorted union rs of closed
// ranges, merging ranges that overlap or touch.
func addClosed(rs []slopeRange, g slopeRange) []slopeRange {
	k := 0
	for k < len(rs) && rs[k].hi < g.lo {
		k++
	}
	e := k
	for e < len(rs) && rs[e].lo <= g.hi {
		e++
	}
	return spliceRange(rs, g, k, e)
}

// spliceRange replaces rs[k:e] (the ranges g merges with) by their union
// with g.
func spliceRange(rs []slopeRange, g slopeRange, k, e int) []slopeRange {
	if e > k {
		g.lo, g.hi = min(g.lo, rs[k].lo), max(g.hi, rs[e-1].hi)
	}
	switch {
	case e == k:
		rs = append(rs, slopeRange{})
		copy(rs[k+1:], rs[k:])
	case e > k+1:
		rs = append(rs[:k+1], rs[e:]...)
	}
	rs[k] = g
	return rs
}

// openBounds returns the least and greatest dx with dx/dy strictly inside
// the open range g, whose ends are on the grid: dx*dy is a quotient of
// integers with a divisor below 2^10, so it is either a whole number, which
// the float product hits to within far less than 1e-7, or at least 1/1024
// away from one.
func openBounds(g slopeRange, dy int) (lo, hi int) {
	d := float64(dy)
	return int(math.Floor(g.lo*d+1e-7)) + 1, int(math.Ceil(g.hi*d-1e-7)) - 1
}

// closedBounds returns the least and greatest dx with dx/dy in the closed
// range g, widened by a margin that covers the rounding of ends off the
// grid and is still far below 1/1024 for ends on it.
func closedBounds(g slopeRange, dy int) (lo, hi int) {
	d := float64(dy)
	l, h := g.lo*d, g.hi*d
	return int(math.Ceil(l - 1e-6 - 1e-9*math.Abs(l))), int(math.Floor(h + 1e-6 + 1e-9*math.Abs(h)))
}

// nextSet returns the first set bit of row at or after i, or n.
func nextSet(row []uint64, i, n int) int {
	for i < n {
		w := row[i>>6] >> (i & 63)
		if w != 0 {
			return min(n, i+bits.TrailingZeros64(w))
		}
		i = (i | 63) + 1
	}
	return n
}

// nextClear returns the first clear bit of row at or after i, or n.
func nextClear(row []uint64, i, n int) int {
	for i < n {
		w := ^row[i>>6] >> (i & 63)
		if w != 0 {
			return min(n, i+bits.TrailingZeros64(w))
		}
		i = (i | 63) + 1
	}
	return n
}

func setBit(row []uint64, i int) { row[i>>6] |= 1 << (i & 63) }

// setRange sets bits lo..hi of row (nothing when hi < lo).
func setRange(row []uint64, lo, hi int) {
	for lo <= hi {
		w := lo >> 6
		end := min(hi, w<<6+63)
		n := end - lo + 1
		var mask uint64 = math.MaxUint64
		if n < 64 {
			mask = (1<<n - 1)
		}
		row[w] |= mask << (lo & 63)
		lo = end + 1
	}
}

func testBit(row []uint64, i int) bool { return row[i>>6]&(1<<(i&63)) != 0 }

// shadowLine answers the line from eye corner i (grid intersection e, at
// height ze, the maps' eye height) to grid intersection q (at height zq)
// from the maps: 1 clear, 2 blocked, 0 unknown (walk it).
func (x *sightIndex) shadowLine(i int, e, q Point, ze, zq float64) uint8 {
	m := &x.shadow
	qi, qj := q.X-m.bx0, q.Y-m.by0
	if q == e || ze != m.ze || qi < 0 || qj < 0 || qi >= m.bw || qj >= m.bh {
		return 0
	}
	r := (i*m.bh + qj) * m.nw
	if testBit(m.blocked[r:], qi) {
		if zq <= m.zref {
			return 2
		}
		return 0
	}
	if !testBit(m.maybe[r:], qi) && zq >= m.zref {
		return 1
	}
	return 0
}
