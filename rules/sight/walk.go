package sight

import "math"

// Blocks says which kind of line a query traces: a line of sight is stopped
// by sight blockers, a line of effect by effect blockers (glass stops effect
// but not sight; smoke stops sight but not effect).
type Blocks uint8

// The kinds of blocking.
const (
	BlockSight Blocks = 1 << iota
	BlockEffect
)

// walkAxis starts a cell walk (Amanatides & Woo in pixel space, cell side
// cs) along one axis from coordinate x with direction d: the first cell c,
// the step (-1, 0 or 1) and the distance e along the axis to the first
// boundary (+Inf when d is 0). A walk moving down an axis starts in the
// cell left of a boundary it begins on.
func walkAxis(x, d, cs float64) (c, step int, e float64) {
	switch {
	case d > 0:
		c = int(math.Floor(x / cs))
		return c, 1, float64(float64(c+1)*cs) - x
	case d < 0:
		c = int(math.Ceil(x/cs)) - 1
		return c, -1, x - float64(float64(c)*cs)
	}
	return int(math.Floor(x / cs)), 0, math.Inf(1)
}

// lineClear is LineClear on the index.
func (x *Query) LineClear(from Vec, fromZ float64, to Vec, toZ float64, kinds Blocks) bool {
	// Canonical direction: the same answer whichever end is given first.
	if to.X < from.X || (to.X == from.X && (to.Y < from.Y || (to.Y == from.Y && toZ < fromZ))) {
		from, to, fromZ, toZ = to, from, toZ, fromZ
	}
	s := newSeg(from, fromZ, to, toZ)
	x.newQuery()
	x.seams = x.seams[:0]
	pre := x.preSight
	switch kinds {
	case BlockEffect:
		pre = x.preEffect
	case BlockSight | BlockEffect:
		pre = x.preBlock
	}
	// Walk the cells the segment passes through, in order: every cell
	// holding a point of the segment in its interior, and for a segment on
	// a grid line the cells on the side floor() picks (resolv registers
	// shapes in every cell their closed bounds touch, so both sides' shapes
	// are found there). Through a grid corner the walk steps diagonally.
	// Boundary positions are compared exactly by cross-multiplication, so
	// whole-pixel segments never lose a tie to rounding. Most cells hold
	// nothing tall enough to matter anywhere on the segment, and are passed
	// with one comparison and no division.
	low := math.Min(fromZ, toZ) + epsHeight
	cs := x.ts
	adx, ady := math.Abs(s.d.X), math.Abs(s.d.Y)
	cx, sx, ex := walkAxis(from.X, s.d.X, cs)
	cy, sy, ey := walkAxis(from.Y, s.d.Y, cs)
	// A segment along the board's bottom or right edge walks the last row
	// or column, whose parts have faces on that edge (see onBoardEdge).
	if s.d.Y == 0 && cy == x.grid.Height {
		cy--
	}
	if s.d.X == 0 && cx == x.grid.Width {
		cx--
	}
	inNum, inDen := 0.0, 1.0 // the segment enters the current cell at t = inNum/inDen
	for {
		crossX := adx > 0 && ex < adx
		crossY := ady > 0 && ey < ady
		if crossX && crossY {
			if l, r := ex*ady, ey*adx; l < r {
				crossY = false
			} else if r < l {
				crossX = false
			}
		}
		if cx >= 0 && cy >= 0 && cx < x.cols && cy < x.rows && pre[cy*x.cols+cx] > low {
			t1 := 1.0
			if crossX {
				t1 = ex / adx
			} else if crossY {
				t1 = ey / ady
			}
			if pre[cy*x.cols+cx] > s.minHeight(inNum/inDen, t1)+epsHeight && x.cellBlocks(&s, cx, cy, kinds) {
				return false
			}
		}
		if !crossX && !crossY {
			return true
		}
		if crossX {
			inNum, inDen = ex, adx
			cx += sx
			ex += cs
		}
		if crossY {
			inNum, inDen = ey, ady
			cy += sy
			ey += cs
		}
	}
}

// cellBlocks runs the exact test on every part in cell (cx, cy) not yet
// tested for this segment.
func (x *Query) cellBlocks(s *seg, cx, cy int, kinds Blocks) bool {
	for _, sh := range x.cellParts(cx, cy) {
		p := sh.Data().(*part)
		if !x.mark(p) {
			continue
		}
		if !(kinds&BlockSight != 0 && p.sight || kinds&BlockEffect != 0 && p.effect) {
			continue
		}
		if x.blocks(s, p) {
			return true
		}
	}
	return false
}
