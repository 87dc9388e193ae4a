package match

import (
	"math/bits"
	"slices"

	"sightline/rules"
)

// seenSync lets See look only at what can change a side's memory. After a
// See that looked at everything (seeAll), every obstacle covering a tile
// the side saw is remembered as it stands, and it stays so while the
// board keeps the same obstacles with the same values. So while it does,
// a later See needs to look only at the obstacles covering a tile the side
// had not seen since (recall.covered), and at the few memos of obstacles
// that are not on the board with the shape remembered (recall.odd): for
// every other obstacle, the full look would set the memo to what it
// already is. The board is compared with a copy of its obstacles at each
// See: an obstacle added or removed, a shape changed or a new board makes
// both sides' next See look at everything; an obstacle whose other values
// changed in place (a wound) has its tiles taken out of both sides'
// covered tiles, so that seeing it again tells the side.
type seenSync struct {
	board   *rules.Board
	version int
	places  []*rules.Obstacle // b.Obstacles at the last See
	values  []rules.Obstacle  // their values then
	unique  bool              // every obstacle's ID is its own
	// The board's obstacles covering tile t are the places slot[k] of
	// b.Obstacles for k in at[start[t]:start[t+1]], ascending, less those
	// razed since the index was built (slot[k] < 0): follow renumbers the
	// slots, not the tiles.
	start, at, slot []int32
	cand            []int32 // See's scratch
	remap           []int32 // follow's scratch
}

// sync compares b with the copy of the last See and brings the copy, the
// index of tiles and the sides' covered tiles up to date.
func (m *Memory) sync(b *rules.Board) { m.syncAfter(b, true, nil) }

// syncAfter is sync after a command; all false says that only the
// obstacles whose IDs damaged lists (the command's CoverDamaged events)
// may have changed in place since the last sync, so only the board's
// version and length and those obstacles are compared: the rules change an
// obstacle in place only when they damage it, and say so
// (TestOnlyCoverDamageChangesObstacles), and comparing every obstacle's
// values cost the re-play of a large map a tenth of its time.
func (m *Memory) syncAfter(b *rules.Board, all bool, damaged []int) {
	s := &m.seen
	if s.board == b && s.version == b.Version() && len(s.places) == len(b.Obstacles) && s.unchanged(m, b, all, damaged) {
		return
	}
	if s.board == b && s.unique && m.follow(b, all, damaged) {
		return
	}
	s.board, s.version = b, b.Version()
	s.places = append(s.places[:0], b.Obstacles...)
	s.values = s.values[:0]
	ids := make(map[int]bool, len(b.Obstacles))
	s.unique = true
	for _, o := range b.Obstacles {
		s.values = append(s.values, *o)
		s.unique = s.unique && !ids[o.ID]
		ids[o.ID] = true
	}
	n := b.Width * b.Height
	s.start = append(s.start[:0], make([]int32, n+1)...)
	for _, o := range b.Obstacles {
		for _, p := range m.tilesOf(b, o.ID, o.Shape) {
			s.start[p.Y*b.Width+p.X+1]++
		}
	}
	for t := range n {
		s.start[t+1] += s.start[t]
	}
	s.at = append(s.at[:0], make([]int32, s.start[n])...)
	next := append([]int32{}, s.start[:n]...)
	for k, o := range b.Obstacles {
		for _, p := range m.tilesOf(b, o.ID, o.Shape) {
			t := p.Y*b.Width + p.X
			s.at[next[t]] = int32(k)
			next[t]++
		}
	}
	s.slot = s.slot[:0]
	for k := range b.Obstacles {
		s.slot = append(s.slot, int32(k))
	}
	for i := range m.sides {
		m.sides[i].ok = false
	}
}

