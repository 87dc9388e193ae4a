package sight

// lazyPrev is what a lazy field of view redone for obstacles changed away
// from its viewer (Sightlines.Update) keeps of the one before it: its
// answers, and the footprints changed since (in pixels). A tile that
// field of view decided keeps its answer when every line SeesTile may
// walk to it passes clear of every changed footprint: those lines lie in
// the convex hull of the viewer's space and the tile, and the hull of
// both grown by a tile (reach, and the tile's box) holds every cell and
// seam their walks and exact tests read. The viewer's rest (Rested)
// reads only the cover in contact with it, which the caller checks no
// footprint overlaps. Only answers move: the field of view decides every
// other tile on its own board, as before.
type lazyPrev struct {
	d     *Undecided
	boxes [][2]Vec
	reach [2]Vec // the viewer's space grown by a tile
	ts    float64
}

// answer returns the answer the field of view before gave for tile i
// (at p), and whether it holds: it had decided the tile and no changed
// footprint meets the hull.
func (k *lazyPrev) answer(i int, p Point) (seen, ok bool) {
	w, b := i>>6, uint64(1)<<(i&63)
	if k.d.maybe[w]&b != 0 {
		return false, false // undecided there too
	}
	ts := k.ts
	tile := [2]Vec{{X: float64(p.X-1) * ts, Y: float64(p.Y-1) * ts}, {X: float64(p.X+2) * ts, Y: float64(p.Y+2) * ts}}
	for _, box := range k.boxes {
		if hullMeets(k.reach, tile, box) {
			return false, false
		}
	}
	return k.d.seen != nil && k.d.seen[w]&b != 0, true
}

// hullMeets reports whether box c meets (touching counts) the convex hull
// of boxes a and b: the union, for t from 0 to 1, of the box between them
// a fraction t of the way (each bound moving linearly), so whether some t
// makes that box overlap c on both axes: four bounds linear in t.
func hullMeets(a, b, c [2]Vec) bool {
	lo, hi := 0.0, 1.0
	// each keeps the t where u + t(v-u) <= limit (sign 1) or >= limit
	// (sign -1), widened a little: an overlap is never missed.
	each := func(u, v, limit, sign float64) {
		u, v, limit = sign*u, sign*v, sign*limit+1e-6
		switch d := v - u; {
		case d == 0:
			if u > limit {
				lo, hi = 1, 0
			}
		case d > 0:
			hi = min(hi, (limit-u)/d)
		default:
			lo = max(lo, (limit-u)/d)
		}
	}
	each(a[0].X, b[0].X, c[1].X, 1)  // the box's left edge at or before c's right
	each(a[1].X, b[1].X, c[0].X, -1) // its right edge at or after c's left
	each(a[0].Y, b[0].Y, c[1].Y, 1)
	each(a[1].Y, b[1].Y, c[0].Y, -1)
	return lo <= hi+1e-9
}
