package rules

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

// cellWalk visits, in order, the grid cells a segment passes through
// (Amanatides & Woo in pixel space, cell side cs). Every cell holding a
// point of the segment in its interior is visited, and for a segment lying
// on a grid line the cells on the side floor() picks are visited (resolv
// registers shapes in every cell their closed bounds touch, so both sides'
// shapes are found there). Where the segment passes exactly through a grid
// corner it steps diagonally. Boundary positions are compared exactly by
// cross-multiplication, so whole-pixel segments never lose a tie to
// rounding.
type cellWalk struct {
	cx, cy, sx, sy int
	ex, ey         float64 // distance along x / y from the start to the next boundary
	adx, ady       float64
	cs             float64
	t              float64
	done           bool
}

func (w *cellWalk) init(p0, p1 Vec, cs float64) {
	dx, dy := p1.X-p0.X, p1.Y-p0.Y
	w.cs, w.t, w.done = cs, 0, false
	w.adx, w.ady = math.Abs(dx), math.Abs(dy)
	w.cx, w.sx, w.ex = walkAxis(p0.X, dx, cs)
	w.cy, w.sy, w.ey = walkAxis(p0.Y, dy, cs)
}

func walkAxis(x, d, cs float64) (c, step int, e float64) {
	switch {
	case d > 0:
		c = int(math.Floor(x / cs))
		return c, 1, float64(c+1)*cs - x
	case d < 0:
		c = int(math.Ceil(x/cs)) - 1
		return c, -1, x - float64(c)*cs
	}
	return int(math.Floor(x / cs)), 0, math.Inf(1)
}

// next returns the next cell and the parameter range [t0, t1] of the
// segment inside it; ok is false after the last cell.
func (w *cellWalk) next() (cx, cy int, t0, t1 float64, ok bool) {
	if w.done {
		return 0, 0, 0, 0, false
	}
	cx, cy, t0 = w.cx, w.cy, w.t
	crossX := w.adx > 0 && w.ex < w.adx
	crossY := w.ady > 0 && w.ey < w.ady
	switch {
	case !crossX && !crossY:
		w.done = true
		return cx, cy, t0, 1, true
	case crossX && crossY:
		l, r := w.ex*w.ady, w.ey*w.adx
		switch {
		case l < r:
			crossY = false
		case r < l:
			crossX = false
		}
	}
	if crossX {
		t1 = w.ex / w.adx
		w.cx += w.sx
		w.ex += w.cs
	}
	if crossY {
		t1 = w.ey / w.ady
		w.cy += w.sy
		w.ey += w.cs
	}
	w.t = t1
	return cx, cy, t0, t1, true
}

// LineClear is the one geometric predicate behind every sight, effect, fog
// of war and overwatch answer. It reports whether the 2.5D segment from
// from (at height fromZ bricks) to to (at height toZ) is unblocked by the
// board's blockers of the given kinds: no blocker's interior is crossed
// where the blocker's top (Base+Height, or a raised floor's elevation) is
// strictly above the segment's height at that point. Touching is not
// blocking: a segment along a face of a blocker, through its corner, or
// exactly at its top height passes, unless it runs along the seam between
// two blockers that are both taller than it there. Arrow slits never block
// (their slit lets lines through). The answer does not depend on the
// direction of the segment or the order obstacles were added.
func (b *Board) LineClear(from Vec, fromZ float64, to Vec, toZ float64, kinds Blocks) bool {
	return b.sightIndex().lineClear(from, fromZ, to, toZ, kinds)
}

func (x *sightIndex) lineClear(from Vec, fromZ float64, to Vec, toZ float64, kinds Blocks) bool {
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
	// The cell walk of cellWalk, inlined: most cells hold nothing tall
	// enough to matter anywhere on the segment, and are passed with one
	// comparison and no division.
	low := math.Min(fromZ, toZ) + epsHeight
	cs := x.ts
	adx, ady := math.Abs(s.d.X), math.Abs(s.d.Y)
	cx, sx, ex := walkAxis(from.X, s.d.X, cs)
	cy, sy, ey := walkAxis(from.Y, s.d.Y, cs)
	// A segment along the board's bottom or right edge walks the last row
	// or column, whose parts have faces on that edge (see onBoardEdge).
	if s.d.Y == 0 && cy == x.board.Height {
		cy--
	}
	if s.d.X == 0 && cx == x.board.Width {
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
func (x *sightIndex) cellBlocks(s *seg, cx, cy int, kinds Blocks) bool {
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
