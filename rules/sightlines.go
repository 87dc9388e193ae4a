package rules

// Sightlines caches every unit's field of view and, for every ordered pair
// of living units, line of sight and (for enemies in sight) the full Cover
// answer. Update brings it up to date and recomputes only what a change
// touches: a unit that moved, changed stance or died gets a new field of
// view and new pairs, and the pairs whose cones it could enter or leave as
// cover are redone; an obstacle added or destroyed redoes the fields of
// view whose radius reaches it and the pairs whose lines or cones could
// cross it. Like the index under it, a Sightlines is not safe for
// concurrent use.
type Sightlines struct {
	state  *State
	radius int

	version, tileVersion int
	obstacles            map[int]*Obstacle // snapshot at the last Update
	obsBox               map[int][2]Vec

	keys  []unitKey
	fov   []FOV
	fovOK []bool
	pairs []pairEntry // n*n, [a*n+b] for unit indices a, b
	n     int
	// fresh[a*n+b] is stamp when the pair was recomputed by the current
	// Update; fovFresh marks the fields of view it recomputed.
	fresh    []uint32
	stamp    uint32
	fovFresh []bool
}

type unitKey struct {
	pos    Point
	size   int
	stance Stance
	alive  bool
	side   Side
	floor  int
}

type pairEntry struct {
	ok       bool
	los      bool
	hasCover bool
	cover    CoverResult
}

// NewSightlines returns an empty cache over s with the given sight radius in
// tiles (0: the whole board). The first Update computes everything.
func NewSightlines(s *State, radius int) *Sightlines {
	return &Sightlines{state: s, radius: radius, version: -1, tileVersion: -1}
}

// Update recomputes what changed since the last call and returns how many
// fields of view and unit pairs it recomputed.
func (c *Sightlines) Update() (fovs, pairs int) {
	s := c.state
	b := s.Board
	n := len(s.Units)
	if n != c.n {
		c.grow(n)
	}
	var boxes [][2]Vec // changed obstacle footprints, in pixels
	all := false
	switch {
	case b.tileVersion != c.tileVersion || c.obstacles == nil:
		all = true
		c.snapshot()
	case b.version != c.version:
		boxes = c.diffObstacles()
	}
	c.version, c.tileVersion = b.version, b.tileVersion

	if c.stamp++; c.stamp == 0 { // wrapped: forget every old stamp
		clear(c.fresh)
		c.stamp = 1
	}
	fovFresh := c.fovFresh
	clear(fovFresh)
	unitDirty := make([]bool, n)
	var unitBoxes [][2]Vec // old and new spaces of changed units, in pixels
	for i, u := range s.Units {
		k := unitKey{u.Pos, u.Size, u.Stance, u.Alive(), u.Side, b.FloorOf(u)}
		if k != c.keys[i] || all {
			unitDirty[i] = true
			if c.keys[i].size > 0 {
				unitBoxes = append(unitBoxes, tileBox(b, c.keys[i].pos, c.keys[i].size, 0))
			}
			unitBoxes = append(unitBoxes, tileBox(b, u.Pos, u.Size, 0))
			c.keys[i] = k
		}
	}
	for i, u := range s.Units {
		dirty := all || unitDirty[i] || !c.fovOK[i]
		if !dirty && len(boxes) > 0 {
			reach := tileBox(b, u.Pos, u.Size, c.radius+1)
			if c.radius <= 0 {
				reach = tileBox(b, Point{}, max(b.Width, b.Height), 0)
			}
			dirty = anyOverlap(boxes, reach)
		}
		if dirty {
			s.fovTilesInto(u, c.radius, &c.fov[i])
			c.fovOK[i] = true
			fovFresh[i] = true
			fovs++
		}
	}
	for i, a := range s.Units {
		for j, t := range s.Units {
			if i == j {
				continue
			}
			e := &c.pairs[i*n+j]
			dirty := all || !e.ok || unitDirty[i] || unitDirty[j]
			if !dirty && (len(boxes) > 0 || len(unitBoxes) > 0) {
				pb := pairBox(b, a, t)
				dirty = anyOverlap(boxes, pb) || anyOverlap(unitBoxes, pb)
			}
			if !dirty {
				continue
			}
			*e = pairEntry{ok: true}
			if a.Alive() && t.Alive() {
				e.los = c.lineOfSight(i, j, a, t)
				if e.los && a.Side != t.Side {
					e.cover, e.hasCover = s.cover(a, t, true), true
				}
			}
			c.fresh[i*n+j] = c.stamp
			pairs++
		}
	}
	// A field of view's units follow from the pairs.
	for i, u := range s.Units {
		f := &c.fov[i]
		f.Units = f.Units[:0]
		for j, v := range s.Units {
			if i != j && c.pairs[i*n+j].los && inRadius(b, u, v.Pos, v.Size, c.radius) {
				f.Units = append(f.Units, v.ID)
			}
		}
	}
	return fovs, pairs
}

// FOV returns the cached field of view of the unit with the given ID, after
// an Update, or nil for an unknown unit.
func (c *Sightlines) FOV(id int) *FOV {
	c.Update()
	if id < 1 || id > c.n {
		return nil
	}
	return &c.fov[id-1]
}

