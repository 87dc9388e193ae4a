package sight

// Sightlines caches what the fog of war reads: every body's field of view
// (its tiles and the living bodies it sees within the radius). Update
// recomputes only what a change touches: a body that moved, changed pose
// or died gets a new field of view and its pairs are asked again; an
// obstacle added or removed redoes the fields of view whose radius reaches
// it and the pairs whose lines could cross it; a new index (tiles changed,
// a state restored) redoes everything.
//
// Line of sight between two bodies is symmetric, so each unordered pair is
// asked once, and most pairs are answered by a field of view already at
// hand: a field of view's tile is exactly line of sight to a standing 1×1
// body there (SeesTile).
type Sightlines struct {
	radius int

	index   *Index // the index of the last Update
	version int    // its version then
	// board is what a lazy cache's pairs not asked at the last Update
	// are decided on: the index as it was then (lazyBoard).
	board *lazyBoard

	n     int
	keys  []bodyKey
	fov   []FOV
	fovOK []bool
	// sees[i*n+j] (i < j) is line of sight between bodies i and j;
	// asked[i*n+j] whether it is current.
	sees, asked []bool
	// dirty and standIn are Update's scratch, by body; boxes the
	// footprints of the obstacles changed, reach the bodies' spaces grown
	// by a tile.
	dirty, standIn []bool
	boxes          [][2]Vec
	reach          [][2]Vec
	centres        []Vec
	// listed says the last Update finished: every field of view, pair
	// and list is current for the keys.
	listed bool
	// lazy makes Update's fields of view lazy (SetLazy).
	lazy bool
}

// bodyKey is what a body's field of view and pairs depend on.
type bodyKey struct {
	body  Body
	alive bool
	floor int
}

// NewSightlines returns an empty cache with the given sight radius in
// tiles (0: the whole board). The first Update computes everything.
func NewSightlines(radius int) *Sightlines {
	return &Sightlines{radius: radius}
}

// SetLazy makes the fields of view the next Updates compute lazy (no
// shadow map built: every tile but the viewer's own left undecided,
// FOV.Undecided, each decided where read), or (off) whole again. A
// re-play reads a few tiles of each. A lazy cache also asks the pairs of
// bodies of one side (Body.Side) only when Visible reads them, and its
// fields of view list only the bodies of other sides (FOV.Units): the fog
// of war knows its own side's units.
// A field of view's undecided tiles are decided on the board it was made
// on, even once the board has changed (the index keeps a copy of itself
// as it was: lazyBoard), so every answer is the one that board gave. A
// lazy cache's fields of view change as they are read: one goroutine at
// a time.
//
// Turned off, the fields of view left lazy are made whole again at the
// next Update (computed anew: cheaper than deciding their tiles one by
// one).
func (c *Sightlines) SetLazy(on bool) {
	if c.lazy && !on {
		c.listed = false // the pairs of one side, and the lists, whole again
	}
	c.lazy = on
	if on {
		return
	}
	for i := range c.fov {
		if c.fov[i].lazy != nil {
			c.fovOK[i], c.listed = false, false
		}
	}
}

