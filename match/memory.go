package match

import (
	"slices"

	"sightline/rules"
)

// Memory is what each side of a battle remembers of the board's
// obstacles, for the fog of war to draw in the tiles the side does not see:
// every obstacle as the side last saw it (a copy: shape, kind, wounds), or
// gone, and none it has not seen. A side sees an obstacle when it sees a
// tile the obstacle covers (Shape.CoversTile, the tiles the Witness counts
// as the cover's), on the board or where the side remembers it (so seeing
// a tile where it remembers one that is gone tells it so). Seeing an
// obstacle sets the memory to the board: its current look, or gone. Both
// sides start remembering the board as loaded (the level is known).
type Memory struct {
	sides [2]recall
	cover []shapeTiles // the tiles each obstacle covers, by ID-1
	seen  seenSync     // what lets See look only at what is new (memory_sync.go)
}

// maxCachedID bounds the obstacle IDs whose tiles Memory keeps: a board's
// IDs count up from 1, so any real board's are far below it.
const maxCachedID = 1 << 16

// shapeTiles is the tiles of a board one obstacle's shape covers, with
// the shape and board size they were worked out for: an obstacle keeps
// its shape, so they are worked out once a battle, not at every See.
type shapeTiles struct {
	shape rules.Shape
	grid  grid
	tiles []rules.Point
}

// grid is a board's size: in tiles, and a tile's in pixels.
type grid struct{ width, height, tileSize int }

func gridOf(b *rules.Board) grid { return grid{b.Width, b.Height, b.TileSize} }

// recall is one side's memory.
type recall struct {
	list  []memo            // in the order first seen: the board's at the start
	at    map[int]int       // index in list by obstacle ID
	shown []*rules.Obstacle // the standing ones, rebuilt by See
	pass  int               // counts See calls, to find the obstacles off the board
	// covered holds the tiles the side saw since See last looked at every
	// obstacle (ok false: the next See will); odd, the memos that were
	// not gone then and do not stand on the board with their shape
	// (memory_sync.go).
	covered []uint64
	ok      bool
	odd     []int
}

// memo is one remembered obstacle.
type memo struct {
	o    rules.Obstacle
	gone bool
	pass int // the last See that found it on the board
}

// NewMemory returns a memory in which both sides remember b's obstacles.
func NewMemory(b *rules.Board) *Memory {
	m := &Memory{}
	for i := range m.sides {
		r := &m.sides[i]
		r.at = make(map[int]int, len(b.Obstacles))
		for _, o := range b.Obstacles {
			r.at[o.ID] = len(r.list)
			r.list = append(r.list, memo{o: *o})
		}
		r.collect()
	}
	return m
}

// See updates what v's side remembers with what it sees on b: each
// obstacle it sees is remembered as it stands on b, or as gone. It
// reports whether that changed what the side remembers.
func (m *Memory) See(b *rules.Board, v *Visibility) bool {
	if v == nil || v.Side < 0 || int(v.Side) >= len(m.sides) {
		return false
	}
	m.sync(b)
	return m.see(b, v)
}

// see is See once sync has compared b with the last See's copy (and b
// has not changed since).
func (m *Memory) see(b *rules.Board, v *Visibility) bool {
	if v == nil || v.Side < 0 || int(v.Side) >= len(m.sides) {
		return false
	}
	r := &m.sides[v.Side]
	if r.ok && v.Width == b.Width && v.Height == b.Height && len(v.seen) == len(r.covered) {
		return m.seeNew(b, v, r)
	}
	changed := m.seeAll(b, v, r)
	m.synced(b, v, r)
	return changed
}

// seeAll is See looking at every obstacle of b and every memo of r, but
// for the obstacles r remembers as they stand: seeing them changes nothing.
func (m *Memory) seeAll(b *rules.Board, v *Visibility, r *recall) bool {
	return m.lookAll(b, v, r, true)
}

// lookAll is seeAll; skipClean false looks at the obstacles remembered as
// they stand too (what See means, for the tests).
func (m *Memory) lookAll(b *rules.Board, v *Visibility, r *recall, skipClean bool) bool {
	r.pass++
	changed := false
	for _, o := range b.Obstacles {
		i, known := r.at[o.ID]
		if known {
			r.list[i].pass = r.pass
			if e := &r.list[i]; skipClean && !e.gone && sameValues(&e.o, o) {
				continue // remembered as it stands: seeing it changes nothing
			}
		}
		if !m.sees(b, v, o.ID, o.Shape) && (!known || !m.sees(b, v, o.ID, r.list[i].o.Shape)) {
			continue
		}
		if !known {
			i = len(r.list)
			r.at[o.ID] = i
			r.list = append(r.list, memo{pass: r.pass})
		}
		e := &r.list[i]
		changed = changed || !known || e.gone || e.o.Wounds != o.Wounds
		e.o, e.gone = *o, false
	}
	for i := range r.list {
		e := &r.list[i]
		if e.pass != r.pass && !e.gone && m.sees(b, v, e.o.ID, e.o.Shape) {
			e.gone, changed = true, true
		}
	}
	r.collect()
	return changed
}

// Obstacles returns the obstacles side remembers standing, in the order
// it first saw them (the board's order: new obstacles come last). The slice and the obstacles are the memory's: they
// stay valid until the next See.
func (m *Memory) Obstacles(side rules.Side) []*rules.Obstacle {
	if side < 0 || int(side) >= len(m.sides) {
		return nil
	}
	return m.sides[side].shown
}

// collect rebuilds the list of standing obstacles.
func (r *recall) collect() {
	r.shown = r.shown[:0]
	for i := range r.list {
		if !r.list[i].gone {
			r.shown = append(r.shown, &r.list[i].o)
		}
	}
}

// sees reports whether v sees a tile of b that shape (obstacle id's)
// covers.
func (m *Memory) sees(b *rules.Board, v *Visibility, id int, shape rules.Shape) bool {
	for _, p := range m.tilesOf(b, id, shape) {
		if v.Seen(p) {
			return true
		}
	}
	return false
}

// tilesOf returns the tiles of b that shape (obstacle id's) covers, from
// the cache when they were worked out for the same shape on a board of
// the same size. The slice is the cache's: do not change it.
func (m *Memory) tilesOf(b *rules.Board, id int, shape rules.Shape) []rules.Point {
	g := gridOf(b)
	if id < 1 || id > maxCachedID {
		return coveredTiles(g, shape, nil)
	}
	if id > len(m.cover) {
		m.cover = append(m.cover, make([]shapeTiles, id-len(m.cover))...)
	}
	c := &m.cover[id-1]
	if c.tiles != nil && c.grid == g && sameShape(c.shape, shape) {
		return c.tiles
	}
	*c = shapeTiles{shape: shape, grid: g, tiles: coveredTiles(g, shape, []rules.Point{})}
	return c.tiles
}

// sameShape reports whether a and b are the same shape, point for point.
// Shapes are values whose points are never changed in place (an obstacle
// and its copies share them), so the same points are the same shape.
func sameShape(a, b rules.Shape) bool {
	if a.Kind != b.Kind || a.Center != b.Center || a.Radius != b.Radius || len(a.Points) != len(b.Points) {
		return false
	}
	return len(a.Points) == 0 || &a.Points[0] == &b.Points[0] || slices.Equal(a.Points, b.Points)
}

// coveredTiles appends to out the tiles of a board of size g that shape
// covers (Shape.CoveredTiles), row by row.
func coveredTiles(g grid, shape rules.Shape, out []rules.Point) []rules.Point {
	return shape.CoveredTiles(g.tileSize, g.width, g.height, out)
}