// Visible reports whether unit a has line of sight to unit b (both alive).
func (c *Sightlines) Visible(a, b int) bool {
	e := c.pair(a, b)
	return e != nil && e.los
}

// Cover returns the cached cover of target against attacker; ok is false
// unless they are enemies and the attacker sees the target.
func (c *Sightlines) Cover(attacker, target int) (r CoverResult, ok bool) {
	e := c.pair(attacker, target)
	if e == nil || !e.hasCover {
		return CoverResult{}, false
	}
	return e.cover, true
}

func (c *Sightlines) pair(a, b int) *pairEntry {
	c.Update()
	if a < 1 || b < 1 || a > c.n || b > c.n || a == b {
		return nil
	}
	return &c.pairs[(a-1)*c.n+b-1]
}

func (c *Sightlines) grow(n int) {
	keys := make([]unitKey, n)
	copy(keys, c.keys)
	fov := make([]FOV, n)
	copy(fov, c.fov)
	fovOK := make([]bool, n)
	copy(fovOK, c.fovOK)
	pairs := make([]pairEntry, n*n)
	for i := 0; i < c.n && i < n; i++ {
		for j := 0; j < c.n && j < n; j++ {
			pairs[i*n+j] = c.pairs[i*c.n+j]
		}
	}
	c.keys, c.fov, c.fovOK, c.pairs, c.n = keys, fov, fovOK, pairs, n
	c.fresh, c.fovFresh = make([]uint32, n*n), make([]bool, n)
}

// lineOfSight is s.LineOfSight(a, t) for units i and j, taken from what
// this Update already knows when that is the same question: sight is
// symmetric (both ends of every line are eye heights, and LineClear does
// not depend on a line's direction), and a field of view recomputed by this
// Update holds exactly SeesTile, which is line of sight to a standing 1×1
// unit.
func (c *Sightlines) lineOfSight(i, j int, a, t *Unit) bool {
	s, b, n := c.state, c.state.Board, c.n
	if c.fresh[j*n+i] == c.stamp && b.TopHeight(a) == b.EyeHeight(a) && b.TopHeight(t) == b.EyeHeight(t) {
		return c.pairs[j*n+i].los
	}
	if c.fovFresh[i] && max1(t.Size) == 1 && b.InBounds(t.Pos) && !a.Occupies(t.Pos) &&
		b.TopHeight(t) == phantomTop(b, t.Pos) && inRadius(b, a, t.Pos, 1, c.radius) {
		return c.fov[i].Seen(t.Pos)
	}
	return s.LineOfSight(a, t)
}

func (c *Sightlines) snapshot() {
	obs := c.state.Board.Obstacles
	c.obstacles = make(map[int]*Obstacle, len(obs))
	c.obsBox = make(map[int][2]Vec, len(obs))
	for _, o := range obs {
		c.obstacles[o.ID] = o
		lo, hi := o.Shape.Bounds()
		c.obsBox[o.ID] = [2]Vec{lo, hi}
	}
}

// diffObstacles updates the snapshot and returns the footprints of the
// obstacles added, removed or replaced since the last one.
func (c *Sightlines) diffObstacles() [][2]Vec {
	var boxes [][2]Vec
	cur := make(map[int]bool, len(c.state.Board.Obstacles))
	for _, o := range c.state.Board.Obstacles {
		cur[o.ID] = true
		lo, hi := o.Shape.Bounds()
		box := [2]Vec{lo, hi}
		if old, ok := c.obstacles[o.ID]; !ok || old != o || c.obsBox[o.ID] != box {
			if ok {
				boxes = append(boxes, c.obsBox[o.ID])
			}
			boxes = append(boxes, box)
			c.obstacles[o.ID], c.obsBox[o.ID] = o, box
		}
	}
	for id := range c.obstacles {
		if !cur[id] {
			boxes = append(boxes, c.obsBox[id])
			delete(c.obstacles, id)
			delete(c.obsBox, id)
		}
	}
	return boxes
}

// tileBox is the pixel box of the size×size space at p grown by margin
// tiles.
func tileBox(b *Board, p Point, size, margin int) [2]Vec {
	ts := float64(b.TileSize)
	n := max1(size)
	return [2]Vec{
		{float64(p.X-margin) * ts, float64(p.Y-margin) * ts},
		{float64(p.X+n+margin) * ts, float64(p.Y+n+margin) * ts},
	}
}

// pairBox holds every line and cone between two units, and the reach in
// which the target's contact and exposure are judged.
func pairBox(b *Board, a, t *Unit) [2]Vec {
	m := ExposedReach + 1
	x, y := tileBox(b, a.Pos, a.Size, m), tileBox(b, t.Pos, t.Size, m)
	return [2]Vec{{min(x[0].X, y[0].X), min(x[0].Y, y[0].Y)}, {max(x[1].X, y[1].X), max(x[1].Y, y[1].Y)}}
}

func anyOverlap(boxes [][2]Vec, r [2]Vec) bool {
	for _, b := range boxes {
		if b[0].X <= r[1].X && b[1].X >= r[0].X && b[0].Y <= r[1].Y && b[1].Y >= r[0].Y {
			return true
		}
	}
	return false
}
