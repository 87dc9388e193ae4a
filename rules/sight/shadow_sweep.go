package sight

import (
	"math"
	"math/bits"
)

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
// its nearest row; a tall one blocks the lines past it too (farEvents).
func (m *shadowMaps) sweep(x *Query, ci int, e Point, blocked, maybe []uint64) {
	dxLo, dxHi := m.bx0-e.X, m.bx0+m.bw-1-e.X
	// The row through e.
	r0 := (e.Y - m.by0) * m.nw
	setBit(maybe[r0:], e.X-m.bx0)
	for dir, limit := range [2]int{dxHi, -dxLo} {
		bf, mf := m.axisRay(e, dir, limit)
		if dir == 0 {
			setRange(maybe[r0:], mf-dxLo, dxHi-dxLo)
			setRange(blocked[r0:], bf-dxLo, dxHi-dxLo)
		} else {
			setRange(maybe[r0:], 0, -mf-dxLo)
			setRange(blocked[r0:], 0, -bf-dxLo)
		}
	}
	for _, sy := range [2]int{1, -1} {
		m.sweepHalf(x, ci, e, sy, blocked, maybe)
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
func (m *shadowMaps) sweepHalf(x *Query, ci int, e Point, sy int, blocked, maybe []uint64) {
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
			blocked[r] |= w
		} else {
			for _, g := range bu {
				lo, hi := openBounds(g, dy)
				if lo > qHi {
					break
				}
				setRange(blocked[r:], max(lo, qLo)-dxLo, min(hi, qHi)-dxLo)
			}
		}
		if dxLo <= 0 && dxHi >= 0 {
			switch {
			case dy >= bf:
				setBit(blocked[r:], -dxLo)
			case dy >= mf:
				setBit(maybe[r:], -dxLo)
			}
		}
		for _, g := range mu {
			lo, hi := closedBounds(g, dy)
			setRange(maybe[r:], max(lo, dxLo)-dxLo, min(hi, dxHi)-dxLo)
		}
	}
	m.bu, m.mu = bu, mu
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
		if sp.p.top > m.tallTop && Y0 > 1e-6 {
			m.farEvents(sp.p, e, sy, Y1, rows)
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

// farMargin narrows the open range of slopes a part off the grid blocks
// (farEvents), relative to the slope: its ends are not quotients of small
// integers, and a line near an end crosses the part for so short a
// stretch that LineClear may call it touching.
const farMargin = 1e-5

// farEvents adds the blocked range of part p, whose top is above every
// line the maps call blocked and which lies wholly beyond e's row in the
// half-plane sy (its far side at row Y1 from e): a line from e crosses the
// open interior of a convex part exactly when its slope is strictly
// between the least and the greatest slope of the part (its vertices', or
// a circle's tangents'), and the line to an intersection of a row at least
// Y1 away holds the whole crossing. So from that row on, the slopes inside
// that range, narrowed by farMargin, are blocked.
func (m *shadowMaps) farEvents(p *part, e Point, sy int, Y1 float64, rows int) {
	row := max(1, int(math.Ceil(Y1-1e-9)))
	if row > rows {
		return
	}
	ex, ey := float64(float64(e.X)*m.ts), float64(float64(e.Y)*m.ts)
	fy := float64(sy)
	var lo, hi float64
	if p.circle {
		// The tangents x = u*y from e to the circle (centre (cx, cy),
		// radius r, cy > r): (cx - u*cy)^2 = r^2 (1 + u^2).
		cx, cy, r := p.center.X-ex, (p.center.Y-ey)*fy, p.r
		d := float64(cy*cy) - float64(r*r)
		if d <= 0 {
			return
		}
		sq := float64(r * math.Sqrt(float64(cx*cx)+d))
		lo, hi = (float64(cx*cy)-sq)/d, (float64(cx*cy)+sq)/d
	} else {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, v := range p.verts {
			y := (v.Y - ey) * fy
			if y <= 0 {
				return
			}
			u := (v.X - ex) / y
			lo, hi = min(lo, u), max(hi, u)
		}
	}
	g := slopeRange{lo + float64(farMargin*(1+math.Abs(lo))), hi - float64(farMargin*(1+math.Abs(hi)))}
	if !(g.lo < g.hi) || math.Abs(g.lo) >= slopeInf || math.Abs(g.hi) >= slopeInf {
		return
	}
	m.events = append(m.events, sweepEvent{row: row, blocked: true, r: g})
}
