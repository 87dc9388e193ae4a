package sight

import "slices"

// Query lends out a query on the index: the index, read only, with scratch
// of the query's own, so each goroutine asks through its own. The caller
// calls Done when it has its answers.
func (x *Index) Query() *Query {
	q, _ := x.queries.Get().(*Query)
	if q == nil {
		q = &Query{}
	}
	q.Index = x
	if len(q.stamps) < x.nparts {
		q.stamps = append(q.stamps, make([]uint32, x.nparts-len(q.stamps))...)
	}
	return q
}

// Done returns q to its index's idle queries; q must not be used after.
func (q *Query) Done() {
	x := q.Index
	q.Index = nil
	x.queries.Put(q)
}

// Len returns how many obstacles the index holds.
func (x *Index) Len() int { return x.count }

// Bodies returns an empty slice of the query's own with room for n bodies,
// for the caller to fill with the others of a Cover call. It is valid
// until Done.
func (q *Query) Bodies(n int) []Body {
	if cap(q.others) < n {
		q.others = make([]Body, 0, n)
	}
	return q.others[:0]
}

// InContact reports whether the obstacle with the given ID touches u's
// space along a side (seed 004: a body is in cover only when in contact
// with it).
func (q *Query) InContact(u Body, obstacle int) bool {
	for _, p := range q.parts[obstacle] {
		if q.partInContact(p, u) {
			return true
		}
	}
	return false
}

// Contacts appends to ids the IDs of the obstacles with some height that
// touch u's space along a side (InContact), each once, in the order the
// search meets them, and returns the slice.
func (q *Query) Contacts(u Body, ids []int) []int {
	min, max := q.contactBox(u)
	q.nearParts(min, max, func(p *part) bool {
		if p.ob != nil && p.ob.Height > 0 && !slices.Contains(ids, p.ob.ID) && q.partInContact(p, u) {
			ids = append(ids, p.ob.ID)
		}
		return false
	})
	return ids
}

// Fills reports whether an obstacle with some height, not Walkable, covers
// all of tile p (Shape.CoversTile), so nothing can stand there.
func (q *Query) Fills(p Point) bool {
	if !q.grid.InBounds(p) {
		return false
	}
	if g := &q.grid; len(q.fills) == g.Width*g.Height {
		return q.fills[p.Y*g.Width+p.X] > 0 // counted as obstacles come and go
	}
	return q.fillers(p, func(*Obstacle) bool { return true })
}

// FilledBy appends to ids the IDs of the obstacles with some height, not
// Walkable, that cover all of tile p (Shape.CoversTile), each once, and returns the slice.
func (q *Query) FilledBy(p Point, ids []int) []int {
	q.fillers(p, func(o *Obstacle) bool {
		if !slices.Contains(ids, o.ID) {
			ids = append(ids, o.ID)
		}
		return false
	})
	return ids
}

// fillers calls f with each obstacle with some height that covers all of
// tile p, until f returns true, and reports whether it did. An obstacle
// cut into many parts in the tile's cell is tested once: the test reads
// its whole shape.
func (q *Query) fillers(p Point, f func(o *Obstacle) bool) bool {
	if !q.grid.InBounds(p) {
		return false
	}
	var buf [8]*Obstacle
	tested := buf[:0]
	for _, sh := range q.cellParts(p.X, p.Y) {
		ob := sh.Data().(*part).ob
		if ob == nil || ob.Height <= 0 || ob.Walkable || slices.Contains(tested, ob) {
			continue
		}
		tested = append(tested, ob)
		if ob.Shape.CoversTile(p, q.grid.TileSize) && f(ob) {
			return true
		}
	}
	return false
}
