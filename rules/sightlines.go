package rules

import "sightline/rules/sight"

// Sightlines caches what the fog of war reads: every unit's field of view
// (its tiles and the living units it sees within the radius), kept up to
// date incrementally by sight.Sightlines: a unit that moved, changed
// stance or died, or an obstacle added or destroyed, redoes only what it
// touches.
type Sightlines struct {
	state  *State
	cache  *sight.Sightlines
	bodies []body
	alive  []bool
}

// NewSightlines returns an empty cache over s with the given sight radius in
// tiles (0: the whole board). The first Update computes everything.
func NewSightlines(s *State, radius int) *Sightlines {
	return &Sightlines{state: s, cache: sight.NewSightlines(radius)}
}

// Update recomputes what changed since the last call and returns how many
// fields of view and unit pairs (unordered) it recomputed.
func (c *Sightlines) Update() (fovs, pairs int) {
	s := c.state
	c.bodies, c.alive = c.bodies[:0], c.alive[:0]
	for _, u := range s.Units {
		c.bodies, c.alive = append(c.bodies, bodyOf(u)), append(c.alive, u.Alive())
	}
	return c.cache.Update(s.Board.sightIndex(), c.bodies, c.alive)
}

// SetLazy makes the fields of view of the next Updates lazy or whole
// again (sight.Sightlines.SetLazy): a lazy one builds no shadow map and
// decides a tile only when it is read, with the same answer, asks the
// pairs of units of one side only when Visible reads them, and lists only
// enemies in FOV.Units. Its fields of view change as they are read: one
// goroutine at a time.
func (c *Sightlines) SetLazy(on bool) { c.cache.SetLazy(on) }

// FOV returns the cached field of view of the unit with the given ID, after
// an Update, or nil for an unknown unit. Units have IDs 1..n in the order
// of State.Units.
func (c *Sightlines) FOV(id int) *FOV {
	c.Update()
	return c.cache.FOV(id - 1)
}

// Last returns the field of view of the unit with the given ID as of the
// last Update (FOV without an Update first: for a reader of every unit's
// that has just updated), or nil for an unknown unit.
func (c *Sightlines) Last(id int) *FOV { return c.cache.FOV(id - 1) }

// Visible reports whether units a and b (by ID, both alive) see each
// other, after an Update.
func (c *Sightlines) Visible(a, b int) bool {
	c.Update()
	return c.cache.Visible(a-1, b-1)
}
