package rules

import (
	"runtime"
	"slices"
)

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
	// obstacles is the snapshot at the last Update, sorted by ID; spare
	// is the previous one's storage.
	obstacles, spare []*Obstacle

	keys  []unitKey
	fov   []FOV
	fovOK []bool
	pairs []pairEntry // n*n, [a*n+b] for unit indices a, b
	n     int
}

// updateScratch is the scratch of one Sightlines.Update, kept by the
// board's sight index, so that a new Sightlines over the board starts with
// it and a full recompute allocates little more than its answers.
type updateScratch struct {
	// fresh marks the fields of view the Update recomputes, dirty the
	// units whose key changed, phantom the units a field of view's tiles
	// stand for (phantoms).
	fresh, dirty, phantom []bool
	// The work lists.
	todoFOV []int
	todoLoS [][2]int
	cost    []int // fovCost by unit
	// rows are the rows of pairs of the second phase's jobs; without all,
	// job k's pairs are todoLoS[rowAt[k]:rowAt[k+1]].
	rows, rowAt []int
	centres     []Vec
	// extra are the further workers: copies of the state whose boards
	// have forks of the index (see workers).
	extra []*State
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

type unitKey struct {
	pos    Point
	size   int
	stance Stance
	alive  bool
	side   Side
	floor  int
}

// pairEntry is one ordered pair's answers; cover is nil unless the
// attacker sees an enemy target. Results live in a block per Update, which
// keeps the n*n entries small to clear.
type pairEntry struct {
	cover *CoverResult
	ok    bool
	los   bool
	// During an Update: todo marks a pair it recomputes, and near one
	// whose line of sight the attacker's fresh field of view answered
	// (in los). For a pair it did not answer, farOK tells that farMask
	// holds which lines its kept slopes prove blocked (farMaskOf).
	todo, near, farOK bool
	farMask           uint16
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
	case b.tileVersion != c.tileVersion || c.version < 0:
		all = true // the snapshot is taken beside the fields of view
	case b.version != c.version:
		boxes = c.diffObstacles()
	}
	c.version, c.tileVersion = b.version, b.tileVersion

	x := b.sightIndex()
	sc := &x.upd
	sc.fresh, sc.dirty = bools(sc.fresh, n), bools(sc.dirty, n)
	fovFresh, unitDirty := sc.fresh, sc.dirty
	var unitBoxes [][2]Vec // old and new spaces of changed units, in pixels
	for i, u := range s.Units {
		k := unitKey{u.Pos, u.Size, u.Stance, u.Alive(), u.Side, b.FloorOf(u)}
		if k != c.keys[i] || all {
			unitDirty[i] = true
			if all { // every pair is redone anyway
				c.keys[i] = k
				continue
			}
			if c.keys[i].size > 0 {
				unitBoxes = append(unitBoxes, tileBox(b, c.keys[i].pos, c.keys[i].size, 0))
			}
			unitBoxes = append(unitBoxes, tileBox(b, u.Pos, u.Size, 0))
			c.keys[i] = k
		}
	}
	sc.todoFOV = sc.todoFOV[:0]
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
			sc.todoFOV = append(sc.todoFOV, i)
		}
	}
	// Pairs: dirtiness is symmetric (both units' changes, one box holding
	// both), and so is line of sight, so each unordered pair is asked once.
	sc.todoLoS = slices.Grow(sc.todoLoS[:0], n*(n-1)/2)
	if all { // every pair: each field of view's job resets its own row (answerNear)
		pairs = n * (n - 1)
	} else {
		for i, a := range s.Units {
			for j := i + 1; j < n; j++ {
				t := s.Units[j]
				dirty := !c.pairs[i*n+j].ok || !c.pairs[j*n+i].ok || unitDirty[i] || unitDirty[j]
				if !dirty && (len(boxes) > 0 || len(unitBoxes) > 0) {
					pb := pairBox(b, a, t)
					dirty = anyOverlap(boxes, pb) || anyOverlap(unitBoxes, pb)
				}
				if !dirty {
					continue
				}
				live := a.Alive() && t.Alive()
				c.pairs[i*n+j], c.pairs[j*n+i] = pairEntry{ok: true, todo: live}, pairEntry{ok: true, todo: live}
				pairs += 2
				if live {
					sc.todoLoS = append(sc.todoLoS, [2]int{i, j})
				}
			}
		}
	}
	// The costliest fields of view go first and the cheapest last, so
	// that the workers finish together.
	sc.cost = slices.Grow(sc.cost[:0], n)[:n]
	for _, i := range sc.todoFOV {
		sc.cost[i] = c.fovCost(s.Units[i])
	}
	slices.SortStableFunc(sc.todoFOV, func(i, j int) int { return sc.cost[j] - sc.cost[i] })
	for _, i := range sc.todoFOV {
		c.fovOK[i], fovFresh[i] = true, true
	}
	fovs = len(sc.todoFOV)
	// A small update stays on this goroutine: waking another thread can
	// cost more than its work.
	ws := []*State{s}
	if all || len(sc.todoFOV) >= 2 {
		ws = c.workers()
	}
	nf := len(sc.todoFOV)
	sc.phantom = c.phantoms(sc.phantom)
	phantom := sc.phantom
	if len(x.far) < n {
		x.far = append(x.far, make([]farShadows, n-len(x.far))...)
	}
	// The snapshot goes first, among the costliest fields of view, so
	// that no worker is left with it at the end.
	snap := btoi(all)
	x.crew.run(ws, snap+nf, func(w *State, k int) {
		if k < snap {
			c.obstacles = c.snapshotInto(c.obstacles)
			return
		}
		i := sc.todoFOV[k-snap]
		w.fovTilesFar(s.Units[i], c.radius, &c.fov[i], &x.far[i])
		c.answerNear(x, i, phantom, all)
	})
	// The second phase takes the pairs row by row: job k does the pairs
	// (i, j > i) of row i = rows[k] (with all, the living pairs, whose
	// entries answerNear marked todo; otherwise those listed in todoLoS,
	// which come row by row). The first rows hold the most pairs, so the
	// jobs come costliest first.
	sc.rows, sc.rowAt = sc.rows[:0], sc.rowAt[:0]
	if all {
		for i := range n - 1 {
			sc.rows = append(sc.rows, i)
		}
	} else {
		for m, p := range sc.todoLoS {
			if m == 0 || p[0] != sc.todoLoS[m-1][0] {
				sc.rows, sc.rowAt = append(sc.rows, p[0]), append(sc.rowAt, m)
			}
		}
		sc.rowAt = append(sc.rowAt, len(sc.todoLoS))
	}
	x.crew.run(ws, len(sc.rows), func(w *State, k int) {
		i := sc.rows[k]
		if all {
			for j := i + 1; j < n; j++ {
				if c.pairs[i*n+j].todo {
					c.takePair(w, x, i, j)
				}
			}
			return
		}
		for _, p := range sc.todoLoS[sc.rowAt[k]:sc.rowAt[k+1]] {
			c.takePair(w, x, p[0], p[1])
		}
	})
	// A field of view's units follow from the pairs (those within the
	// radius, as inRadius has it).
	sc.centres = slices.Grow(sc.centres[:0], n)[:n]
	centres := sc.centres
	for i, v := range s.Units {
		centres[i] = b.SpaceCenter(v)
	}
	r := float64(c.radius * b.TileSize)
	var block []int // room for the lists, taken once
	for i := range s.Units {
		f := &c.fov[i]
		f.Units = f.Units[:0]
		for j, v := range s.Units {
			if i != j && c.pairs[i*n+j].los && (c.radius <= 0 || within(centres[j], centres[i], r)) {
				if cap(f.Units) == 0 {
					if len(block) < n-1 {
						block = make([]int, (n-1)*(n-i))
					}
					f.Units, block = block[:0:n-1], block[n-1:]
				}
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
	if e == nil || e.cover == nil {
		return CoverResult{}, false
	}
	return *e.cover, true
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
}

// takePair answers the pair (i, j) on worker w: its line of sight, from
// the fresh field of view that answered it (near) or else farSees, goes
// to both entries, and two enemies in sight get their covers.
func (c *Sightlines) takePair(w *State, x *sightIndex, i, j int) {
	n := c.n
	a, b := &c.pairs[i*n+j], &c.pairs[j*n+i]
	var los bool
	if a.near || b.near {
		los = a.near && a.los || b.near && b.los
	} else {
		los = c.farSees(w, x, i, j)
	}
	a.todo, a.near, b.todo, b.near = false, false, false, false
	a.los, b.los = los, los
	if u, v := c.state.Units[i], c.state.Units[j]; los && u.Side != v.Side {
		cv := [2]CoverResult{w.cover(u, v, true), w.cover(v, u, true)}
		a.cover, b.cover = &cv[0], &cv[1]
	}
}

// fovCost estimates the cost of u's field of view, for ordering the jobs:
// its box's area on the board, two thirds more for a prone unit and a
// third more for a crouching one (a low eye sees over fewer walls, which
// the sweeps then meet as parts of their own; measured on the benchmark's
// maps).
func (c *Sightlines) fovCost(u *Unit) int {
	b := c.state.Board
	w, h := b.Width, b.Height
	if c.radius > 0 {
		w = min(b.Width, u.Pos.X+max1(u.Size)+c.radius) - max(0, u.Pos.X-c.radius)
		h = min(b.Height, u.Pos.Y+max1(u.Size)+c.radius) - max(0, u.Pos.Y-c.radius)
	}
	switch u.Stance {
	case Prone:
		return 5 * w * h
	case Crouched:
		return 4 * w * h
	}
	return 3 * w * h
}

// answerNear answers, from unit v's field of view this Update recomputed,
// the lines of sight from v to the units whose pairs it recomputes where
// that is the same question (near): a fresh field of view holds exactly
// SeesTile, which is line of sight to a standing 1×1 unit (phantom), and
// sight is symmetric (both ends of every line are eye heights, and
// LineClear does not depend on a line's direction). It writes only v's
// own row of pairs, so the workers share nothing. With all (every pair
// is recomputed), it first resets the row as Update's listing does.
func (c *Sightlines) answerNear(x *sightIndex, v int, phantom []bool, all bool) {
	s := c.state
	b := s.Board
	n := len(s.Units)
	a := s.Units[v]
	for j, u := range s.Units {
		e := &c.pairs[v*n+j]
		if all && j != v {
			*e = pairEntry{ok: true, todo: a.Alive() && u.Alive()}
		}
		if j != v && e.todo && phantom[j] && a.Alive() && u.Alive() && !a.Occupies(u.Pos) && inRadius(b, a, u.Pos, 1, c.radius) {
			e.los, e.near = c.fov[v].Seen(u.Pos), true
		}
		if j > v && e.todo && !e.near { // farSees asks the pair (v, j) with v < j
			e.farMask, e.farOK = c.farMaskOf(x, v, j)
		}
	}
}

// farMaskOf returns which of the 16 lines between two 1×1 units' corners
// (bit 4*ia+it: from v's corner ia to j's corner it, in spacePoints'
// order) the slopes kept by v's fresh field of view (x.far[v]) prove
// blocked, and false for units of another size. Update runs it in v's
// job, beside the slopes it reads, for the pairs (v, j) with v < j; one
// side proves most blocked pairs, and farSees asks j's side for the rest.
func (c *Sightlines) farMaskOf(x *sightIndex, v, j int) (uint16, bool) {
	b := c.state.Board
	a, t := c.state.Units[v], c.state.Units[j]
	f := &x.far[v]
	if max1(a.Size) != 1 || max1(t.Size) != 1 || f.ze != b.EyeHeight(a) {
		return 0, false
	}
	p := t.Pos // j's corners, in spacePoints' order
	ct := [4]Point{p, {p.X + 1, p.Y}, {p.X, p.Y + 1}, {p.X + 1, p.Y + 1}}
	zt := b.TopHeight(t)
	var m uint16
	for ia := range 4 {
		if f.blockedAll(ia, ct[:], zt) {
			m |= 0xf << (4 * ia)
			continue
		}
		for it, q := range ct {
			if f.blocked(ia, q, zt) {
				m |= 1 << (4*ia + it)
			}
		}
	}
	return m, true
}

// allLines is the farMaskOf mask of all 16 lines.
const allLines = 1<<16 - 1

// joinMasks returns the lines between two 1×1 units' corners proved
// blocked from either side: mi holds those proved from i's corners (bit
// 4*ia+it), mj those from j's (bit 4*it+ia); the result is in mi's order.
func joinMasks(mi, mj uint16) uint16 {
	for ia := range 4 {
		for it := range 4 {
			if mj&(1<<(4*it+ia)) != 0 {
				mi |= 1 << (4*ia + it)
			}
		}
	}
	return mi
}

// phantoms returns, for each unit, whether it is what a field of view's
// tiles stand for: a 1×1 unit on the board whose top is that of a
// standing unit on its tile.
func (c *Sightlines) phantoms(ph []bool) []bool {
	b := c.state.Board
	ph = bools(ph, len(c.state.Units))
	for k, u := range c.state.Units {
		ph[k] = max1(u.Size) == 1 && b.InBounds(u.Pos) && b.TopHeight(u) == phantomTop(b, u.Pos)
	}
	return ph
}

// farSees answers LineOfSight between units i and j (i < j): false when
// every line between their corners is proved blocked by the slopes kept by
// the sweeps of their fields of view recomputed in this Update (farShadows,
// in x's scratch), without walking; otherwise by asking it on worker w.
// For two 1×1 units the proofs are the masks of farMaskOf: i's side from
// i's job, j's side only when i's does not prove every line.
func (c *Sightlines) farSees(w *State, x *sightIndex, i, j int) bool {
	b := c.state.Board
	a, t := c.state.Units[i], c.state.Units[j]
	if e := &c.pairs[i*c.n+j]; e.farOK {
		// i's side, found in i's job; j's side only when needed.
		m := e.farMask
		if m != allLines && x.upd.fresh[j] {
			if mj, ok := c.farMaskOf(x, j, i); ok {
				m = joinMasks(m, mj)
			}
		}
		if m == allLines {
			return false
		}
		return w.LineOfSight(a, t)
	}
	za, zt := b.EyeHeight(a), b.TopHeight(t)
	var fa, ft *farShadows
	if x.upd.fresh[i] && x.far[i].ze == za {
		fa = &x.far[i]
	}
	if x.upd.fresh[j] && x.far[j].ze == zt {
		ft = &x.far[j]
	}
	if fa != nil || ft != nil {
		var ca, ct [maxCorners]Point
		na, nt := spacePoints(b, a, &ca), spacePoints(b, t, &ct)
		if allBlocked(fa, ft, ca[:na], ct[:nt], za, zt) {
			return false
		}
	}
	return w.LineOfSight(a, t)
}

// allBlocked reports whether every line between the corners ca (at height
// za) and ct (at zt) is proved blocked by fa (the slopes kept from ca) or
// ft (from ct); either may be nil.
func allBlocked(fa, ft *farShadows, ca, ct []Point, za, zt float64) bool {
	for ia, p := range ca {
		for it, q := range ct {
			if !fa.blocked(ia, q, zt) && !ft.blocked(it, p, za) {
				return false
			}
		}
	}
	return true
}

// spacePoints writes the grid intersections touching u's space, in tiles,
// in the order of cornersInto, and returns how many there are.
func spacePoints(b *Board, u *Unit, buf *[maxCorners]Point) int {
	var vs [maxCorners]Vec
	n := b.cornersInto(u.Pos, u.Size, &vs)
	ts := float64(b.TileSize)
	for k, v := range vs[:n] {
		buf[k] = Point{int(v.X / ts), int(v.Y / ts)}
	}
	return n
}

// maxWorkers bounds the goroutines one Update spreads its work over.
const maxWorkers = 8

// workers returns the states Update's work runs on: the state itself and,
// for each further CPU (up to maxWorkers in all), a copy whose board has a
// fork of the sight index: the same geometry with scratch of its own, so
// all can query at once. Every answer is the same whichever worker
// computes it.
func (c *Sightlines) workers() []*State {
	s := c.state
	n := min(runtime.GOMAXPROCS(0), maxWorkers)
	x := s.Board.sightIndex()
	ws := []*State{s}
	for k := 1; k < n; k++ {
		if len(x.upd.extra) < k {
			x.upd.extra = append(x.upd.extra, &State{Board: &Board{}})
		}
		w := x.upd.extra[k-1]
		wb := w.Board
		*wb = *s.Board
		// The forks' scratch outlives this cache: a new Sightlines on the
		// same board starts warm.
		if len(x.forks) < k {
			x.forks = append(x.forks, nil)
		}
		x.forks[k-1] = x.forkInto(wb, x.forks[k-1])
		wb.index = x.forks[k-1]
		*w = *s
		w.Board = wb
		ws = append(ws, w)
	}
	return ws
}

// snapshotInto fills snap with the board's obstacles, sorted by ID. An
// obstacle on the board does not change (an edit in place calls
// Board.Invalidate, which makes the next Update recompute everything), so
// the pointer stands for it, footprint and all.
func (c *Sightlines) snapshotInto(snap []*Obstacle) []*Obstacle {
	snap = append(snap[:0], c.state.Board.Obstacles...)
	byID := func(a, b *Obstacle) int { return a.ID - b.ID }
	if !slices.IsSortedFunc(snap, byID) {
		slices.SortStableFunc(snap, byID)
	}
	return snap
}

// diffObstacles updates the snapshot and returns the footprints of the
// obstacles added, removed or replaced since the last one (both footprints
// of one replaced).
func (c *Sightlines) diffObstacles() [][2]Vec {
	var boxes [][2]Vec
	box := func(o *Obstacle) [2]Vec {
		lo, hi := o.Shape.Bounds()
		return [2]Vec{lo, hi}
	}
	old, cur := c.obstacles, c.snapshotInto(c.spare)
	i, j := 0, 0
	for i < len(old) || j < len(cur) {
		switch {
		case j == len(cur) || i < len(old) && old[i].ID < cur[j].ID:
			boxes = append(boxes, box(old[i]))
			i++
		case i == len(old) || cur[j].ID < old[i].ID:
			boxes = append(boxes, box(cur[j]))
			j++
		default:
			if old[i] != cur[j] {
				boxes = append(boxes, box(old[i]), box(cur[j]))
			}
			i++
			j++
		}
	}
	c.obstacles, c.spare = cur, old
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
