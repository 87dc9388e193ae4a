package sight

import "math/bits"

// Undecided holds the tiles of a lazy field of view (Sightlines.SetLazy)
// still to decide: every tile in its radius but the viewer's own when it
// is made (no shadow map is built), each decided only when read, by
// SeesTile on the index as it was (the field of view's own answer,
// TestFieldOfViewMatchesSeesTile), or all at once from the whole field of
// view's maps (Finish). A re-play reads a few tiles of each (a pair's
// stand-in, an event's, a fallen unit's, the memory's stale cover), where
// the eager field of view sweeps the board. Once the index changes in
// place, it decides on a frozen copy of the index as it was (lazyBoard),
// so an answer never sees a board the field of view was not made on.
//
// Reading one decides tiles and so changes it: it is for one goroutine.
type Undecided struct {
	b      *lazyBoard // the board it decides on, as it was made
	body   Body       // the viewer, as the field of view was asked
	radius int        // its sight radius (0: the whole board)
	width  int
	maybe  []uint64 // tiles not decided yet, as FOV's bits
	seen   []uint64 // tiles decided seen since (nil: none yet)
	// Words from..to-1 of seen hold every tile decided seen.
	from, to int
	left     int // how many tiles maybe holds
	// prev is the field of view this one was redone from, when only
	// obstacles away from the viewer changed (nil: none).
	prev *lazyPrev
}

// Seen reports whether the field of view sees tile p among the tiles it
// left undecided (false for every other tile), deciding p if need be.
func (d *Undecided) Seen(p Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= d.width || p.Y*d.width+p.X >= len(d.maybe)*64 {
		return false
	}
	return d.decide(p.Y*d.width + p.X)
}

// Open reports whether tile p is still undecided.
func (d *Undecided) Open(p Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= d.width || p.Y*d.width+p.X >= len(d.maybe)*64 {
		return false
	}
	i := p.Y*d.width + p.X
	return d.maybe[i>>6]&(1<<(i&63)) != 0
}

// OrSeen sets in seen the tiles decided seen so far (a bit set as
// FOV.OrInto's).
func (d *Undecided) OrSeen(seen []uint64) {
	for i := d.from; i < min(len(seen), d.to); i++ {
		seen[i] |= d.seen[i]
	}
}

// markSeen notes the tiles s of word w decided seen.
func (d *Undecided) markSeen(w int, s uint64) {
	if d.seen == nil {
		d.seen = make([]uint64, len(d.maybe))
		d.from, d.to = w, w+1
	}
	d.seen[w] |= s
	d.from, d.to = min(d.from, w), max(d.to, w+1)
}

// finishByMaps is how many undecided tiles Finish decides one by one;
// over it, it builds the whole field of view's shadow maps once.
const finishByMaps = 32

// Finish decides every tile still undecided: one by one when they are
// few, else from the whole field of view made anew on the same board (its
// tiles are SeesTile's, TestFieldOfViewMatchesSeesTile).
func (d *Undecided) Finish() {
	if d.left > finishByMaps {
		q := d.b.whole().Query()
		whole := &q.finishFOV
		q.fieldOfView(d.body, d.radius, whole, false)
		q.Done()
		for w := range d.maybe {
			if s := whole.bits[w] & d.maybe[w]; s != 0 {
				d.markSeen(w, s)
			}
			d.maybe[w] = 0
		}
		d.left = 0
		return
	}
	for w := range d.maybe {
		for m := d.maybe[w]; m != 0; m &= m - 1 {
			d.decide(w<<6 + bits.TrailingZeros64(m))
		}
	}
}

// decide returns whether tile i (row by row) is seen among the undecided
// tiles, deciding it when it is still open.
func (d *Undecided) decide(i int) bool {
	w, b := i>>6, uint64(1)<<(i&63)
	if d.maybe[w]&b == 0 {
		return d.seen != nil && d.seen[w]&b != 0
	}
	p := Point{X: i % d.width, Y: i / d.width}
	seen, ok := false, false
	if d.prev != nil {
		seen, ok = d.prev.answer(i, p)
	}
	if !ok {
		q := d.b.between(d.body.Pos, d.body.Size, p, 1).Query()
		seen = q.SeesTile(d.body, p)
		q.Done()
	}
	d.maybe[w] &^= b
	d.left--
	if seen {
		d.markSeen(w, b)
	}
	return seen
}
