package sight

import (
	"maps"
	"slices"
	"sync"

	"github.com/solarlune/resolv"
)

// lazyBoard is the board the lazy fields of view (Undecided) made on one
// version of an index decide their tiles on: the index itself while it
// stays at that version, and the index as it was once it changes in place.
// Every Undecided made at one version shares it, so one that outlives the
// change (a Witness read late) still answers as of the board it was made
// on.
//
// A change does not copy the index: it notes what it replaces (undo, the
// cells it touches) and links the board to the next version's (next).
// A question whose cells no change since touches reads the index as it is
// (the same answer); only one that reads a changed cell has the index
// copied and the changes undone, once per board (old).
type lazyBoard struct {
	x       *Index
	version int        // x's version when the board was made
	undo    *indexUndo // what the change after version replaced (nil: x is still at version)
	next    *lazyBoard // the board of the version after (nil: x as it stands)
	mu      sync.Mutex // guards old, built by a reader
	old     *Index     // x as it was at version, once a question needed it
}

// indexUndo is what one change of an index (an obstacle added or
// removed) replaced: the cells its parts reach into (cells, as partCells
// gives them), and for those and the cells around them their maxima and
// shape lists before; the obstacle's parts by ID, the fill count change
// and the number of obstacles before.
type indexUndo struct {
	cells [][4]int
	saved []cellUndo
	id    int
	parts []*part
	had   bool
	fill  *Obstacle // countFills(fill, -fillD) undoes the change's
	fillD int32
	count int
}

// cellUndo is one cell as it was before a change.
type cellUndo struct {
	i                                 int
	sight, effect, block, cover, full float64
	list                              []resolv.IShape
}

// lazyBoard returns the board the lazy fields of view made now decide
// on.
func (x *Index) lazyBoard() *lazyBoard {
	x.lazyMu.Lock()
	defer x.lazyMu.Unlock()
	return x.boardNow()
}

// boardNow is lazyBoard, under lazyMu: the board of the current version,
// linked after the last changed one.
func (x *Index) boardNow() *lazyBoard {
	if x.board == nil {
		x.board = &lazyBoard{x: x, version: x.version}
		if x.tail != nil {
			x.tail.next, x.tail = x.board, nil
		}
	}
	return x.board
}

// freeze notes, before x changes in place over the cells of cells (an
// obstacle's parts' ranges, partCells) for obstacle id, what the change
// replaces, for the lazy fields of view made at this version or before.
// The shape lists of those cells and the cells around them are copied
// first (resolv removes a shape from a list in place), so the lists a
// board read before stay as they were. Nothing is noted before the first
// lazy field of view (NewIndex adding).
func (x *Index) freeze(cells [][4]int, id int) {
	x.lazyMu.Lock()
	defer x.lazyMu.Unlock()
	x.frozen = x.frozen || x.board != nil
	if !x.frozen {
		return
	}
	b := x.boardNow()
	x.board, x.tail = nil, b
	ps, had := x.parts[id]
	u := &indexUndo{cells: slices.Clone(cells), id: id, parts: ps, had: had, count: x.count}
	for _, r := range cells {
		for cy := max(r[1]-1, 0); cy <= min(r[3]+1, x.rows-1); cy++ {
			for cx := max(r[0]-1, 0); cx <= min(r[2]+1, x.cols-1); cx++ {
				i := cy*x.cols + cx
				s := cellUndo{i: i, sight: x.preSight[i], effect: x.preEffect[i], block: x.preBlock[i], cover: x.preCover[i], full: x.fullSight[i]}
				if c := x.space.Cell(cx, cy); c != nil {
					s.list = c.Shapes
					c.Shapes = slices.Clone(c.Shapes)
				}
				u.saved = append(u.saved, s)
			}
		}
	}
	b.undo = u
}

// filled notes that the change frozen last adds d to the fill counts of
// o's tiles (countFills).
func (x *Index) filled(o *Obstacle, d int32) {
	x.lazyMu.Lock()
	defer x.lazyMu.Unlock()
	if x.tail != nil && x.tail.undo != nil {
		x.tail.undo.fill, x.tail.undo.fillD = o, d
	}
}

