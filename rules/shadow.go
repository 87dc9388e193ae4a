package rules

import (
	"math"
	"math/bits"
	"slices"
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
//     circles, polygons off the grid or not rectangles). A grid rectangle
//     above the eye, with whole-brick heights, is decided exactly
//     (riseEvents): a line rising from the eye crosses it below its top
//     exactly where the rectangle, scaled about the eye, would stop it as
//     a tall cell does. Any other partial part lets a line be proved clear
//     only if the line cannot touch it.
//
// sweep decides every intersection of the box at once, half-plane by
// half-plane and row by row, in exact slopes: see there. A line the maps
// call blocked is blocked for every end height at most the reference
// target height (a lower end only lowers the line); a line they call clear
// is clear for every end height at least the reference.

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

// shadowPart is a partial part of a query with its bounding box in tiles
// (exact for parts on the grid) and whether riseEvents decides it exactly
// (rises).
type shadowPart struct {
	p              *part
	x0, y0, x1, y1 float64
	rise           bool
	dz, above      int // the line's rise to the reference end and the top's height above the eye, when rise
	ix0, iy0       int // the box in whole tiles, when rise
	ix1, iy1       int
}

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
	// qlo..qhi are the intersections of each box row the query decides,
	// clo..chi the cells of each cell row it reads (spans).
	qlo, qhi, clo, chi []int
	// runs[runAt[j]:runAt[j+1]] are the runs [i, end) of tall cells of cell
	// row j within its span.
	runs      [][2]int32
	runAt     []int
	parts     []shadowPart // the partial parts
	axisParts []int        // those meeting a grid line through an eye corner
	// blocked and maybe hold, per eye corner, one bit row per
	// intersection row of the box: [(corner*bh+row)*nw+word].
	blocked, maybe []uint64
	ze, zref       float64
	// zBlk is the highest end height blocked lines are blocked for (at
	// least zref).
	zBlk float64
	// The eye corners' box, and the square of the longest line the maps
	// decide (outOfReach).
	ex0, ey0, ex1, ey1, reach2 float64
	// riseDz is the whole rise zref-ze when positive (riseEvents), or 0.
	riseDz int

	events     []sweepEvent
	sides      []float64
	bu, mu     []slopeRange
	rowEvents  []int
	eventOrder []int
}

// disk is a disk in tiles, centre (cx, cy) and radius r; r <= 0 stands
// for the whole plane.
type disk struct{ cx, cy, r float64 }

