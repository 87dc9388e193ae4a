package rules

// Sightlines caches what the fog of war reads: every unit's field of view
// (its tiles and the living units it sees within the radius). Update
// recomputes only what a change touches: a unit that moved, changed
// stance or died gets a new field of view and its pairs are asked again;
// an obstacle added, destroyed or replaced redoes the fields of view whose
// radius reaches it and the pairs whose lines could cross it.
//
// Line of sight between two units is symmetric, so each unordered pair is
// asked once, and most pairs are answered by a field of view already at
// hand: a field of view's tile is exactly line of sight to a standing 1×1
// unit there (SeesTile).
type Sightlines struct {
	state  *State
	radius int

	version, tileVersion int

	n     int
	keys  []unitKey
	fov   []FOV
	fovOK []bool
	// sees[i*n+j] (i < j) is line of sight between units i and j;
	// asked[i*n+j] whether it is current.
	sees, asked []bool
	// dirty and standIn are Update's scratch, by unit index; boxes the
	// footprints of the obstacles changed, reach the units' spaces grown
	// by a tile.
	dirty, standIn []bool
	boxes          [][2]Vec
	reach          [][2]Vec
	centres        []Vec
}

// unitKey is what a unit's field of view and pairs depend on.
type unitKey struct {
	pos    Point
	size   int
	stance Stance
	alive  bool
	side   Side
	floor  int
}

// NewSightlines returns an empty cache over s with the given sight radius in
// tiles (0: the whole board). The first Update computes everything.
func NewSightlines(s *State, radius int) *Sightlines {
	return &Sightlines{state: s, radius: radius, version: -1, tileVersion: -1}
}

// Update recomputes what changed since the last call and returns how many
// fields of view and unit pairs (unordered) it recomputed.
func (c *Sightlines) Update() (fovs, pairs int) {
	s := c.state
	b := s.Board
	n := len(s.Units)
	if n != c.n {
		c.grow(n)
	}
	all := b.tileVersion != c.tileVersion || c.version < 0
	boxes := c.boxes[:0] // changed obstacle footprints, in pixels
	if !all && b.version != c.version {
		boxes, all = b.changedSince(c.version, boxes)
		all = !all
	}
	c.boxes = boxes
	c.version, c.tileVersion = b.version, b.tileVersion

	// Units do not block sight: a changed unit redoes only its own field
	// of view and pairs.
	c.dirty = bools(c.dirty, n)
	for i, u := range s.Units {
		k := unitKey{u.Pos, u.Size, u.Stance, u.Alive(), u.Side, b.FloorOf(u)}
		if k != c.keys[i] || all {
			c.dirty[i], c.keys[i] = true, k
		}
	}
	for i, u := range s.Units {
		redo := all || c.dirty[i] || !c.fovOK[i]
		if !redo && len(boxes) > 0 {
			reach := tileBox(b, u.Pos, u.Size, c.radius+1)
			if c.radius <= 0 {
				reach = tileBox(b, Point{}, max(b.Width, b.Height), 0)
			}
			redo = anyOverlap(boxes, reach)
		}
		if redo {
			s.fovTilesInto(bodyOf(u), c.radius, &c.fov[i])
			c.fovOK[i] = true
			fovs++
		}
	}
	// Every field of view is now current, so any of them may answer a
	// pair whose other unit stands in for its tiles.
	c.standIn = c.standIns(c.standIn)
	c.reach = c.reach[:0]
	for _, u := range s.Units {
		c.reach = append(c.reach, tileBox(b, u.Pos, u.Size, 1))
	}
	for i := range s.Units {
		for j := i + 1; j < n; j++ {
			k := i*n + j
			if c.asked[k] && !all && !c.dirty[i] && !c.dirty[j] && (len(boxes) == 0 || !anyOverlap(boxes, union(c.reach[i], c.reach[j]))) {
				continue
			}
			c.asked[k], c.sees[k] = true, c.pairSees(i, j)
			pairs++
		}
	}
	c.listUnits()
	return fovs, pairs
}

// pairSees answers line of sight between units i and j: from i's field of
// view when j stands in for its tile, or j's when i does, else by asking
// the state.
func (c *Sightlines) pairSees(i, j int) bool {
	s := c.state
	a, t := s.Units[i], s.Units[j]
	switch {
	case !a.Alive() || !t.Alive():
		return false
	case c.standIn[j] && !a.Occupies(t.Pos) && inRadius(s.Board.grid(), bodyOf(a), t.Pos, 1, c.radius):
		return c.fov[i].Seen(t.Pos)
	case c.standIn[i] && !t.Occupies(a.Pos) && inRadius(s.Board.grid(), bodyOf(t), a.Pos, 1, c.radius):
		return c.fov[j].Seen(a.Pos)
	}
	return s.LineOfSight(a, t)
}

// listUnits fills each field of view's units from the pairs: those in
// sight and within the radius (centre to centre), ascending by ID.
func (c *Sightlines) listUnits() {
	s := c.state
	b := s.Board
	n := c.n
	r := float64(c.radius * b.TileSize)
	c.centres = c.centres[:0]
	for _, u := range s.Units {
		c.centres = append(c.centres, b.SpaceCenter(u))
	}
	for i, u := range s.Units {
		f := &c.fov[i]
		f.Units = f.Units[:0]
		if !u.Alive() {
			continue
		}
		for j, v := range s.Units {
			if i == j {
				continue
			}
			k := min(i, j)*n + max(i, j)
			if c.sees[k] && (c.radius <= 0 || within(c.centres[j], c.centres[i], r)) {
				f.Units = append(f.Units, v.ID)
			}
		}
	}
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

// Visible reports whether units a and b (by ID, both alive) see each
// other, after an Update.
func (c *Sightlines) Visible(a, b int) bool {
	c.Update()
	if a < 1 || b < 1 || a > c.n || b > c.n || a == b {
		return false
	}
	i, j := min(a, b)-1, max(a, b)-1
	return c.sees[i*c.n+j]
}

// grow resizes the cache for n units, keeping what it knows of the first
// ones.
func (c *Sightlines) grow(n int) {
	keys := make([]unitKey, n)
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
}

// standIns returns, for each unit, whether a field of view's tile stands
// for it: a 1×1 unit on the board whose top is that of a standing unit on
// its tile.
func (c *Sightlines) standIns(ph []bool) []bool {
	b := c.state.Board
	ph = bools(ph, len(c.state.Units))
	for k, u := range c.state.Units {
		ph[k] = max1(u.Size) == 1 && b.InBounds(u.Pos) && b.TopHeight(u) == b.grid().PhantomTop(u.Pos)
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
func tileBox(b *Board, p Point, size, margin int) [2]Vec {
	ts := float64(b.TileSize)
	n := max1(size)
	return [2]Vec{
		{X: float64(p.X-margin) * ts, Y: float64(p.Y-margin) * ts},
		{X: float64(p.X+n+margin) * ts, Y: float64(p.Y+n+margin) * ts},
	}
}

// union is the least box holding boxes x and y: for two units' spaces,
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
