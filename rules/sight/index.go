package sight

import (
	"math"
	"sync"

	"github.com/solarlune/resolv"
)

// Index is the board's obstacle store for sight, effect and cover
// queries. Every obstacle is split into convex parts (rectangles, convex
// polygons, triangles of a concave polygon, circles), each registered as a
// resolv shape in a resolv.Space whose cells are the board's tiles (one
// extra row and column so shapes touching the far edges have a cell). Raised
// floors are parts too: a tile with floor elevation e is a solid block e
// bricks tall that blocks sight and effect but gives no cover.
//
// Queries never call resolv's own line or intersection tests (they share
// package-level scratch and count touching as a hit): they walk the cells
// along a segment (walk.go) and run the exact tests in segment.go on the
// parts registered there. Per-cell maxima of the parts' tops let the walk
// skip a cell with one comparison when nothing in it is tall enough.
//
// Once built, the index is read only: a query keeps its scratch in a
// Query of its own, so any number of goroutines may query one board
// at once. Adding or removing an obstacle changes the index in place and
// must not overlap a query.
type Index struct {
	grid       Grid // the board's size and floors as the index was built
	count      int  // how many obstacles it holds
	version    int  // counts obstacles added and removed
	cols, rows int
	ts         float64
	space      *resolv.Space
	parts      map[int][]*part // by obstacle ID
	// preSight, preEffect, preBlock and preCover hold, per cell, the
	// highest top of the parts reaching into it that block sight, block
	// effect, block either, or give cover (-Inf when none).
	preSight, preEffect, preBlock, preCover []float64
	// fullSight holds, per cell, the highest top of the sight-blocking
	// grid rectangles that cover the whole cell (-Inf when none): the
	// field of view's exact sweep (shadow.go) reads it.
	fullSight []float64
	// minFloor is the board's lowest floor; raised holds one bit row per
	// tile row (tileRowWords words) of the tiles above it, and floorAbove, for each
	// whole height h below levelCount, those whose floor is above h (at
	// [(h*Height+y)*tileRowWords]).
	minFloor     int
	raised       []uint64
	floorAbove   []uint64
	tileRowWords int
	// tallAbove and sightAbove hold, for each whole height h below
	// levelCount, one bit row per cell row (cellRowWords words a row, at
	// [(h*rows+cy)*cellRowWords]) of the cells whose fullSight is above h+1e-6 (tall
	// for a shadow query whose higher end is h) and of those whose
	// preSight is above h: the shadow maps read them a word at a time.
	tallAbove, sightAbove []uint64
	cellRowWords          int

	// fills counts, per tile (row by row), the obstacles with some
	// height, not Walkable, that cover it (Shape.CoversTile): Fills.
	fills []int32

	nparts int // parts registered so far (the next part.id)
	// changes are the footprints of the latest obstacles added or
	// removed, oldest first, for caches that update incrementally.
	changes []indexChange
	// queries holds idle Query values, each with its scratch.
	queries sync.Pool
	// board is what the lazy fields of view made at this version decide
	// on (nil: none made yet), tail the board of the last change while
	// no board is made after it; frozen says a lazy field of view was
	// made once, so changes are noted (snapshot.go); cells holds a copy's
	// shape lists by cell (nil: the index's own, in space).
	board  *lazyBoard
	tail   *lazyBoard
	frozen bool
	cells  [][]resolv.IShape
	lazyMu sync.Mutex
}

// Query is one query's view of an index: the index, read only, and
// scratch of its own. Index.Query lends one out; Done returns it.
type Query struct {
	*Index
	stamp  uint32    // query counter for part de-duplication
	stamps []uint32  // [part.id]: the query that last met the part
	seams  []seamRec // collinear boundary overlaps of one segment
	cone   coneScratch
	// fovMemo and fovZ remember line answers during one field of view;
	// fovRows folds its shadow maps.
	fovMemo []uint8
	fovZ    []float64
	fovRows []uint64
	// finishFOV is Undecided.Finish's whole field of view.
	finishFOV FOV
	// tallTries, tallAsked and tallHits count a field of view's walked
	// lines, those tallCrossed was asked, and those it settled (tallFirst).
	tallTries, tallAsked, tallHits int
	// shadow proves most field-of-view lines without walking them
	// (shadow.go).
	shadow shadowMaps
	// others are the living units a cover query weighs as cover.
	others []Body
}