// Update brings the cache up to date with the bodies (alive[i] tells
// whether bodies[i] lives) on index x, and returns how many fields of view
// and body pairs (unordered) it recomputed. The cache knows bodies by
// their place in the slice.
func (c *Sightlines) Update(x *Index, bodies []Body, alive []bool) (fovs, pairs int) {
	n := len(bodies)
	if n != c.n {
		c.grow(n)
	}
	all := x != c.index
	boxes := c.boxes[:0] // changed obstacle footprints, in pixels
	if !all && x.version != c.version {
		var ok bool
		boxes, ok = x.changedSince(c.version, boxes)
		all = !ok
	}
	c.boxes = boxes
	c.index, c.version, c.board = x, x.version, nil
	if c.lazy {
		c.board = x.lazyBoard()
	}
	q := x.Query()
	defer q.Done()
	g := &x.grid

	// Bodies do not block sight: a changed body redoes only its own field
	// of view and pairs.
	c.dirty = bools(c.dirty, n)
	stale := all || len(boxes) > 0 || !c.listed
	for i, u := range bodies {
		k := bodyKey{u, alive[i], g.FloorUnder(u.Pos, u.Size)}
		if k != c.keys[i] || all {
			c.dirty[i], c.keys[i], stale = true, k, true
		}
	}
	if !stale {
		// Nothing a field of view, a pair or a list reads has changed
		// since the last Update: the fog asks once per unit a command.
		return 0, 0
	}
	var changed [][2]Vec // boxes, kept by the fields of view redone for them
	for i, u := range bodies {
		redo := all || c.dirty[i] || !c.fovOK[i]
		if !redo && len(boxes) > 0 {
			reach := tileBox(g, u.Pos, u.Size, c.radius+1)
			if c.radius <= 0 {
				reach = tileBox(g, Point{}, max(g.Width, g.Height), 0)
			}
			redo = anyOverlap(boxes, reach)
		}
		if redo {
			// A lazy field of view redone only for obstacles changed
			// away from its viewer keeps the answers they cannot reach.
			old := c.fov[i].lazy
			reach := tileBox(g, u.Pos, u.Size, 1)
			keep := c.lazy && old != nil && !all && !c.dirty[i] && c.fovOK[i] && !anyOverlap(boxes, reach)
			q.fieldOfView(u, c.radius, &c.fov[i], c.lazy)
			if d := c.fov[i].lazy; keep && d != nil && len(old.maybe) == len(d.maybe) {
				if changed == nil {
					changed = append([][2]Vec(nil), boxes...)
				}
				old.prev = nil // one field of view back: the chain stays short
				d.prev = &lazyPrev{d: old, boxes: changed, reach: reach, ts: float64(g.TileSize)}
			}
			c.fovOK[i] = true
			fovs++
		}
	}
	// Every field of view is now current, so any of them may answer a
	// pair whose other body stands in for its tiles.
	c.standIn = c.standIns(g, bodies, c.standIn)
	c.reach = c.reach[:0]
	for _, u := range bodies {
		c.reach = append(c.reach, tileBox(g, u.Pos, u.Size, 1))
	}
	for i := range bodies {
		for j := i + 1; j < n; j++ {
			k := i*n + j
			if c.asked[k] && !all && !c.dirty[i] && !c.dirty[j] && (len(boxes) == 0 || !anyOverlap(boxes, union(c.reach[i], c.reach[j]))) {
				continue
			}
			if c.lazy && bodies[i].Side == bodies[j].Side {
				c.asked[k] = false // asked when read (Visible)
				continue
			}
			c.asked[k], c.sees[k] = true, c.pairSees(q, bodies, alive, i, j)
			pairs++
		}
	}
	c.listBodies(g, bodies, alive)
	c.listed = true
	return fovs, pairs
}

// pairSees answers line of sight between bodies i and j: from i's field
// of view when j stands in for its tile, or j's when i does, else by
// asking q.
func (c *Sightlines) pairSees(q *Query, bodies []Body, alive []bool, i, j int) bool {
	return c.pairOf(q, bodies[i], bodies[j], alive[i] && alive[j], i, j)
}

// pairOf is pairSees for bodies a (i) and t (j); both says both live.
func (c *Sightlines) pairOf(q *Query, a, t Body, both bool, i, j int) bool {
	g := &q.grid
	switch {
	case !both:
		return false
	case c.standIn[j] && !a.Occupies(t.Pos) && InRadius(g, a, t.Pos, 1, c.radius):
		return c.fov[i].Seen(t.Pos)
	case c.standIn[i] && !t.Occupies(a.Pos) && InRadius(g, t, a.Pos, 1, c.radius):
		return c.fov[j].Seen(a.Pos)
	}
	return q.LineOfSight(a, t)
}

