package sight

import "math"

// slopeRange is a range of slopes dx/dy, open or closed by its use. An
// end on the grid is the float64 quotient of two small integers, which
// keeps slopes exactly ordered and equal slopes equal; an end off the grid
// is widened when it is turned into intersections. ±slopeInf stands for an
// infinite slope: every slope a box can hold is far smaller.
type slopeRange struct{ lo, hi float64 }

// slopeInf stands for an infinite slope.
const slopeInf = 1e9

func ratio(p, q int) float64 { return float64(p) / float64(q) }

// slopeOf is the slope X/Y of a corner of a part's box, held within
// ±slopeInf (X and Y are whole numbers for a part on the grid, so it is
// ratio's exact quotient there).
func slopeOf(X, Y float64) float64 { return max(-slopeInf, min(slopeInf, X/Y)) }

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
	return int(math.Floor(float64(g.lo*d)+1e-7)) + 1, int(math.Ceil(float64(g.hi*d)-1e-7)) - 1
}

// closedBounds returns the least and greatest dx with dx/dy in the closed
// range g, widened by a margin that covers the rounding of ends off the
// grid and is still far below 1/1024 for ends on it.
func closedBounds(g slopeRange, dy int) (lo, hi int) {
	d := float64(dy)
	l, h := float64(g.lo*d), float64(g.hi*d)
	return int(math.Ceil(l - 1e-6 - float64(1e-9*math.Abs(l)))), int(math.Floor(h + 1e-6 + float64(1e-9*math.Abs(h))))
}