// buildShadows fills the maps of the eye corners vc (grid intersections,
// in tiles) at eye height ze for lines ending at the grid intersections of
// the tile box [x0, x1+1] × [y0, y1+1], which must hold the eye corners,
// with zref the lowest end height the query uses there. Only the
// intersections in the disk d are decided (shadowLine answers 0 for the
// others); d must hold the eye corners.
func (x *sightQuery) buildShadows(vc []Point, x0, y0, x1, y1 int, ze, zref float64, d disk) {
	m := &x.shadow
	zLo, zHi := min(ze, zref), max(ze, zref)
	m.ze, m.zref = ze, zref
	m.riseDz = 0
	if dz := zref - ze; dz > 0 && dz == math.Trunc(dz) {
		m.riseDz = int(dz)
	}
	m.bx0, m.by0, m.bw, m.bh = x0, y0, x1-x0+2, y1-y0+2
	m.nw = (m.bw + 63) / 64
	// Every line of the query stays in the box, so only cells whose closed
	// square meets it matter.
	m.cx0, m.cy0, m.cw, m.ch = x0-1, y0-1, m.bw+1, m.bh+1
	m.cnw = (m.cw + 63) / 64
	m.spans(d)
	// The eye corners' box, and the longest line the maps decide.
	m.ex0, m.ey0, m.ex1, m.ey1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	m.reach2 = 0
	for _, e := range vc {
		ex, ey := float64(e.X), float64(e.Y)
		m.ex0, m.ey0, m.ex1, m.ey1 = min(m.ex0, ex), min(m.ey0, ey), max(m.ex1, ex), max(m.ey1, ey)
		if d.r > 0 {
			m.reach2 = max(m.reach2, math.Pow(math.Hypot(ex-d.cx, ey-d.cy)+d.r, 2))
			continue
		}
		for _, q := range [4][2]float64{{float64(x0), float64(y0)}, {float64(x1 + 1), float64(y0)}, {float64(x0), float64(y1 + 1)}, {float64(x1 + 1), float64(y1 + 1)}} {
			m.reach2 = max(m.reach2, (q[0]-ex)*(q[0]-ex)+(q[1]-ey)*(q[1]-ey))
		}
	}
	m.tall = grow(m.tall, m.ch*m.cnw)
	clear(m.tall)
	tallTop := zHi + 1e-6
	hHi, okHi := level(zHi)
	hLo, okLo := level(zLo)
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
		if okHi {
			src := x.tallAbove[(hHi*x.rows+cy)*x.lnw : (hHi*x.rows+cy+1)*x.lnw]
			for k := i0; k <= i1; k += 64 {
				orBits(row, k, bitsAt(src, m.cx0+k)&lowBits(i1-k+1))
			}
			continue
		}
		full := x.fullSight[cy*x.cols+m.cx0+i0 : cy*x.cols+m.cx0+i1+1]
		for k, top := range full {
			if top > tallTop {
				setBit(row, i0+k)
			}
		}
	}
	// The runs of tall cells of each row within its span, which every eye
	// corner's sweep reads.
	m.runs, m.runAt = m.runs[:0], append(m.runAt[:0], 0)
	for j := range m.ch {
		row, n := m.tall[j*m.cnw:(j+1)*m.cnw], m.chi[j]+1 // cells off the disk cross no line of the query
		for i := nextSet(row, m.clo[j], n); i < n; {
			end := nextClear(row, i, n)
			m.runs = append(m.runs, [2]int32{int32(i), int32(end)})
			i = nextSet(row, end, n)
		}
		m.runAt = append(m.runAt, len(m.runs))
	}
	x.newQuery()
	m.parts = m.parts[:0]
	for cy := max(m.cy0, 0); cy <= min(m.cy0+m.ch-1, x.rows-1); cy++ {
		// Skip a cell nothing tall enough reaches into (parts merely
		// touching it are met in their own cells), a tall cell (a part
		// that reaches into tall cells only blocks no line they do not
		// block themselves: a line through its interior crosses one of
		// them or runs along a seam between two), and a cell off the disk.
		j := cy - m.cy0
		cxa, cxb := max(m.cx0+m.clo[j], 0), min(m.cx0+m.chi[j], x.cols-1)
		if okHi && okLo {
			tr := x.tallAbove[(hHi*x.rows+cy)*x.lnw : (hHi*x.rows+cy+1)*x.lnw]
			sr := x.sightAbove[(hLo*x.rows+cy)*x.lnw : (hLo*x.rows+cy+1)*x.lnw]
			for at := cxa; at <= cxb; at += 64 {
				for w := (bitsAt(sr, at) &^ bitsAt(tr, at)) & lowBits(cxb-at+1); w != 0; w &= w - 1 {
					m.addParts(x, at+bits.TrailingZeros64(w), cy, zLo, tallTop)
				}
			}
			continue
		}
		for cx := cxa; cx <= cxb; cx++ {
			if i := cy*x.cols + cx; x.preSight[i] > zLo && x.fullSight[i] <= tallTop {
				m.addParts(x, cx, cy, zLo, tallTop)
			}
		}
	}
	// Blocked lines are blocked by tall cells, seams between them and the
	// walls riseEvents decides. Without those walls, a line the maps call
	// blocked crosses a tall cell (or runs along a seam) before its end,
	// where it is lower than its higher end; and a tall cell's top is a
	// whole number of bricks above zHi. So it is blocked for every end
	// height up to the next whole brick above zHi, not only up to zref.
	m.zBlk = zref
	if !slices.ContainsFunc(m.parts, func(sp shadowPart) bool { return sp.rise }) {
		m.zBlk = max(zref, math.Floor(zHi)+1)
	}
	// Only parts whose box meets a grid line through an eye corner can
	// touch the lines axisRay decides.
	m.axisParts = m.axisParts[:0]
	for i := range m.parts {
		sp := &m.parts[i]
		for _, e := range vc {
			x, y := float64(e.X), float64(e.Y)
			if sp.x0 <= x+1e-6 && x-1e-6 <= sp.x1 || sp.y0 <= y+1e-6 && y-1e-6 <= sp.y1 {
				m.axisParts = append(m.axisParts, i)
				break
			}
		}
	}
	n := len(vc) * m.bh * m.nw
	m.blocked, m.maybe = grow(m.blocked, n), grow(m.maybe, n)
	clear(m.blocked)
	clear(m.maybe)
	for i, e := range vc {
		m.sweep(x, i, e, m.blocked[i*m.bh*m.nw:(i+1)*m.bh*m.nw], m.maybe[i*m.bh*m.nw:(i+1)*m.bh*m.nw])
	}
}

