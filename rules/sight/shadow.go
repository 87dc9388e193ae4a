package sight

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
//     a tall cell does. A convex part above both ends of every line
//     the maps call blocked, wholly beyond the eye's row, blocks the lines
//     past its far side whose slope is well inside its own (farEvents).
//     Any other partial part, and those where they do not block, let a
//     line be proved clear only if the line cannot touch it.
//
// sweep decides every intersection of the box at once, half-plane by
// half-plane and row by row, in exact slopes: see there. A line the maps
// call blocked is blocked for every end height at most the reference
// target height (a lower end only lowers the line); a line they call clear
// is clear for every end height at least the reference.

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
	// zBlocked is the highest end height blocked lines are blocked for (at
	// least zref).
	zBlocked float64
	// The eye corners' box, and the square of the longest line the maps
	// decide (outOfReach).
	ex0, ey0, ex1, ey1, reach2 float64
	// riseDz is the whole rise zref-ze when positive (riseEvents), or 0.
	riseDz int
	// tallTop is the height a partial part's top must be above to block
	// every line of the query it crosses (farEvents); ts is the tile size
	// in pixels.
	tallTop, ts float64

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
func (x *Query) buildShadows(vc []Point, x0, y0, x1, y1 int, ze, zref float64, d disk) {
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
			r := hypot(ex-d.cx, ey-d.cy) + d.r
			m.reach2 = max(m.reach2, r*r) // math.Pow(r, 2) on amd64, bit for bit
			continue
		}
		for _, q := range [4][2]float64{{float64(x0), float64(y0)}, {float64(x1 + 1), float64(y0)}, {float64(x0), float64(y1 + 1)}, {float64(x1 + 1), float64(y1 + 1)}} {
			m.reach2 = max(m.reach2, Vec{q[0] - ex, q[1] - ey}.Len2())
		}
	}
	m.tall = grow(m.tall, m.ch*m.cnw)
	clear(m.tall)
	tallTop := zHi + 1e-6
	m.tallTop, m.ts = tallTop, x.ts
	hHi, okHi := level(zHi)
	hLo, okLo := level(zLo)
	for j := 0; j < m.ch; j++ {
		row := m.tall[j*m.cnw : (j+1)*m.cnw]
		cy := m.cy0 + j
		if cy < 0 || cy >= x.grid.Height {
			setRange(row, 0, m.cw-1)
			continue
		}
		// Cells i0..i1 are on the board; the rest of the row is outside.
		i0, i1 := max(0, -m.cx0), min(m.cw-1, x.grid.Width-1-m.cx0)
		setRange(row, 0, i0-1)
		setRange(row, i1+1, m.cw-1)
		if okHi {
			src := x.tallAbove[(hHi*x.rows+cy)*x.cellRowWords : (hHi*x.rows+cy+1)*x.cellRowWords]
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
			tr := x.tallAbove[(hHi*x.rows+cy)*x.cellRowWords : (hHi*x.rows+cy+1)*x.cellRowWords]
			sr := x.sightAbove[(hLo*x.rows+cy)*x.cellRowWords : (hLo*x.rows+cy+1)*x.cellRowWords]
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
	m.zBlocked = zref
	if !slices.ContainsFunc(m.parts, func(sp shadowPart) bool { return sp.rise }) {
		m.zBlocked = max(zref, math.Floor(zHi)+1)
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
func (m *shadowMaps) addParts(x *Query, cx, cy int, zLo, tallTop float64) {
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
	return Vec{gx, gy}.Len2()*dz*dz >= m.reach2*T*T
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
			hw := math.Sqrt(max(0, float64(d.r*d.r)-float64(dy*dy)))
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
			hw := math.Sqrt(max(0, float64(d.r*d.r)-float64(dy*dy)))
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

// tallCell reports whether cell (cx, cy) is tall (false outside the box).
func (m *shadowMaps) tallCell(cx, cy int) bool {
	i, j := cx-m.cx0, cy-m.cy0
	if i < 0 || j < 0 || i >= m.cw || j >= m.ch {
		return false
	}
	return m.tall[j*m.cnw+i>>6]&(1<<(i&63)) != 0
}

// shadowLine answers the line from eye corner i (grid intersection e, at
// height ze, the maps' eye height) to grid intersection q (at height zq)
// from the maps: 1 clear, 2 blocked, 0 unknown (walk it).
func (x *Query) shadowLine(i int, e, q Point, ze, zq float64) uint8 {
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
		if zq <= m.zBlocked {
			return 2
		}
		return 0
	}
	if !testBit(m.maybe[r:], qi) && zq >= m.zref {
		return 1
	}
	return 0
}
