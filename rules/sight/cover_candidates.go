package sight

// coverEntry accumulates one obstacle's or unit's shadow over the rays.
type coverEntry struct {
	ob               *Obstacle
	unit             *Body
	slot             int // its slot in the query
	sum, left, right float64
	hidden           float64
	dist             float64
}

// coverCand is a part or a unit that may cast a shadow on the target in
// the current cover query.
type coverCand struct {
	p        *part // nil for a unit (the slot has it)
	top      float64
	perRay   float64 // the most shadow it can cast on one ray
	least    float64 // the least shadow it casts on a ray surely crossing it (0: not known)
	slot     int     // its obstacle's (or unit's) slot
	box      bool    // p is an axis-aligned rectangle
	lo, hi   Vec     // its box
	min, max Vec     // its box widened by coverMargin
	rays     uint8   // the sample rays of the current cone that may cross it (bit k)
}

// coverSlot is one obstacle or unit that may give cover in the current
// query.
type coverSlot struct {
	ob    *Obstacle // the obstacle, or nil for a unit
	unit  *Body     // into the query's others
	bound float64   // the most shadow it can cast summed over the current cone's rays
	least float64   // the least shadow it casts summed over them
	parts int       // how many cands it has
	// The rays of the current cone it shadows the target on (bit k), its
	// shadow and hidden fraction on each, and its least distance from the
	// origin along them.
	hits         uint8
	shadow, hide [coverSamples]float64
	dist         float64
	ignored      bool // too small to give the target cover
	arrow        bool // an arrow slit
	most         int  // the highest bonus it can give in any cone, or -1 for none
	// obParts are the obstacle's parts; contact is 0 until InContact is
	// known for the target, then 1 (no) or 2 (yes).
	obParts []*part
	contact int8
}

// coverMargin is how far, as a fraction of a tile, the pre-filters of a
// cover query stay away from anything they rule out: far above rounding,
// so a ray they skip misses the part by a clear gap.
const coverMargin = 1.0 / 64

// coneScratch is a cover query's scratch, kept in the index (a fork has
// its own): cone entries, candidates, their slots, and per-cell lists of
// the parts that can give cover, refreshed when the board's version moves.
type coneScratch struct {
	entries []coverEntry
	alt     []coverEntry // the other cone's entries when two tie (evalOrigin)
	kept    []coverEntry // the entries of the best origin so far (coverQuery)
	cands   []coverCand  // parts and units that may give cover in the current query
	slots   []coverSlot  // their obstacles and units
	cells   []coverRefs  // per cell, the parts that can give cover reaching in
}