// index returns the index to answer a question on that reads only the
// cells cx0..cx1, cy0..cy1: x itself when no change since the board's
// version touches them, else x as it was.
func (b *lazyBoard) index(cx0, cy0, cx1, cy1 int) *Index {
	b.x.lazyMu.Lock()
	defer b.x.lazyMu.Unlock()
	for n := b; n != nil && n.undo != nil; n = n.next {
		for _, r := range n.undo.cells {
			if r[0]-1 <= cx1 && r[2]+1 >= cx0 && r[1]-1 <= cy1 && r[3]+1 >= cy0 {
				return b.asWas()
			}
		}
	}
	return b.x
}

// questionReach is how many cells beyond the box of two spaces a question
// between them (a line of sight, SeesTile) reads: a prone body's contact
// strips (Rested), the closed cell ranges of points on a cell's edge and
// the cells a line's walk looks into beside it, with a cell to spare.
const questionReach = 2

// between returns the index to answer a question between the space of
// size sa at pa and the space of size sb at pb on (index).
func (b *lazyBoard) between(pa Point, sa int, pb Point, sb int) *Index {
	r := questionReach
	return b.index(min(pa.X, pb.X)-r, min(pa.Y, pb.Y)-r, max(pa.X+max1(sa), pb.X+max1(sb))+r, max(pa.Y+max1(sa), pb.Y+max1(sb))+r)
}

// whole returns the index as it was at the board's version, for a
// question that reads every cell.
func (b *lazyBoard) whole() *Index {
	b.x.lazyMu.Lock()
	defer b.x.lazyMu.Unlock()
	if b.undo == nil {
		return b.x
	}
	return b.asWas()
}

// asWas returns x as it was at the board's version: a copy of x with
// every change since undone, newest first, built once. Under x's lazyMu.
func (b *lazyBoard) asWas() *Index {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.old != nil {
		return b.old
	}
	x := b.x
	old := &Index{grid: x.grid, count: x.count, version: b.version, cols: x.cols, rows: x.rows, ts: x.ts,
		parts:    maps.Clone(x.parts),
		preSight: slices.Clone(x.preSight), preEffect: slices.Clone(x.preEffect), preBlock: slices.Clone(x.preBlock), preCover: slices.Clone(x.preCover),
		fullSight: slices.Clone(x.fullSight),
		minFloor:  x.minFloor, raised: x.raised, floorAbove: x.floorAbove, tileRowWords: x.tileRowWords,
		tallAbove: slices.Clone(x.tallAbove), sightAbove: slices.Clone(x.sightAbove), cellRowWords: x.cellRowWords,
		fills:  slices.Clone(x.fills),
		nparts: x.nparts,
		cells:  make([][]resolv.IShape, x.cols*x.rows),
	}
	for cy := range x.rows {
		for cx := range x.cols {
			if c := x.space.Cell(cx, cy); c != nil {
				old.cells[cy*x.cols+cx] = c.Shapes
			}
		}
	}
	var chain []*indexUndo
	for n := b; n != nil && n.undo != nil; n = n.next {
		chain = append(chain, n.undo)
	}
	for _, u := range slices.Backward(chain) {
		old.undoChange(u)
	}
	b.old = old
	return old
}

// undoChange puts back in copy x what change u replaced.
func (x *Index) undoChange(u *indexUndo) {
	for _, s := range u.saved {
		x.preSight[s.i], x.preEffect[s.i], x.preBlock[s.i], x.preCover[s.i], x.fullSight[s.i] = s.sight, s.effect, s.block, s.cover, s.full
		x.cells[s.i] = s.list
	}
	for _, s := range u.saved {
		x.syncLevels(s.i%x.cols, s.i/x.cols)
	}
	if u.had {
		x.parts[u.id] = u.parts
	} else {
		delete(x.parts, u.id)
	}
	if u.fill != nil {
		x.countFills(u.fill, -u.fillD)
	}
	x.count = u.count
}

// partCells appends to r the cell ranges (cx0, cy0, cx1, cy1) of parts
// ps.
func (x *Index) partCells(ps []*part, r [][4]int) [][4]int {
	for _, p := range ps {
		cx0, cy0, cx1, cy1 := x.cellRange(p.min, p.max)
		r = append(r, [4]int{cx0, cy0, cx1, cy1})
	}
	return r
}
