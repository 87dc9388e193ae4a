package sight

import (
	"maps"
	"slices"

	"github.com/solarlune/resolv"
)

// lazyBoard is the board the lazy fields of view (Undecided) made on one
// version of an index decide their tiles on: the index itself while it
// stays at that version, and a frozen copy of it as it was (freeze) once
// it changes in place. Every Undecided made at one version shares it, so
// one that outlives the change (a Witness read late) still answers as of
// the board it was made on.
type lazyBoard struct {
	x *Index
}

// lazyBoard returns the board the lazy fields of view made now decide
// on.
func (x *Index) lazyBoard() *lazyBoard {
	x.lazyMu.Lock()
	defer x.lazyMu.Unlock()
	if x.board == nil {
		x.board = &lazyBoard{x: x}
	}
	return x.board
}

// freeze hands the lazy fields of view made at the current version a
// copy of x as it is, before x changes in place over the cells cx0..cx1,
// cy0..cy1 (an obstacle's parts' cells). The copy shares what x changes
// only by replacing it: the cells' shape lists in that range are copied
// first (resolv removes a shape from a list in place), the per-cell and
// per-tile arrays and the parts by ID are copied whole (a few MB on
// 256×256, against a whole field of view per lazy one, which deciding
// them all before the change built).
func (x *Index) freeze(cells [][4]int) {
	x.lazyMu.Lock()
	b := x.board
	x.board = nil
	x.lazyMu.Unlock()
	x.frozen = x.frozen || b != nil
	if !x.frozen {
		return // no copy shares a cell's list yet (NewIndex adding)
	}
	// Every copy made so far shares the lists of the cells it did not
	// see change: each change replaces the lists it touches.
	for _, r := range cells {
		for cy := max(r[1]-1, 0); cy <= min(r[3]+1, x.rows-1); cy++ {
			for cx := max(r[0]-1, 0); cx <= min(r[2]+1, x.cols-1); cx++ {
				if c := x.space.Cell(cx, cy); c != nil {
					c.Shapes = slices.Clone(c.Shapes)
				}
			}
		}
	}
	if b == nil {
		return
	}
	old := &Index{grid: x.grid, count: x.count, version: x.version, cols: x.cols, rows: x.rows, ts: x.ts,
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
	b.x = old
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