// addParts lists the partial parts of cell (cx, cy) the query has not met
// yet: a part no higher than both ends of a line cannot block it, alone or
// along a seam, and a grid rectangle above tallTop is tall cells.
func (m *shadowMaps) addParts(x *sightQuery, cx, cy int, zLo, tallTop float64) {
	for _, sh := range x.cellParts(cx, cy) {
		p := sh.Data().(*part)
		if x.mark(p) && p.sight && p.top > zLo && !(p.rect && p.top > tallTop) {
			above := p.top - m.ze
			rise := m.rises(p, above)
			if !rise || !m.outOfReach(p, above) {
				m.parts = append(m.parts, m.shadowPart(p, above, rise))
			}
		}
	}
}

// outOfReach reports whether a part riseEvents decides (above the eye)
// is too far from every eye corner for any line of the query to pass below
// its top. Every line rises by dz over its length, at most reach, and is
// blocked by the part only where it enters it before the fraction T/dz
// of its length (T: the top's height above the eye), which is at least
// the part's distance from the eye corners: a part at least reach*T/dz
// away blocks no line of the query, alone or along a seam. (Lines longer
// than reach, kept for far lines of sight, only lose a proof.)
func (m *shadowMaps) outOfReach(p *part, T float64) bool {
	gx := max(0, p.tmin.X-m.ex1, m.ex0-p.tmax.X)
	gy := max(0, p.tmin.Y-m.ey1, m.ey0-p.tmax.Y)
	dz := float64(m.riseDz)
	return (gx*gx+gy*gy)*dz*dz >= m.reach2*T*T
}

// spans fills the spans of the box's intersection rows (qlo, qhi) and cell
// rows (clo, chi) that meet the disk d, relative to the box; an empty span
// has lo > hi. A line between two points of the disk stays in it, so the
// cells it crosses are in the cell spans (with a cell to spare each side).
func (m *shadowMaps) spans(d disk) {
	m.qlo, m.qhi = growInts(m.qlo, m.bh), growInts(m.qhi, m.bh)
	m.clo, m.chi = growInts(m.clo, m.ch), growInts(m.chi, m.ch)
	for r := range m.bh {
		m.qlo[r], m.qhi[r] = 0, m.bw-1
		if d.r > 0 {
			dy := float64(m.by0+r) - d.cy
			hw := math.Sqrt(max(0, d.r*d.r-dy*dy))
			m.qlo[r] = max(0, int(math.Ceil(d.cx-hw))-1-m.bx0)
			m.qhi[r] = min(m.bw-1, int(math.Floor(d.cx+hw))+1-m.bx0)
			if dy*dy > d.r*d.r {
				m.qlo[r], m.qhi[r] = 1, 0
			}
		}
	}
	for j := range m.ch {
		m.clo[j], m.chi[j] = 0, m.cw-1
		if d.r > 0 {
			y := float64(m.cy0 + j)
			dy := max(0, y-d.cy, d.cy-(y+1))
			hw := math.Sqrt(max(0, d.r*d.r-dy*dy))
			m.clo[j] = max(0, int(math.Floor(d.cx-hw))-1-m.cx0)
			m.chi[j] = min(m.cw-1, int(math.Ceil(d.cx+hw))+1-m.cx0)
			if dy > d.r {
				m.clo[j], m.chi[j] = 1, 0
			}
		}
	}
}

// spanMask returns word w of intersection row r's span as bits.
func (m *shadowMaps) spanMask(r, w int) uint64 {
	return spanBits(max(m.qlo[r]-w*64, 0), min(m.qhi[r]-w*64, 63))
}