// listBodies fills each field of view's units from the pairs: the IDs of
// the living bodies in sight and within the radius (centre to centre), in
// the order of bodies.
func (c *Sightlines) listBodies(g *Grid, bodies []Body, alive []bool) {
	n := c.n
	r := float64(c.radius * g.TileSize)
	c.centres = c.centres[:0]
	for _, u := range bodies {
		c.centres = append(c.centres, g.SpaceCenter(u.Pos, u.Size))
	}
	for i := range bodies {
		f := &c.fov[i]
		f.Units = f.Units[:0]
		if !alive[i] {
			continue
		}
		for j, v := range bodies {
			if i == j || c.lazy && v.Side == bodies[i].Side {
				continue
			}
			k := min(i, j)*n + max(i, j)
			if c.sees[k] && (c.radius <= 0 || within(c.centres[j], c.centres[i], r)) {
				f.Units = append(f.Units, v.ID)
			}
		}
	}
}

// FOV returns the field of view of body i as of the last Update, or nil
// for no such body.
func (c *Sightlines) FOV(i int) *FOV {
	if i < 0 || i >= c.n {
		return nil
	}
	return &c.fov[i]
}

// Visible reports whether bodies i and j (both alive) saw each other at
// the last Update (a lazy cache asks a pair of one side now, on the board
// as it was then, as Undecided does).
func (c *Sightlines) Visible(i, j int) bool {
	if i < 0 || j < 0 || i >= c.n || j >= c.n || i == j {
		return false
	}
	i, j = min(i, j), max(i, j)
	k := i*c.n + j
	if !c.asked[k] && c.board != nil {
		// Decided on the board of the last Update, even once the index
		// has changed since: the answer that board gave.
		a, t := c.keys[i], c.keys[j]
		q := c.board.between(a.body.Pos, a.body.Size, t.body.Pos, t.body.Size).Query()
		c.asked[k], c.sees[k] = true, c.pairOf(q, a.body, t.body, a.alive && t.alive, i, j)
		q.Done()
	}
	return c.sees[k]
}

// grow resizes the cache for n bodies, keeping what it knows of the first
// ones.
func (c *Sightlines) grow(n int) {
	keys := make([]bodyKey, n)
	copy(keys, c.keys)
	fov := make([]FOV, n)
	copy(fov, c.fov)
	fovOK := make([]bool, n)
	copy(fovOK, c.fovOK)
	sees, asked := make([]bool, n*n), make([]bool, n*n)
	for i := 0; i < min(c.n, n); i++ {
		for j := i + 1; j < min(c.n, n); j++ {
			sees[i*n+j], asked[i*n+j] = c.sees[i*c.n+j], c.asked[i*c.n+j]
		}
	}
	c.keys, c.fov, c.fovOK, c.sees, c.asked, c.n = keys, fov, fovOK, sees, asked, n
	c.listed = false
}

// standIns returns, for each body, whether a field of view's tile stands
// for it: a 1×1 body on the board whose eye is that of a standing body on
// its tile.
func (c *Sightlines) standIns(g *Grid, bodies []Body, ph []bool) []bool {
	ph = bools(ph, len(bodies))
	for k, u := range bodies {
		ph[k] = max(u.Size, 1) == 1 && g.InBounds(u.Pos) && g.EyeOf(u) == g.PhantomTop(u.Pos)
	}
	return ph
}

// bools returns s resized to n and cleared.
func bools(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// tileBox is the pixel box of the size×size space at p grown by margin
// tiles.
func tileBox(g *Grid, p Point, size, margin int) [2]Vec {
	ts := float64(g.TileSize)
	n := max(size, 1)
	return [2]Vec{
		{X: float64(p.X-margin) * ts, Y: float64(p.Y-margin) * ts},
		{X: float64(p.X+n+margin) * ts, Y: float64(p.Y+n+margin) * ts},
	}
}

// union is the least box holding boxes x and y: for two bodies' spaces,
// it holds every line between them.
func union(x, y [2]Vec) [2]Vec {
	return [2]Vec{{X: min(x[0].X, y[0].X), Y: min(x[0].Y, y[0].Y)}, {X: max(x[1].X, y[1].X), Y: max(x[1].Y, y[1].Y)}}
}

// anyOverlap reports whether any of boxes overlaps r (touching counts).
func anyOverlap(boxes [][2]Vec, r [2]Vec) bool {
	for _, b := range boxes {
		if b[0].X <= r[1].X && b[1].X >= r[0].X && b[0].Y <= r[1].Y && b[1].Y >= r[0].Y {
			return true
		}
	}
	return false
}