// part is one convex piece of an obstacle (or a raised floor tile).
type part struct {
	ob                   *Obstacle // nil for a raised floor
	top                  float64   // elevation of the top, in bricks
	sight, effect, cover bool
	circle               bool
	center               Vec
	r                    float64
	verts                []Vec // polygon vertices
	norms                []Vec // unit outward normal of edge i (verts[i] to verts[i+1])
	offs                 []float64
	min, max             Vec
	tmin, tmax           Vec // min and max in tiles: exact for a part on the grid
	id                   int // index into Index.stamps
	shape                resolv.IShape
	grid                 []Point // the vertices in tiles when all are grid intersections (polygons only)
	rect                 bool    // an axis-aligned rectangle with grid-intersection corners
}

// NewIndex builds the index of a grid and its obstacles.
func NewIndex(g Grid, obstacles []Obstacle) *Index {
	// The index keeps copies of the floors and obstacles.
	g.Floors = append([]int(nil), g.Floors...)
	ts := g.TileSize
	if ts <= 0 {
		ts = 1
	}
	x := &Index{grid: g, cols: g.Width + 1, rows: g.Height + 1, ts: float64(ts), parts: map[int][]*part{}}
	x.space = resolv.NewSpace(x.cols*ts, x.rows*ts, ts, ts)
	n := x.cols * x.rows
	x.preSight, x.preEffect, x.preBlock, x.preCover, x.fullSight = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range x.preSight {
		x.preSight[i], x.preEffect[i], x.preBlock[i], x.preCover[i], x.fullSight[i] = math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)
	}
	x.cellRowWords = (x.cols + 63) / 64
	x.tallAbove, x.sightAbove = make([]uint64, levelCount*x.rows*x.cellRowWords), make([]uint64, levelCount*x.rows*x.cellRowWords)
	x.buildRaised()
	x.fills = make([]int32, max(g.Width, 0)*max(g.Height, 0))
	for y := 0; y < g.Height; y++ {
		for xx := 0; xx < g.Width; xx++ {
			f := g.Floor(Point{X: xx, Y: y})
			if f <= 0 {
				continue
			}
			s := x.ts
			p := polyPart(nil, []Vec{{X: float64(xx) * s, Y: float64(y) * s}, {X: float64(xx+1) * s, Y: float64(y) * s}, {X: float64(xx+1) * s, Y: float64(y+1) * s}, {X: float64(xx) * s, Y: float64(y+1) * s}})
			p.top, p.sight, p.effect = float64(f), true, true
			x.register(p)
		}
	}
	for _, o := range obstacles {
		x.Add(o)
	}
	return x
}

// buildRaised fills minFloor and raised.
func (x *Index) buildRaised() {
	g := &x.grid
	x.tileRowWords = (g.Width + 63) / 64
	x.raised = make([]uint64, g.Height*x.tileRowWords)
	x.floorAbove = make([]uint64, levelCount*g.Height*x.tileRowWords)
	if len(g.Floors) == 0 {
		return
	}
	x.minFloor = g.Floors[0]
	for _, f := range g.Floors {
		x.minFloor = min(x.minFloor, f)
	}
	for i, f := range g.Floors {
		if f > x.minFloor {
			setBit(x.raised[i/g.Width*x.tileRowWords:], i%g.Width)
		}
		for h := range min(max(f, 0), levelCount) {
			setBit(x.floorAbove[(h*g.Height+i/g.Width)*x.tileRowWords:], i%g.Width)
		}
	}
}

// indexChange is one obstacle added or removed: the version it made and
// its footprint in pixels.
type indexChange struct {
	version int
	box     [2]Vec
}

// maxChanges bounds the change log; a cache further behind recomputes
// everything.
const maxChanges = 32

// noteChange bumps the version for an obstacle with footprint lo..hi
// added or removed and logs it.
func (x *Index) noteChange(lo, hi Vec) {
	x.version++
	if len(x.changes) == maxChanges {
		x.changes = append(x.changes[:0], x.changes[1:]...)
	}
	x.changes = append(x.changes, indexChange{x.version, [2]Vec{lo, hi}})
}

// changedSince appends to boxes the footprints of the obstacles added or
// removed since version v and returns them; ok is false when the log does
// not reach back to v.
func (x *Index) changedSince(v int, boxes [][2]Vec) (_ [][2]Vec, ok bool) {
	k := len(x.changes)
	for k > 0 && x.changes[k-1].version > v {
		k--
	}
	if x.version-v != len(x.changes)-k {
		return boxes, false
	}
	for _, c := range x.changes[k:] {
		boxes = append(boxes, c.box)
	}
	return boxes, true
}