// coverCandidates collects, once per cover query, the parts and units that
// may cast a shadow on the target from any point of origin, with their
// slots (one per obstacle or unit).
//
// Every sample ray runs from the attacker's closed space to the target's,
// so inside the hull of the two spaces, which lies inside the square as
// wide as the larger space swept from one space's centre to the other's.
// The cells that square reaches are searched, skipping those where no part
// reaching in is taller than both the eye and the target's floor: a part
// no taller than the eye casts its shadow no higher than its own top, so
// it must stand above the target's floor. (A part a ray crosses reaches
// into the cell around a point of that crossing.) Units are taken when
// their space overlaps the box of the two spaces. The square and the rows
// are reckoned in tiles, with coverMargin to spare over any rounding.
func (x *Query) coverCandidates(a, t Body, others []Body, hA float64) {
	fT := float64(x.grid.FloorUnder(t.Pos, t.Size))
	scale := float64(max1(t.Size))
	size := t.SizeCategory()
	low := min(hA, fT)
	perRay := func(top float64) float64 {
		if top > hA {
			return ShadowCap
		}
		return min((top-fT)/scale, ShadowCap) // the shadow is at most top-fT
	}
	// A box taller than the eye that a ray surely crosses casts its shadow
	// at least as high as its own top.
	leastPerRay := func(top float64) float64 {
		if top <= hA || top <= fT {
			return 0
		}
		return min((top-fT)/scale, ShadowCap)
	}
	// A part no taller than the eye shadows the target only where a ray
	// leaves it beyond (hA-top)/(hA-fT) of the ray's length (coneRays), so
	// it must reach that far from the attacker's space on the shortest ray
	// of all, no shorter than the gap between the two spaces.
	amin, amax := x.spaceBox(a.Pos, a.Size)
	tmin, tmax := x.spaceBox(t.Pos, t.Size)
	gx, gy := max(tmin.X-amax.X, amin.X-tmax.X, 0), max(tmin.Y-amax.Y, amin.Y-tmax.Y, 0)
	gap2 := Vec{gx, gy}.Len2()
	tooNear := func(top float64, pmin, pmax Vec) bool {
		if top >= hA || hA <= fT {
			return false
		}
		dx, dy := max(pmax.X-amin.X, amax.X-pmin.X), max(pmax.Y-amin.Y, amax.Y-pmin.Y)
		r := (hA - top) / (hA - fT)
		return Vec{dx, dy}.Len2() < 0.9*r*r*gap2
	}
	// In tiles: the centres of the two spaces, the half width of the
	// square (with a margin) and the rows it reaches.
	na, nt := float64(max1(a.Size)), float64(max1(t.Size))
	// (The compiler turns a halving into a product: it is rounded too.)
	ca := Vec{X: float64(a.Pos.X) + float64(na/2), Y: float64(a.Pos.Y) + float64(na/2)}
	ct := Vec{X: float64(t.Pos.X) + float64(nt/2), Y: float64(t.Pos.Y) + float64(nt/2)}
	d := ct.Sub(ca)
	hw := float64(max(na, nt)/2) + coverMargin
	inv := 1 / d.Y
	x.cone.cands, x.cone.slots = x.cone.cands[:0], x.cone.slots[:0]
	x.newQuery()
	m := float64(coverMargin * x.ts)
	// (int truncates toward zero, which is floor wherever the clamp to 0
	// does not decide.)
	cy0, cy1 := clampInt(int(min(ca.Y, ct.Y)-hw), 0, x.rows-1), clampInt(int(max(ca.Y, ct.Y)+hw), 0, x.rows-1)
	for cy := cy0; cy <= cy1; cy++ {
		// The square's centres ca + u·d (u in [u0, u1]) reach into the row.
		u0, u1 := 0.0, 1.0
		if d.Y != 0 {
			ua, ub := (float64(cy)-hw-ca.Y)*inv, (float64(cy+1)+hw-ca.Y)*inv
			u0, u1 = max(u0, min(ua, ub)), min(u1, max(ua, ub))
		} else if ca.Y+hw < float64(cy) || ca.Y-hw > float64(cy+1) {
			continue
		}
		if u0 > u1 {
			continue
		}
		xa, xb := ca.X+float64(u0*d.X), ca.X+float64(u1*d.X)
		cx0, cx1 := clampInt(int(min(xa, xb)-hw), 0, x.cols-1), clampInt(int(max(xa, xb)+hw), 0, x.cols-1)
		for cx := cx0; cx <= cx1; cx++ {
			if x.preCover[cy*x.cols+cx] <= low {
				continue
			}
			refs := x.coverCell(cx, cy)
			for i := range refs {
				r := &refs[i]
				if r.top <= low || tooNear(r.top, r.min, r.max) {
					continue
				}
				if r.shared && !x.mark(r.p) {
					continue
				}
				// An obstacle of one part is met once (a part in one cell,
				// or one marked), so it has no slot yet.
				slot := 0
				for len(r.obParts) > 1 && slot < len(x.cone.slots) && x.cone.slots[slot].ob != r.ob {
					slot++
				}
				if len(r.obParts) == 1 {
					slot = len(x.cone.slots)
				}
				if slot == len(x.cone.slots) {
					x.cone.slots = append(x.cone.slots, coverSlot{})
					sl := &x.cone.slots[slot]
					sl.ob, sl.ignored, sl.arrow, sl.obParts = r.ob, r.size < size-1, r.arrow, r.obParts
				}
				c := coverCand{p: r.p, top: r.top, perRay: perRay(r.top), slot: slot, box: r.box, lo: r.min, hi: r.max, min: Vec{X: r.min.X - m, Y: r.min.Y - m}, max: Vec{X: r.max.X + m, Y: r.max.Y + m}}
				if r.box {
					c.least = leastPerRay(r.top)
				}
				x.cone.cands = append(x.cone.cands, c)
			}
		}
	}
	// Units whose space overlaps the box of the two spaces (in tiles).
	lx, ly := min(a.Pos.X, t.Pos.X), min(a.Pos.Y, t.Pos.Y)
	hx, hy := max(a.Pos.X+max1(a.Size), t.Pos.X+max1(t.Size)), max(a.Pos.Y+max1(a.Size), t.Pos.Y+max1(t.Size))
	for i := range others {
		v := &others[i]
		if v.Side == a.Side || v.ID == t.ID {
			continue
		}
		if n := max1(v.Size); v.Pos.X+n > lx && v.Pos.X < hx && v.Pos.Y+n > ly && v.Pos.Y < hy {
			vmin, vmax := x.spaceBox(v.Pos, v.Size)
			top := x.grid.TopOf(*v)
			x.cone.cands = append(x.cone.cands, coverCand{top: top, perRay: perRay(top), least: leastPerRay(top), slot: len(x.cone.slots), lo: vmin, hi: vmax, min: Vec{X: vmin.X - m, Y: vmin.Y - m}, max: Vec{X: vmax.X + m, Y: vmax.Y + m}})
			x.cone.slots = append(x.cone.slots, coverSlot{unit: v, ignored: v.SizeCategory() < size-1})
		}
	}
	// Tall boxes first: their least shadows may settle a cone early
	// (coneRays).
	for i, j := 0, len(x.cone.cands)-1; i < j; {
		switch {
		case x.cone.cands[i].least > 0:
			i++
		case x.cone.cands[j].least == 0:
			j--
		default:
			x.cone.cands[i], x.cone.cands[j] = x.cone.cands[j], x.cone.cands[i]
		}
	}
	for i := range x.cone.cands {
		c := &x.cone.cands[i]
		x.cone.slots[c.slot].bound += float64(coverSamples * c.perRay)
		x.cone.slots[c.slot].parts++
	}
	for i := range x.cone.slots {
		sl := &x.cone.slots[i]
		sl.most = slotBonus(sl, t.Stance, sl.bound)
	}
}

