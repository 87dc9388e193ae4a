package sight

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