// follow brings the copy, the index of tiles and the sides' odd memos up
// to date when b's obstacles are the copy's less some taken off (cover
// razed), the others with their shapes, and reports whether they were.
// A removal changes no memo and leaves every other obstacle remembered as
// it was, so the sides' covered tiles stay true (board changes other than
// removals, which move the version further, make the full look): the
// index's slots of the removed places become -1 and the others are
// renumbered (a pass over the obstacles, none over the tiles), and a memo of a removed
// obstacle not gone becomes odd, as synced would find it (seeing one of
// its tiles then tells the side it is gone). An obstacle whose other
// values changed is handled as unchanged does.
func (m *Memory) follow(b *rules.Board, all bool, damaged []int) bool {
	s := &m.seen
	n, nt := len(b.Obstacles), b.Width*b.Height
	if n >= len(s.places) || len(s.start) != nt+1 {
		return false
	}
	// The shapes of the obstacles left are compared by unchanged below,
	// as syncAfter compares them without a removal: every one when all,
	// else those damaged (only a damage changes an obstacle in place).
	remap := s.remap[:0] // new place by old place, -1 when removed
	i, first := 0, -1
	for k, o := range s.places {
		if i < n && b.Obstacles[i] == o {
			remap = append(remap, int32(i))
			i++
		} else {
			remap = append(remap, -1)
			if first < 0 {
				first = k
			}
		}
	}
	s.remap = remap
	if i != n || b.Version()-s.version != len(s.places)-n {
		return false // not removals alone: RemoveObstacle counts one version each
	}
	for k, to := range remap {
		if to >= 0 {
			continue
		}
		id := s.values[k].ID
		for side := range m.sides {
			r := &m.sides[side]
			if j, known := r.at[id]; known && r.ok && !r.list[j].gone && !slices.Contains(r.odd, j) {
				r.odd = append(r.odd, j)
			}
		}
	}
	for k, p := range s.slot {
		if p >= 0 {
			s.slot[k] = remap[p]
		}
	}
	kept := first // the places before the first removed stay where they are
	for k, to := range remap[first:] {
		if k += first; to >= 0 {
			s.places[kept], s.values[kept] = s.places[k], s.values[k]
			kept++
		}
	}
	s.places, s.values = s.places[:kept], s.values[:kept]
	s.version = b.Version()
	return s.unchanged(m, b, all, damaged) // the wounds of the obstacles left
}

// unchanged reports whether b holds the obstacles of the copy, with the
// same shapes; an obstacle whose other values changed is copied again and
// its tiles taken out of the sides' covered tiles. With all false only the
// obstacles whose IDs damaged lists are compared (syncAfter).
func (s *seenSync) unchanged(m *Memory, b *rules.Board, all bool, damaged []int) bool {
	if !all {
		for _, id := range damaged {
			o := b.Obstacle(id)
			if o == nil {
				continue // razed: gone from the copy too
			}
			k := slices.Index(s.places, o)
			if k < 0 || !s.same(m, b, k) {
				return false
			}
		}
		return true
	}
	for k, o := range b.Obstacles {
		if o != s.places[k] || !s.same(m, b, k) {
			return false
		}
	}
	return true
}

// same reports whether the copy's obstacle at place k keeps its shape on
// b; when its other values changed it is copied again and its tiles taken
// out of the sides' covered tiles, so that seeing it again tells a side.
func (s *seenSync) same(m *Memory, b *rules.Board, k int) bool {
	o := s.places[k]
	if sameValues(o, &s.values[k]) {
		return true
	}
	if !sameShape(o.Shape, s.values[k].Shape) {
		return false
	}
	s.values[k] = *o
	for i := range m.sides {
		r := &m.sides[i]
		for _, p := range m.tilesOf(b, o.ID, o.Shape) {
			if t := p.Y*b.Width + p.X; t>>6 < len(r.covered) {
				r.covered[t>>6] &^= 1 << (t & 63)
			}
		}
	}
	return true
}

// sameValues reports whether a and b hold the same values in every field
// (TestSameValuesComparesEveryField keeps it in step with Obstacle's
// fields).
func sameValues(a, b *rules.Obstacle) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Class == b.Class && a.Material == b.Material &&
		a.Height == b.Height && a.Base == b.Base && a.BlocksSight == b.BlocksSight &&
		a.BlocksEffect == b.BlocksEffect && a.DE == b.DE && a.Wounds == b.Wounds &&
		a.Destructible == b.Destructible && a.Vaultable == b.Vaultable && a.Walkable == b.Walkable &&
		a.ArrowSlit == b.ArrowSlit && a.Size == b.Size && sameShape(a.Shape, b.Shape)
}