// Add registers obstacle g: a copy of its geometry, split into parts.
func (x *Index) Add(g Obstacle) {
	o := &g
	ps := obstacleParts(o)
	x.freeze(x.partCells(ps, nil), o.ID)
	x.count++
	x.noteChange(o.Shape.Bounds())
	for _, p := range ps {
		p.ob = o
		p.top = float64(o.Base + o.Height)
		p.sight = o.BlocksSight && !o.ArrowSlit && o.Height > 0
		p.effect = o.BlocksEffect && !o.ArrowSlit && o.Height > 0
		p.cover = o.Height > 0 && (o.BlocksSight || o.BlocksEffect)
		x.register(p)
	}
	x.parts[o.ID] = ps
	if len(ps) > 0 { // Fills finds an obstacle by its parts
		x.countFills(o, 1)
		x.filled(o, 1)
	}
}

// countFills adds d to the fill count of every tile o covers, when o fills
// the tiles it covers (some height, not Walkable).
func (x *Index) countFills(o *Obstacle, d int32) {
	g := &x.grid
	if o.Height <= 0 || o.Walkable || len(x.fills) != g.Width*g.Height {
		return
	}
	for _, p := range o.Shape.CoveredTiles(g.TileSize, g.Width, g.Height, nil) {
		x.fills[p.Y*g.Width+p.X] += d
	}
}

// Remove unregisters the obstacle with the given ID and recomputes the cells
// touched.
func (x *Index) Remove(id int) {
	ps := x.parts[id]
	x.freeze(x.partCells(ps, nil), id)
	x.count--
	var lo, hi Vec
	if len(ps) > 0 {
		lo, hi = ps[0].ob.Shape.Bounds()
	}
	x.noteChange(lo, hi)
	if len(ps) > 0 {
		x.countFills(ps[0].ob, -1)
		x.filled(ps[0].ob, -1)
	}
	delete(x.parts, id)
	for _, p := range ps {
		x.space.Remove(p.shape)
	}
	for _, p := range ps {
		cx0, cy0, cx1, cy1 := x.cellRange(p.min, p.max)
		for cy := cy0; cy <= cy1; cy++ {
			for cx := cx0; cx <= cx1; cx++ {
				x.recomputeCell(cx, cy)
			}
		}
	}
}

// resolvShapes guards resolv's package-level shape counter, which every new
// shape increments: two boards may build their indexes at once.
var resolvShapes sync.Mutex

func (x *Index) register(p *part) {
	resolvShapes.Lock()
	if p.circle {
		p.shape = resolv.NewCircle(p.center.X, p.center.Y, p.r)
	} else {
		vs := make([]resolv.Vector, len(p.verts))
		for i, v := range p.verts {
			vs[i] = resolv.Vector{X: v.X, Y: v.Y}
		}
		p.shape = resolv.NewConvexPolygonVec(resolv.Vector{}, vs)
	}
	resolvShapes.Unlock()
	p.shape.SetData(p)
	// A part on the grid has its vertices at whole multiples of ts, so
	// its box in tiles is exact.
	p.tmin, p.tmax = Vec{X: p.min.X / x.ts, Y: p.min.Y / x.ts}, Vec{X: p.max.X / x.ts, Y: p.max.Y / x.ts}
	p.id = x.nparts
	x.nparts++
	p.grid = nil
	if !p.circle {
		for _, v := range p.verts {
			gx, gy := math.Round(v.X/x.ts), math.Round(v.Y/x.ts)
			if gx*x.ts != v.X || gy*x.ts != v.Y {
				p.grid = nil
				break
			}
			p.grid = append(p.grid, Point{X: int(gx), Y: int(gy)})
		}
		p.rect = isGridRect(p)
	}
	x.space.Add(p.shape)
	cx0, cy0, cx1, cy1 := x.cellRange(p.min, p.max)
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			x.raise(cx, cy, p)
		}
	}
}