func growInts(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// shadowPart returns p's entry in the query's list of partial parts; its top is
// above above the eye, and rise tells whether riseEvents decides it.
func (m *shadowMaps) shadowPart(p *part, above float64, rise bool) shadowPart {
	sp := shadowPart{p: p, x0: p.tmin.X, y0: p.tmin.Y, x1: p.tmax.X, y1: p.tmax.Y}
	if rise {
		sp.rise, sp.dz, sp.above = true, m.riseDz, int(above)
		sp.ix0, sp.iy0, sp.ix1, sp.iy1 = int(sp.x0), int(sp.y0), int(sp.x1), int(sp.y1)
	}
	return sp
}

// rises reports whether riseEvents decides part p, whose top is above
// above the eye: a grid rectangle above the eye, with the eye, the top
// and the reference end height on whole bricks.
func (m *shadowMaps) rises(p *part, above float64) bool {
	return p.rect && above > 1e-6 && m.riseDz > 0 && above == math.Trunc(above)
}

// box returns the part's bounding box relative to e.
func (sp *shadowPart) box(e Point) (x0, y0, x1, y1 float64) {
	return sp.x0 - float64(e.X), sp.y0 - float64(e.Y), sp.x1 - float64(e.X), sp.y1 - float64(e.Y)
}

// inside reports whether e is in the open interior of the part's box.
func (sp *shadowPart) inside(e Point) bool {
	x, y := float64(e.X), float64(e.Y)
	return sp.x0 < x && x < sp.x1 && sp.y0 < y && y < sp.y1
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
// slope open (a line through the corner two cells share passes). The lines
// along the grid through e (dx = 0, and the row dy = 0) cross no cell's
// interior: axisRay decides them. Slopes are compared as float64 quotients
// of small integers, which keeps them exact, and turned into intersection
// ranges with integer floor and ceiling division.
//
// A grid rectangle above the eye blocks exactly as riseEvents says. Any
// other partial part makes every intersection maybe whose line could touch
// it: slope in the closed range of its bounding box's corners, row at least
// its nearest row.
func (m *shadowMaps) sweep(x *sightQuery, ci int, e Point, blk, may []uint64) {
	dxLo, dxHi := m.bx0-e.X, m.bx0+m.bw-1-e.X
	// The row through e.
	r0 := (e.Y - m.by0) * m.nw
	setBit(may[r0:], e.X-m.bx0)
	for dir, limit := range [2]int{dxHi, -dxLo} {
		bf, mf := m.axisRay(e, dir, limit)
		if dir == 0 {
			setRange(may[r0:], mf-dxLo, dxHi-dxLo)
			setRange(blk[r0:], bf-dxLo, dxHi-dxLo)
		} else {
			setRange(may[r0:], 0, -mf-dxLo)
			setRange(blk[r0:], 0, -bf-dxLo)
		}
	}
	for _, sy := range [2]int{1, -1} {
		m.sweepHalf(x, ci, e, sy, blk, may)
	}
}

// axisRay decides the lines from e along the grid in direction dir (0: +x,
// 1: -x, 2: +y, 3: -y) to the intersections n = 1..limit away: it returns
// the least n from which they are blocked and the least from which they
// may be (limit+1: none). Such a line crosses no cell's interior, so only a
// part it runs through or the seam rule stops it. A grid rectangle above
// the eye that it runs through blocks it from n > k*(its near side) on, as
// in riseEvents. A seam is a stretch [a, a+1] with blockers on both sides
// whose lower top is above the line there: a tall cell is above every line
// the maps call blocked, and a rising line is below a top T above the eye
// at a when n > dz*a/T (and n > a, for the stretch to be on the line). Any
// other part touching the line makes it maybe from there on.
func (m *shadowMaps) axisRay(e Point, dir, limit int) (blockFrom, maybeFrom int) {
	blockFrom, maybeFrom = limit+1, limit+1
	if limit <= 0 {
		return
	}
	if len(m.axisParts) == 0 { // only seams between tall cells
		return m.seamFrom(e, dir, limit), maybeFrom
	}
	// Seams between tall cells, then the parts: sides[s*limit+a] is the
	// highest top of a part riseEvents decides on side s of stretch a;
	// such parts are beside the stretches lo..hi-1.
	blockFrom = m.seamFrom(e, dir, limit)
	if cap(m.sides) < 2*limit {
		m.sides = make([]float64, 2*limit)
	}
	sides := m.sides[:2*limit]
	for i := range sides {
		sides[i] = math.Inf(-1)
	}
	lo, hi := limit, 0
	for _, i := range m.axisParts {
		sp := &m.parts[i]
		n0, n1, p0, p1 := sp.axisBox(e, dir)
		if n1 <= 1e-6 || p0 > 1e-6 || p1 < -1e-6 {
			continue // behind e or off the line
		}
		if !sp.rise || sp.inside(e) {
			maybeFrom = min(maybeFrom, max(1, int(math.Ceil(n0-1e-6))))
			continue
		}
		N0, N1 := max(0, int(math.Round(n0))), min(limit, int(math.Round(n1)))
		if p0 < -1e-6 && p1 > 1e-6 { // the line runs through it
			blockFrom = min(blockFrom, sp.dz*N0/sp.above+1)
			continue
		}
		s := btoi(p1 > 1e-6)
		for a := N0; a < N1; a++ {
			sides[s*limit+a] = max(sides[s*limit+a], sp.p.top)
		}
		lo, hi = min(lo, N0), max(hi, N1)
	}
	// A stretch with a part on one side is blocked from where the line is
	// below the lower of its two sides (a tall cell is above every line).
	for a := lo; a < min(hi, blockFrom-1); a++ {
		t := min(m.sideTop(e, dir, a, 0, sides[a]), m.sideTop(e, dir, a, 1, sides[limit+a]))
		if t > m.ze+1e-6 && !math.IsInf(t, 1) {
			dz := int(m.zref - m.ze)
			blockFrom = min(blockFrom, max(a+1, dz*a/int(t-m.ze)+1))
		}
	}
	return blockFrom, maybeFrom
}

// sideTop is the top on side s of stretch a of the line from e in
// direction dir (axisRay): +Inf for a tall cell, else top.
func (m *shadowMaps) sideTop(e Point, dir, a, s int, top float64) float64 {
	if m.tallCell(axisCell(e, dir, a, s)) {
		return math.Inf(1)
	}
	return top
}

// seamFrom returns the least n (1..limit) from which the lines from e
// along the grid in direction dir (as in axisRay) run along a seam between
// two tall cells, or limit+1. The stretch a of the line (its a-th from e)
// runs between the cells axisCell(e, dir, a, 0) and (…, 1), which the box
// holds: a line along a row reads the two cell rows beside it a word at a
// time, and one along a column two bits of each cell row.
func (m *shadowMaps) seamFrom(e Point, dir, limit int) int {
	switch dir {
	case 0, 1:
		r0 := m.tall[(e.Y-1-m.cy0)*m.cnw : (e.Y-m.cy0)*m.cnw]
		r1 := m.tall[(e.Y-m.cy0)*m.cnw : (e.Y+1-m.cy0)*m.cnw]
		if dir == 0 {
			i := e.X - m.cx0
			for w := i >> 6; w<<6 < i+limit; w++ {
				if both := (r0[w] & r1[w]) &^ lowBits(i-w<<6); both != 0 {
					return min(limit+1, w<<6+bits.TrailingZeros64(both)-i+1)
				}
			}
			return limit + 1
		}
		i := e.X - 1 - m.cx0 // the stretch a runs beside cell i-a
		for w := i >> 6; w >= 0 && w<<6+63 > i-limit; w-- {
			if both := r0[w] & r1[w] & lowBits(i-w<<6+1); both != 0 {
				return min(limit+1, i-(w<<6+63-bits.LeadingZeros64(both))+1)
			}
		}
		return limit + 1
	}
	i, j, step := e.X-1-m.cx0, e.Y-m.cy0, 1
	if dir == 3 {
		j, step = e.Y-1-m.cy0, -1
	}
	for a := range limit {
		row := m.tall[(j+step*a)*m.cnw:]
		if testBit(row, i) && testBit(row, i+1) {
			return a + 1
		}
	}
	return limit + 1
}

// axisCell returns the cell on side s (0: the lesser coordinate) of
// stretch a of the line from e in direction dir (see axisRay).
func axisCell(e Point, dir, a, s int) (cx, cy int) {
	switch dir {
	case 0:
		return e.X + a, e.Y - 1 + s
	case 1:
		return e.X - 1 - a, e.Y - 1 + s
	case 2:
		return e.X - 1 + s, e.Y + a
	}
	return e.X - 1 + s, e.Y - 1 - a
}

// axisBox returns the part's box relative to e in the frame of direction
// dir (see axisRay): [n0, n1] along it, [p0, p1] across it.
func (sp *shadowPart) axisBox(e Point, dir int) (n0, n1, p0, p1 float64) {
	x0, y0, x1, y1 := sp.box(e)
	switch dir {
	case 0:
		return x0, x1, y0, y1
	case 1:
		return -x1, -x0, y0, y1
	case 2:
		return y0, y1, x0, x1
	}
	return -y1, -y0, x0, x1
}

// sweepHalf sweeps the rows below e (sy = 1) or above it (sy = -1).
func (m *shadowMaps) sweepHalf(x *sightQuery, ci int, e Point, sy int, blk, may []uint64) {
	rows := m.by0 + m.bh - 1 - e.Y
	if sy < 0 {
		rows = e.Y - m.by0
	}
	if rows <= 0 {
		return
	}
	dxLo, dxHi := m.bx0-e.X, m.bx0+m.bw-1-e.X
	bf, mf := m.axisRay(e, 2+btoi(sy < 0), rows)
	m.partEvents(e, sy, rows)
	bu, mu := m.bu[:0], m.mu[:0]
	ev := 0
	for dy := 1; dy <= rows; dy++ {
		b := dy - 1
		cy := e.Y + b
		if sy < 0 {
			cy = e.Y - 1 - b
		}
		// The tall cells of row b, run by run (a run's ranges overlap, so
		// its union is one range; a run is cut where it crosses dx = 0,
		// whose line axisRay decides).
		if j := cy - m.cy0; j >= 0 && j < m.ch {
			off := m.cx0 - e.X // cell i is a = i+off from e's column
			at := 0            // the runs come in order of slope: bu[:at] end before the next
			fb, fb1 := float64(b), float64(b+1)
			for _, r := range m.runs[m.runAt[j]:m.runAt[j+1]] {
				a0, a1 := int(r[0])+off, int(r[1])-1+off
				if a0 < 0 && a1 >= 0 { // the part left of dx = 0 first
					bu, at = addOpenFrom(bu, slopeRange{cellLo(a0, b), 0}, at)
					a0 = 0
				}
				// cellLo(a0, b) and cellHi(a1, b), the run on one side.
				var g slopeRange
				switch {
				case b == 0:
					g = slopeRange{cellLo(a0, b), cellHi(a1, b)}
				case a0 >= 0:
					g = slopeRange{float64(a0) / fb1, float64(a1+1) / fb}
				default:
					g = slopeRange{float64(a0) / fb, float64(a1+1) / fb1}
				}
				bu, at = addOpenFrom(bu, g, at)
			}
		}
		for ; ev < len(m.eventOrder) && m.events[m.eventOrder[ev]].row <= dy; ev++ {
			v := m.events[m.eventOrder[ev]]
			if v.blocked {
				bu = addOpen(bu, v.r)
			} else {
				mu = addClosed(mu, v.r)
			}
		}
		qr := e.Y + sy*dy - m.by0
		r := qr * m.nw
		// Only the row's span is decided: dx in qLo..qHi.
		qLo, qHi := m.qlo[qr]+dxLo, m.qhi[qr]+dxLo
		if m.nw == 1 { // the usual box: a row is one word
			var w uint64
			for _, g := range bu {
				lo, hi := openBounds(g, dy)
				if lo > qHi {
					break
				}
				w |= spanBits(max(lo, qLo)-dxLo, min(hi, qHi)-dxLo)
			}
			blk[r] |= w
		} else {
			for _, g := range bu {
				lo, hi := openBounds(g, dy)
				if lo > qHi {
					break
				}
				setRange(blk[r:], max(lo, qLo)-dxLo, min(hi, qHi)-dxLo)
			}
		}
		if dxLo <= 0 && dxHi >= 0 {
			switch {
			case dy >= bf:
				setBit(blk[r:], -dxLo)
			case dy >= mf:
				setBit(may[r:], -dxLo)
			}
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
func (m *shadowMaps) partEvents(e Point, sy, rows int) {
	m.events = m.events[:0]
	for i := range m.parts {
		sp := &m.parts[i]
		X0, Y0, X1, Y1 := sp.box(e)
		if sy < 0 {
			Y0, Y1 = -Y1, -Y0
		}
		if Y1 <= 1e-6 {
			continue // not in this half-plane (the row through e is swept apart)
		}
		if sp.rise && !sp.inside(e) {
			m.riseEvents(sp, e, sy, rows)
			continue
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
		if start := max(1, int(math.Ceil(Y0-1e-6))); start <= rows {
			m.events = append(m.events, sweepEvent{row: start, r: r})
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

// riseEvents adds the exact events of a part riseEvents decides (see
// shadowPart) in the half-plane sy of eye corner e. Every line rises by dz from the eye to the reference end
// height, so it is lowest where it enters the rectangle, and it is blocked
// exactly when it crosses the rectangle's open interior (its slope is in
// the open cone) and enters before the fraction T/dz of its length (T: the
// top's height above the eye). With k = dz/T that is dy > k*y0 and, for a
// rectangle beside the eye's column, |dx| > k*|x| of its near side: the
// rectangle scaled by k about the eye blocks like a tall cell. Each row's
// blocked range holds the one before, so a range added at a row is right
// for all later rows. The line along the grid (dx = 0) is axisRay's.
func (m *shadowMaps) riseEvents(sp *shadowPart, e Point, sy, rows int) {
	dz, T := sp.dz, sp.above
	X0, Y0, X1, Y1 := sp.ix0-e.X, sp.iy0-e.Y, sp.ix1-e.X, sp.iy1-e.Y
	if sy < 0 {
		Y0, Y1 = -Y1, -Y0
	}
	Y0 = max(0, Y0)
	var lo, hi float64
	switch {
	case Y0 > 0:
		lo, hi = ratio(X0, Y0), ratio(X1, Y0)
		if X0 >= 0 {
			lo = ratio(X0, Y1)
		}
		if X1 <= 0 {
			hi = ratio(X1, Y1)
		}
	case X0 >= 0:
		lo, hi = ratio(X0, Y1), slopeInf
	case X1 <= 0:
		lo, hi = -slopeInf, ratio(X1, Y1)
	default:
		lo, hi = -slopeInf, slopeInf
	}
	for dy := dz*Y0/T + 1; dy <= rows; dy++ {
		g := slopeRange{lo, hi}
		switch {
		case X0 > 0:
			g.lo = max(lo, ratio(dz*X0, T*dy))
		case X1 < 0:
			g.hi = min(hi, ratio(dz*X1, T*dy))
		}
		m.events = append(m.events, sweepEvent{row: dy, blocked: true, r: g})
		if g == (slopeRange{lo, hi}) {
			break
		}
	}
}

// addOpen adds the open range g to the sorted union rs of open ranges,
// merging ranges that overlap on an open set (ranges that only touch stay
// apart: their common slope is not covered).
func addOpen(rs []slopeRange, g slopeRange) []slopeRange {
	rs, _ = addOpenFrom(rs, g, 0)
	return rs
}

// addOpenFrom is addOpen for a range that every range in rs[:from] ends
// before (at or below its low end). It also returns the index of the
// range of the union that holds g (from, when g is empty): a range whose
// low end is at least g's may start from there.
func addOpenFrom(rs []slopeRange, g slopeRange, from int) ([]slopeRange, int) {
	if !(g.lo < g.hi) {
		return rs, from
	}
	k := from
	for k < len(rs) && rs[k].hi <= g.lo {
		k++
	}
	if k < len(rs) && rs[k].lo <= g.lo && rs[k].hi >= g.hi {
		return rs, k // already covered
	}
	e := k
	for e < len(rs) && rs[e].lo < g.hi {
		e++
	}
	return spliceRange(rs, g, k, e), k
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

// btoi is 1 for true and 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spanBits returns a word with bits lo..hi set (0 <= lo, hi < 64; none
// when hi < lo).
func spanBits(lo, hi int) uint64 {
	if hi < lo {
		return 0
	}
	return (2<<uint(hi) - 1) &^ (1<<uint(lo) - 1)
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
func (x *sightQuery) shadowLine(i int, e, q Point, ze, zq float64) uint8 {
	m := &x.shadow
	qi, qj := q.X-m.bx0, q.Y-m.by0
	if q == e || ze != m.ze || qi < 0 || qj < 0 || qi >= m.bw || qj >= m.bh {
		return 0
	}
	if qi < m.qlo[qj] || qi > m.qhi[qj] {
		return 0
	}
	r := (i*m.bh + qj) * m.nw
	if testBit(m.blocked[r:], qi) {
		if zq <= m.zBlk {
			return 2
		}
		return 0
	}
	if !testBit(m.maybe[r:], qi) && zq >= m.zref {
		return 1
	}
	return 0
}