// synced records, after seeAll, the tiles v's side has seen and its odd
// memos: those not gone of obstacles off the board, and those of
// obstacles on it with another shape.
func (m *Memory) synced(b *rules.Board, v *Visibility, r *recall) {
	r.ok = m.seen.unique && v.Width == b.Width && v.Height == b.Height
	r.covered = append(r.covered[:0], v.seen...)
	if r.ok {
		m.coverClean(b, r)
	}
	r.odd = r.odd[:0]
	for i := range r.list {
		e := &r.list[i]
		o := b.Obstacle(e.o.ID)
		if o == nil && !e.gone || o != nil && !sameShape(o.Shape, e.o.Shape) {
			r.odd = append(r.odd, i)
		}
	}
}

// seeNew is See after a seeAll on the same board: it looks at the
// obstacles covering the tiles v sees that r had not seen since, in the
// board's order (the order seeAll meets them in), and at r's odd memos.
func (m *Memory) seeNew(b *rules.Board, v *Visibility, r *recall) bool {
	s := &m.seen
	cand := s.cand[:0]
	for w := range v.seen {
		v.decideWord(w, ^r.covered[w]) // a lazy fog's tiles read here
		fresh := v.seen[w] &^ r.covered[w]
		r.covered[w] |= fresh
		for ; fresh != 0; fresh &= fresh - 1 {
			t := w<<6 + bits.TrailingZeros64(fresh)
			cand = append(cand, s.at[s.start[t]:s.start[t+1]]...)
		}
	}
	slices.Sort(cand) // slot is ascending where it is not -1
	cand = slices.Compact(cand)
	s.cand = cand
	changed, grew := false, false
	var left []*rules.Obstacle // memos gone, to take out of shown
	for _, k := range cand {
		if s.slot[k] < 0 {
			continue // razed since the index was built
		}
		o := b.Obstacles[s.slot[k]] // it covers a tile v sees
		i, known := r.at[o.ID]
		if !known {
			i = len(r.list)
			r.at[o.ID] = i
			r.list = append(r.list, memo{})
		}
		e := &r.list[i]
		grew = grew || !known || e.gone
		changed = changed || !known || e.gone || e.o.Wounds != o.Wounds
		e.o, e.gone = *o, false
	}
	odd := r.odd[:0]
	for _, i := range r.odd {
		e := &r.list[i]
		o := b.Obstacle(e.o.ID)
		switch {
		case o == nil:
			if !e.gone && m.sees(b, v, e.o.ID, e.o.Shape) {
				e.gone, changed = true, true
				left = append(left, &e.o)
			}
			if e.gone {
				continue // no longer odd, as synced would find it: only a full look brings it back
			}
		case m.sees(b, v, o.ID, o.Shape) || m.sees(b, v, o.ID, e.o.Shape):
			grew = grew || e.gone
			changed = changed || e.gone || e.o.Wounds != o.Wounds
			e.o, e.gone = *o, false
		}
		odd = append(odd, i)
	}
	r.odd = odd
	switch {
	case grew:
		r.collect()
	case len(left) > 0:
		// Only memos gone: shown less them, in the same order, without
		// a walk of every memo.
		r.shown = slices.DeleteFunc(r.shown, func(o *rules.Obstacle) bool { return slices.Contains(left, o) })
	}
	return changed
}

// coverClean adds to r's covered tiles every tile whose obstacles r all
// remembers as they stand on b (or that holds none): seeing it would change
// no memo, so a lazy fog need not decide it (a re-play's board keeps most
// of its obstacles as loaded, and the memory starts with them). Run after
// seeAll, with the index of tiles current for b.
func (m *Memory) coverClean(b *rules.Board, r *recall) {
	s := &m.seen
	stale := make([]bool, len(b.Obstacles))
	for k, o := range b.Obstacles {
		i, known := r.at[o.ID]
		stale[k] = !known || r.list[i].gone || !sameValues(&r.list[i].o, o)
	}
	for t := range b.Width * b.Height {
		if t>>6 >= len(r.covered) {
			break
		}
		clean := true
		for _, k := range s.at[s.start[t]:s.start[t+1]] {
			if p := s.slot[k]; p >= 0 && stale[p] {
				clean = false
				break
			}
		}
		if clean {
			r.covered[t>>6] |= 1 << (t & 63)
		}
	}
}