// coverRef is a part that can give cover and reaches into a cell, with
// what a cover query reads of it and its obstacle (copied, so the query
// does not visit them).
type coverRef struct {
	p        *part
	ob       *Obstacle
	top      float64
	min, max Vec
	size     Size
	arrow    bool
	box      bool    // an axis-aligned rectangle
	shared   bool    // it may reach into other cells too
	obParts  []*part // all the obstacle's parts
}

// coverRefs lists a cell's coverRefs, as of a board version.
type coverRefs struct {
	version int // the index's version + 1 when listed, 0 never
	refs    []coverRef
}

// coverCell returns the parts of obstacles that can give cover and reach
// into cell (cx, cy) (those preCover counts), listing them again when the
// board has changed since.
func (x *Query) coverCell(cx, cy int) []coverRef {
	if len(x.cone.cells) != x.cols*x.rows {
		x.cone.cells = make([]coverRefs, x.cols*x.rows)
	}
	c := &x.cone.cells[cy*x.cols+cx]
	if c.version == x.version+1 {
		return c.refs
	}
	c.version, c.refs = x.version+1, c.refs[:0]
	min := Vec{X: float64(float64(cx) * x.ts), Y: float64(float64(cy) * x.ts)}
	max := Vec{X: min.X + x.ts, Y: min.Y + x.ts}
	for _, sh := range x.cellParts(cx, cy) {
		p := sh.Data().(*part)
		if p.ob == nil || !p.cover || !partOverlapsBox(p, min, max) {
			continue
		}
		within := p.min.X >= min.X && p.min.Y >= min.Y && p.max.X <= max.X && p.max.Y <= max.Y
		c.refs = append(c.refs, coverRef{p: p, ob: p.ob, top: p.top, min: p.min, max: p.max, size: p.ob.Size, arrow: p.ob.ArrowSlit, box: isBox(p), shared: !within, obParts: x.parts[p.ob.ID]})
	}
	return c.refs
}