// isGridRect reports whether polygon part p, whose vertices are all grid
// intersections, is an axis-aligned rectangle: four distinct vertices,
// each a corner of its bounding box.
func isGridRect(p *part) bool {
	if len(p.verts) != 4 || p.grid == nil {
		return false
	}
	var seen [4]bool
	for _, v := range p.verts {
		k := 0
		if v.X == p.max.X {
			k |= 1
		} else if v.X != p.min.X {
			return false
		}
		if v.Y == p.max.Y {
			k |= 2
		} else if v.Y != p.min.Y {
			return false
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// cellRange returns the cells a box is registered in, the way resolv does
// it (closed bounds: a box ending exactly on a cell edge is also in the
// next cell), clipped to the space.
func (x *Index) cellRange(min, max Vec) (cx0, cy0, cx1, cy1 int) {
	cl := func(v float64, n int) int {
		c := int(math.Floor(v / x.ts))
		return clampInt(c, 0, n-1)
	}
	return cl(min.X, x.cols), cl(min.Y, x.rows), cl(max.X, x.cols), cl(max.Y, x.rows)
}

// raise lifts cell (cx, cy)'s maxima to p's top when p reaches into the
// cell's interior. A part that only touches the cell's edge is still
// registered there (resolv does so, and seams along the edge are found
// through it) but cannot block inside the cell by itself: a seam needs a
// part on the far side of the edge, which reaches into this cell.
func (x *Index) raise(cx, cy int, p *part) {
	min := Vec{X: float64(float64(cx) * x.ts), Y: float64(float64(cy) * x.ts)}
	if !partOverlapsBox(p, min, Vec{X: min.X + x.ts, Y: min.Y + x.ts}) {
		return
	}
	i := cy*x.cols + cx
	if p.sight && p.top > x.preSight[i] {
		x.preSight[i] = p.top
	}
	if p.effect && p.top > x.preEffect[i] {
		x.preEffect[i] = p.top
	}
	if (p.sight || p.effect) && p.top > x.preBlock[i] {
		x.preBlock[i] = p.top
	}
	if p.sight && p.rect && p.top > x.fullSight[i] && p.min.X <= min.X && p.min.Y <= min.Y && p.max.X >= min.X+x.ts && p.max.Y >= min.Y+x.ts {
		x.fullSight[i] = p.top
	}
	if p.cover && p.top > x.preCover[i] {
		x.preCover[i] = p.top
	}
	x.syncLevels(cx, cy)
}

// levelCount bounds the whole heights tallAbove, sightAbove and
// floorAbove are kept for; queries at other heights read the per-cell
// maxima (or raised) instead.
const levelCount = 16

// syncLevels brings cell (cx, cy)'s bits in tallAbove and sightAbove in
// line with its fullSight and preSight.
func (x *Index) syncLevels(cx, cy int) {
	i := cy*x.cols + cx
	bit := uint64(1) << (cx & 63)
	for h := range levelCount {
		o := (h*x.rows+cy)*x.cellRowWords + cx>>6
		x.tallAbove[o] &^= bit
		if x.fullSight[i] > float64(h)+1e-6 {
			x.tallAbove[o] |= bit
		}
		x.sightAbove[o] &^= bit
		if x.preSight[i] > float64(h) {
			x.sightAbove[o] |= bit
		}
	}
}

// level returns h when z is a whole height below levelCount (ok), the
// heights the bit rows are kept for.
func level(z float64) (h int, ok bool) {
	if z >= 0 && z < levelCount && z == math.Trunc(z) {
		return int(z), true
	}
	return 0, false
}

func (x *Index) recomputeCell(cx, cy int) {
	i := cy*x.cols + cx
	x.preSight[i], x.preEffect[i], x.preBlock[i], x.preCover[i], x.fullSight[i] = math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)
	x.syncLevels(cx, cy)
	c := x.space.Cell(cx, cy)
	if c == nil {
		return
	}
	for _, sh := range c.Shapes {
		x.raise(cx, cy, sh.Data().(*part))
	}
}

// newQuery starts a query: every part counts as not met yet.
func (x *Query) newQuery() {
	x.stamp++
	if x.stamp == 0 { // wrapped: forget every old stamp
		clear(x.stamps)
		x.stamp = 1
	}
}

// mark records that the current query met part p and reports whether it
// is the first time.
func (x *Query) mark(p *part) bool {
	if x.stamps[p.id] == x.stamp {
		return false
	}
	x.stamps[p.id] = x.stamp
	return true
}

// cellParts returns the shapes registered in cell (cx, cy), or nil.
func (x *Index) cellParts(cx, cy int) []resolv.IShape {
	if x.cells != nil {
		if cx < 0 || cy < 0 || cx >= x.cols || cy >= x.rows {
			return nil
		}
		return x.cells[cy*x.cols+cx]
	}
	c := x.space.Cell(cx, cy)
	if c == nil {
		return nil
	}
	return c.Shapes
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
