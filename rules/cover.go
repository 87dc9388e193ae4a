package rules

import (
	"math"
	"math/bits"
)

// coverSamples is how many rays measure the cone: rays from the point of
// origin to points spread evenly across the target, at the middle of its
// depth (the segment between the two closest corners, moved back to the
// target's centre).
const coverSamples = 6

// CoverHit is one obstacle (or intervening unit) in the cover cone and how
// much it hides.
type CoverHit struct {
	// Obstacle is the obstacle, or nil when Unit gives the cover.
	Obstacle *Obstacle
	// Unit is an intervening unit that is no ally of the attacker, or nil.
	Unit *Unit
	// Hidden is the fraction of the target's silhouette it hides (0-1).
	Hidden float64
	// Shadow is the mean height of its shadow on the target in human-scale
	// bricks (a 2×2 mech's heights are halved), capped at 5.
	Shadow float64
	// Grade is the cover it alone gives.
	Grade CoverGrade
	// InContact is true when it touches the target's space.
	InContact bool
	// Ignored is true when it is more than one size category smaller than
	// the target (seed 002) and so gives no cover.
	Ignored bool
}

// CoverResult is the oracle's whole answer for one attacker and target:
// what the preview shows, what the hit panel lists and what the shot rolls.
type CoverResult struct {
	// Origin is the point of origin: the intersection touching the
	// attacker's space that is best for the attacker (lowest cover, then
	// sight and effect from it, then nearest the target).
	Origin Vec
	// Corners are the two closest corners of the target's space: the cone
	// runs from Origin to them.
	Corners [2]Vec
	// Grade is the cover the target gets; Bonus its defence bonus.
	Grade CoverGrade
	Bonus int
	// By is the obstacle that gives the cover (the best single one; cover
	// does not stack), or nil.
	By *Obstacle
	// ByUnit is the intervening unit that gives the cover, or nil.
	ByUnit *Unit
	// Hidden is the fraction of the target hidden by the covering obstacle.
	Hidden float64
	// Obstacles lists every obstacle and unit in the cone, nearest first.
	Obstacles []CoverHit
	// CoveredLimbs are the limbs the cover hides from this attacker.
	CoveredLimbs Limbs
	// Flanked is true when the target is in cover (in contact with some
	// obstacle) yet gets no cover from this attacker.
	Flanked bool
	// InContact is true when the covering obstacle touches the target
	// ("in cover"); false when it only protects it from afar (seed 004).
	InContact bool
	// LoS is true when the attacker has line of sight to the target (from
	// any intersection); LoE when a line of effect runs from Origin.
	LoS, LoE bool
	// AttackerPenalty is a modifier to the attacker's roll from its own
	// position (seed 004: -1 firing from prone in low cover), with Reason.
	AttackerPenalty int
	AttackerReason  string
}

// Targetable reports whether the target can be attacked at all: line of
// sight and line of effect.
func (r CoverResult) Targetable() bool { return r.LoS && r.LoE }

// coverEntry accumulates one obstacle's or unit's shadow over the rays.
type coverEntry struct {
	ob               *Obstacle
	unit             *Unit
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
	unit  *Unit
	bound float64 // the most shadow it can cast summed over the current cone's rays
	least float64 // the least shadow it casts summed over them
	parts int     // how many cands it has
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

// coneRay is one sample ray of a cone and its box.
type coneRay struct {
	q      Vec     // where it ends
	u      float64 // where it aims between the cone's sides (0 to 1)
	len2   float64 // its length squared
	lo, hi Vec
	left   bool
}

// coverMargin is how far, as a fraction of a tile, the pre-filters of a
// cover query stay away from anything they rule out: far above rounding,
// so a ray they skip misses the part by a clear gap.
const coverMargin = 1.0 / 64

// castFull asks evalOrigin for every obstacle of the cone, not only the
// ones that can decide its bonus.
const castFull = -1

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

// coneEval is the cover one origin gives.
type coneEval struct {
	o          Vec
	corners    [2]Vec
	grade      CoverGrade
	best       int // index into entries, or -1
	hidden     float64
	sum, l, r  float64
	full       bool // cast in full: entries hold every obstacle of the cone
	traced     bool // sight and eff are known
	sight, eff bool
}

// Cover measures the target's cover against the attacker (ruleset §3,
// seeds 002 and 004) and everything else a shot needs: line of sight, line
// of effect, the point of origin, the covering obstacle, the covered limbs.
//
// For each intersection touching the attacker's space, at the attacker's
// eye height, a cone runs to the two closest corners of the target's space.
// Every obstacle in the cone casts a shadow on the target: the height below
// which the target's body (a column standing at its centre) is hidden from
// the origin, found by similar triangles from the obstacle's top and the
// point where each ray crosses it, so elevation and distance both count (an
// attacker on a roof sees over a low wall that covers the target from the
// ground). The shadow, averaged across the cone in human-scale bricks,
// classes the obstacle very-low/low/high/full and seed 004's table turns
// that into a grade for the target's stance. Allies of the attacker give no
// cover; other units do (as obstacles as tall as their bodies); obstacles
// more than one size category smaller than the target give none; the best
// single obstacle counts. An arrow slit the target is in contact with gives
// improved cover. With no cover, a target with no cover object within
// ExposedReach tiles is Exposed.
func (s *State) Cover(attacker, target *Unit) CoverResult {
	return s.coverQuery(attacker, target, losUnknown)
}

// cover is Cover with the attacker's line of sight to the target already
// known.
func (s *State) cover(attacker, target *Unit, los bool) CoverResult {
	if los {
		return s.coverQuery(attacker, target, losYes)
	}
	return s.coverQuery(attacker, target, losNo)
}

// What a cover query knows of the attacker's line of sight to the target.
const (
	losUnknown int8 = iota
	losNo
	losYes
)

// coverQuery is Cover, with the line of sight known or not. Line of sight
// is "some origin sees" (spacesSee): when not known it is read from the
// origins bestOrigin traced, and traced from the others only when none of
// those sees.
func (s *State) coverQuery(attacker, target *Unit, los int8) CoverResult {
	bd := s.Board
	x := bd.query()
	defer x.done()
	hA := bd.EyeHeight(attacker)
	x.coverCandidates(s, attacker, target, hA)
	// The origins, nearest the target first (then row by row).
	var origins [maxCorners]Vec
	var dist [maxCorners]float64
	n := bd.cornersInto(attacker.Pos, attacker.Size, &origins)
	center := bd.SpaceCenter(target)
	for i := 0; i < n; i++ {
		o, d := origins[i], center.Sub(origins[i]).Len()
		j := i
		for ; j > 0 && d < dist[j-1]; j-- {
			origins[j], dist[j] = origins[j-1], dist[j-1]
		}
		origins[j], dist[j] = o, d
	}
	var sees [maxCorners]int8
	best := x.bestOrigin(s, target, hA, origins[:n], los, &sees)
	res := CoverResult{LoS: los == losYes}
	if los == losUnknown {
		for i := 0; i < n && !res.LoS; i++ {
			if sees[i] == losUnknown {
				res.LoS = pointSees(x, bd, origins[i], hA, target.Pos, target.Size, bd.TopHeight(target), BlockSight)
			} else {
				res.LoS = sees[i] == losYes
			}
		}
	}
	res.Origin, res.Corners, res.LoE = best.o, best.corners, best.eff
	res.Grade = best.grade
	var e coverEntry
	if best.best >= 0 {
		e = x.cone.entries[best.best]
	}
	res.Obstacles = x.coverHits(s, target)
	if best.best >= 0 {
		res.By, res.ByUnit, res.Hidden = e.ob, e.unit, best.hidden
		if e.ob != nil {
			res.InContact = x.slotInContact(&e, target)
		} else {
			res.InContact = unitsTouch(e.unit, target)
		}
		res.CoveredLimbs = coveredLimbs(res.Grade, target.Stance, best.sum, best.l, best.r)
	}
	if res.Grade == CoverNone {
		res.Flanked = s.UnitInCover(target)
		if !res.Flanked && s.Exposed(target) {
			res.Grade = CoverExposed
		}
	}
	res.Bonus = res.Grade.Bonus()
	res.AttackerPenalty, res.AttackerReason = s.attackerPenalty(attacker)
	return res
}

// bestOrigin returns the cover from the best point of origin, the first in
// this order: lowest bonus, sight from it, effect from it, nearest, first
// row by row. Its cone's obstacles are left in the scratch, cast in full,
// and its sight and effect are traced. sees[i] is set to losYes or losNo
// for each origin it traced (the sight is traced unless los is losNo).
//
// The origins come nearest first (then row by row), so a later one beats
// the best so far only with a lower bonus, or with the same bonus and
// better sight or effect. The first is cast in full (it is usually the
// best). Each later one is cast only as far as telling whether its bonus
// is lower than the best's, or at least as high (evalCone's level, not
// exact); one that is lower becomes the best and is cast in full, one that
// may tie is noted. Then the best's lines are traced, and only when it
// lacks sight or effect are the noted ones cast exactly and, when they tie,
// traced.
func (x *sightQuery) bestOrigin(s *State, t *Unit, hA float64, origins []Vec, los int8, sees *[maxCorners]int8) coneEval {
	var best coneEval
	var maybe [maxCorners]int
	bestI, nm := -1, 0
	for i, o := range origins {
		if bestI >= 0 {
			e := x.evalOrigin(s, t, o, hA, best.grade.Bonus(), false)
			if e.grade.Bonus() >= best.grade.Bonus() {
				if e.grade.Bonus() == best.grade.Bonus() {
					maybe[nm] = i
					nm++
				}
				continue
			}
		}
		best, bestI, nm = x.evalOrigin(s, t, o, hA, castFull, false), i, 0
		// Keep the best cone's obstacles aside instead of casting it again.
		x.cone.entries, x.cone.kept = x.cone.kept, x.cone.entries
	}
	x.traceOrigin(s.Board, &best, hA, t, los)
	sees[bestI] = sightOf(best)
	for _, i := range maybe[:nm] {
		if best.sight && best.eff {
			break
		}
		e := x.evalOrigin(s, t, origins[i], hA, best.grade.Bonus(), true)
		if e.grade.Bonus() != best.grade.Bonus() {
			continue
		}
		x.traceOrigin(s.Board, &e, hA, t, los)
		sees[i] = sightOf(e)
		if e.sight && !best.sight || e.sight == best.sight && e.eff && !best.eff {
			best = e
		}
	}
	if best.full {
		x.cone.entries, x.cone.kept = x.cone.kept, x.cone.entries
		return best
	}
	e := x.evalOrigin(s, t, best.o, hA, castFull, false)
	e.traced, e.sight, e.eff = best.traced, best.sight, best.eff
	return e
}

// sightOf is losYes or losNo, as the traced origin e sees the target.
func sightOf(e coneEval) int8 {
	if e.sight {
		return losYes
	}
	return losNo
}

// traceOrigin fills in sight and effect from e's origin to the target, once.
// Without line of sight no origin sees. A line clear of sight and effect
// blockers both is clear of each kind alone: such a walk visits every cell
// and part a walk for one kind visits, and a seam one kind's parts form is
// found among the parts of either kind, so one walk answers both in the
// usual case.
func (x *sightQuery) traceOrigin(bd *Board, e *coneEval, hA float64, t *Unit, los int8) {
	if e.traced {
		return
	}
	e.traced = true
	tz := bd.TopHeight(t)
	if los != losNo {
		var cb [maxCorners]Vec
		nb := sightOrder(bd, t.Pos, t.Size, e.o, &cb)
		for j := 0; j < nb; j++ {
			if x.lineClear(e.o, hA, cb[j], tz, BlockSight|BlockEffect) {
				e.sight, e.eff = true, true
				return
			}
		}
		e.sight = pointSees(x, bd, e.o, hA, t.Pos, t.Size, tz, BlockSight)
	}
	e.eff = pointSees(x, bd, e.o, hA, t.Pos, t.Size, tz, BlockEffect)
}

// attackerPenalty is seed 004's modifier for firing from prone in cover:
// none in very-low cover, -1 in low cover.
func (s *State) attackerPenalty(u *Unit) (int, string) {
	if u.Stance != Prone {
		return 0, ""
	}
	x := s.Board.query()
	defer x.done()
	min, max := x.spaceBox(u.Pos, u.Size)
	d := contactDepth * x.ts
	x.newQuery()
	cx0, cy0, cx1, cy1 := x.cellRange(Vec{min.X - d, min.Y - d}, Vec{max.X + d, max.Y + d})
	low := false
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			for _, sh := range x.cellParts(cx, cy) {
				p := sh.Data().(*part)
				if !coverCounts(p, u) || !x.mark(p) {
					continue
				}
				if p.ob.Height/max1(u.Size) == HeightLow && x.partInContact(p, u) {
					low = true
				}
			}
		}
	}
	if low {
		return -1, "firing from prone in low cover (seed 004)"
	}
	return 0, ""
}

// unitsTouch reports whether two units' spaces share an edge or overlap
// (touching only at a corner does not count).
func unitsTouch(a, b *Unit) bool {
	ax1, ay1 := a.Pos.X+max1(a.Size), a.Pos.Y+max1(a.Size)
	bx1, by1 := b.Pos.X+max1(b.Size), b.Pos.Y+max1(b.Size)
	ox := a.Pos.X <= bx1 && b.Pos.X <= ax1
	oy := a.Pos.Y <= by1 && b.Pos.Y <= ay1
	edgeX := a.Pos.X < bx1 && b.Pos.X < ax1
	edgeY := a.Pos.Y < by1 && b.Pos.Y < ay1
	return ox && oy && (edgeX || edgeY)
}

// closestCorners returns the target's outer corners sorted by distance to
// o, and how many candidates tie for second place (1 or 2).
func closestCorners(b *Board, t *Unit, o Vec) (c [4]Vec, ties int) {
	ts := float64(b.TileSize)
	n := float64(max1(t.Size))
	x0, y0 := float64(t.Pos.X)*ts, float64(t.Pos.Y)*ts
	x1, y1 := x0+n*ts, y0+n*ts
	c = [4]Vec{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}
	var d [4]float64
	for i := range c {
		v := c[i].Sub(o)
		d[i] = v.X*v.X + v.Y*v.Y
		for j := i; j > 0 && d[j] < d[j-1]; j-- {
			d[j], d[j-1] = d[j-1], d[j]
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	if d[1] > d[0] && d[2] == d[1] {
		return c, 2
	}
	return c, 1
}

// evalOrigin measures the cover from one point of origin. When two corners
// tie for second closest the defender picks the better cone (seed 002).
// The chosen cone's obstacles are left in the scratch. With level castFull
// every obstacle of the cone is cast; otherwise see evalCone (the origin's
// bonus is the higher of its cones'). Sight and effect from the origin are
// left to traceOrigin.
func (x *sightQuery) evalOrigin(s *State, t *Unit, o Vec, hA float64, level int, exact bool) coneEval {
	bd := s.Board
	c, ties := closestCorners(bd, t, o)
	e := x.evalCone(s, t, o, hA, c[0], c[1], level, exact)
	if b := e.grade.Bonus(); ties == 2 && (level == castFull || b < level || exact && b == level) {
		x.cone.entries, x.cone.alt = x.cone.alt, x.cone.entries
		e2 := x.evalCone(s, t, o, hA, c[0], c[2], level, exact)
		if e2.grade.Bonus() > e.grade.Bonus() || e2.grade.Bonus() == e.grade.Bonus() && e2.hidden > e.hidden {
			e = e2
		} else {
			x.cone.entries, x.cone.alt = x.cone.alt, x.cone.entries
		}
	}
	e.o, e.full = o, level == castFull
	return e
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
func (x *sightQuery) coverCandidates(s *State, a, t *Unit, hA float64) {
	bd := s.Board
	fT := float64(bd.FloorOf(t))
	scale := float64(max1(t.Size))
	size := t.SizeCategory()
	low := min(hA, fT)
	perRay := func(top float64) float64 {
		if top > hA {
			return shadowCap
		}
		return min((top-fT)/scale, shadowCap) // the shadow is at most top-fT
	}
	// A box taller than the eye that a ray surely crosses casts its shadow
	// at least as high as its own top.
	leastPerRay := func(top float64) float64 {
		if top <= hA || top <= fT {
			return 0
		}
		return min((top-fT)/scale, shadowCap)
	}
	// A part no taller than the eye shadows the target only where a ray
	// leaves it beyond (hA-top)/(hA-fT) of the ray's length (coneRays), so
	// it must reach that far from the attacker's space on the shortest ray
	// of all, no shorter than the gap between the two spaces.
	amin, amax := x.spaceBox(a.Pos, a.Size)
	tmin, tmax := x.spaceBox(t.Pos, t.Size)
	gx, gy := max(tmin.X-amax.X, amin.X-tmax.X, 0), max(tmin.Y-amax.Y, amin.Y-tmax.Y, 0)
	gap2 := gx*gx + gy*gy
	tooNear := func(top float64, pmin, pmax Vec) bool {
		if top >= hA || hA <= fT {
			return false
		}
		dx, dy := max(pmax.X-amin.X, amax.X-pmin.X), max(pmax.Y-amin.Y, amax.Y-pmin.Y)
		r := (hA - top) / (hA - fT)
		return dx*dx+dy*dy < 0.9*r*r*gap2
	}
	// In tiles: the centres of the two spaces, the half width of the
	// square (with a margin) and the rows it reaches.
	na, nt := float64(max1(a.Size)), float64(max1(t.Size))
	ca := Vec{float64(a.Pos.X) + na/2, float64(a.Pos.Y) + na/2}
	ct := Vec{float64(t.Pos.X) + nt/2, float64(t.Pos.Y) + nt/2}
	d := ct.Sub(ca)
	hw := max(na, nt)/2 + coverMargin
	inv := 1 / d.Y
	x.cone.cands, x.cone.slots = x.cone.cands[:0], x.cone.slots[:0]
	x.newQuery()
	m := coverMargin * x.ts
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
		xa, xb := ca.X+u0*d.X, ca.X+u1*d.X
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
				c := coverCand{p: r.p, top: r.top, perRay: perRay(r.top), slot: slot, box: r.box, lo: r.min, hi: r.max, min: Vec{r.min.X - m, r.min.Y - m}, max: Vec{r.max.X + m, r.max.Y + m}}
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
	for _, v := range s.Units {
		if v.Side == a.Side || v.ID == t.ID || !v.Alive() {
			continue
		}
		if n := max1(v.Size); v.Pos.X+n > lx && v.Pos.X < hx && v.Pos.Y+n > ly && v.Pos.Y < hy {
			vmin, vmax := x.spaceBox(v.Pos, v.Size)
			top := bd.TopHeight(v)
			x.cone.cands = append(x.cone.cands, coverCand{top: top, perRay: perRay(top), least: leastPerRay(top), slot: len(x.cone.slots), lo: vmin, hi: vmax, min: Vec{vmin.X - m, vmin.Y - m}, max: Vec{vmax.X + m, vmax.Y + m}})
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
		x.cone.slots[c.slot].bound += coverSamples * c.perRay
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
	version int // the board's version + 1 when listed, 0 never
	refs    []coverRef
}

// coverCell returns the parts of obstacles that can give cover and reach
// into cell (cx, cy) (those preCover counts), listing them again when the
// board has changed since.
func (x *sightQuery) coverCell(cx, cy int) []coverRef {
	if len(x.cone.cells) != x.cols*x.rows {
		x.cone.cells = make([]coverRefs, x.cols*x.rows)
	}
	c := &x.cone.cells[cy*x.cols+cx]
	if c.version == x.board.version+1 {
		return c.refs
	}
	c.version, c.refs = x.board.version+1, c.refs[:0]
	min := Vec{float64(cx) * x.ts, float64(cy) * x.ts}
	max := Vec{min.X + x.ts, min.Y + x.ts}
	for _, sh := range x.cellParts(cx, cy) {
		p := sh.Data().(*part)
		if p.ob == nil || !p.cover || !partOverlapsBox(p, min, max) {
			continue
		}
		within := p.min.X >= min.X && p.min.Y >= min.Y && p.max.X <= max.X && p.max.Y <= max.Y
		c.refs = append(c.refs, coverRef{p: p, ob: p.ob, top: p.top, min: p.min, max: p.max, size: p.ob.Size, arrow: p.ob.ArrowSlit, box: isBox(p), shared: !within, obParts: x.parts[p.ob]})
	}
	return c.refs
}

// coneRays marks, for every candidate, the sample rays of the cone from o
// to q1 + u·e (u in (0, 1)) that may cross it with a shadow above the
// target's floor fT, and bounds each slot's shadow over the rays.
//
// A ray crosses a candidate only if it is longer than the candidate's box
// is near to o, and a part no taller than the eye shadows the target only
// where a ray leaves it beyond (hA-top)/(hA-fT) of its length, so it must
// reach that far from o. A candidate whose widened box lies wholly ahead
// of o (on the side of the line through o parallel to e where q1 is) is
// seen across the values of u between those of its box's silhouette
// corners. Either way a ray crosses it only if the ray's box overlaps its
// widened box (so one clear of the box of all the rays is skipped at once).
func (x *sightQuery) coneRays(o, q1, e Vec, rays *[coverSamples]coneRay, hA, fT, minLen2 float64, level int, st Stance, stop bool) bool {
	for i := range x.cone.slots {
		x.cone.slots[i].bound, x.cone.slots[i].least, x.cone.slots[i].hits = 0, 0, 0
	}
	d1 := q1.Sub(o)
	den := d1.X*e.Y - d1.Y*e.X
	// The rays end on a segment, in order (each coordinate of their ends
	// is monotonic in u, rounding included), so the box of all the rays
	// is that of o and the first and last ends.
	qa, qb := rays[0].q, rays[coverSamples-1].q
	lo, hi := Vec{min(o.X, qa.X, qb.X), min(o.Y, qa.Y, qb.Y)}, Vec{max(o.X, qa.X, qb.X), max(o.Y, qa.Y, qb.Y)}
	for i := range x.cone.cands {
		c := &x.cone.cands[i]
		c.rays = 0
		if x.cone.slots[c.slot].most < level || c.max.X < lo.X || c.min.X > hi.X || c.max.Y < lo.Y || c.min.Y > hi.Y {
			continue
		}
		w0, w1 := c.min.Sub(o), c.max.Sub(o)
		// A ray reaches the box only if it is longer than the box is near;
		// a low part shadows the target only if the box reaches far enough.
		nx, ny := max(w0.X, -w1.X, 0), max(w0.Y, -w1.Y, 0)
		near, reach := nx*nx+ny*ny, math.Inf(1)
		if c.top < hA && hA > fT {
			far := farthest2(w0, w1)
			r := (hA - c.top) / (hA - fT)
			if far < 0.98*r*r*minLen2 {
				continue
			}
			reach = far / (0.98 * r * r)
		}
		umin, umax, ahead := aheadRange(w0, w1, d1, e, den)
		for k := range rays {
			r := &rays[k]
			if near > r.len2 || reach < r.len2 {
				continue
			}
			if (!ahead || r.u >= umin && r.u <= umax) && c.max.X >= r.lo.X && c.min.X <= r.hi.X && c.max.Y >= r.lo.Y && c.min.Y <= r.hi.Y {
				c.rays |= 1 << k
			}
		}
		n := bits.OnesCount8(c.rays)
		sl := &x.cone.slots[c.slot]
		sl.bound += float64(n) * c.perRay
		if level != castFull && c.least > 0 && n > 0 && sl.parts == 1 {
			sl.least += float64(x.sureRays(c, o, d1, e, den, rays)) * c.least
			if stop && slotLeast(sl, st) >= level {
				return true
			}
		}
	}
	return false
}

// slotBonus is the highest bonus a slot can give from a bound on its
// shadow summed over the rays (a little slack covers the rounding of the
// sums), or -1 when it can give no grade but none.
func slotBonus(sl *coverSlot, st Stance, bound float64) int {
	if sl.ignored {
		return -1
	}
	c := classOf(bound/coverSamples + 1e-9)
	g := gradeFor(st, c)
	if sl.arrow {
		g = CoverNone
		if c >= classVeryLow {
			g = CoverImproved
		}
	}
	if g == CoverNone {
		return -1
	}
	return g.Bonus()
}

// slotLeast is the least bonus a slot surely gives in the current cone
// (0 when not known), from the least shadow it casts.
func slotLeast(sl *coverSlot, st Stance) int {
	if sl.ignored || sl.arrow || sl.least == 0 {
		return 0
	}
	return gradeFor(st, classOf(sl.least/coverSamples-1e-9)).Bonus()
}

// sureRays counts the rays of the cone that surely cross candidate c (a
// box taller than the eye): those aimed strictly within the silhouette of
// the box shrunk by coverMargin (widened boxes shrink by twice that) and
// long enough to reach its far corner. Such a ray passes at least
// coverMargin deep inside the box, so interval finds a crossing of
// positive length that is not along an edge.
func (x *sightQuery) sureRays(c *coverCand, o, d1, e Vec, den float64, rays *[coverSamples]coneRay) int {
	m := 2 * coverMargin * x.ts
	w0, w1 := Vec{c.min.X + m - o.X, c.min.Y + m - o.Y}, Vec{c.max.X - m - o.X, c.max.Y - m - o.Y}
	if w0.X >= w1.X || w0.Y >= w1.Y {
		return 0
	}
	umin, umax, ok := aheadRange(w0, w1, d1, e, den)
	if !ok {
		return 0
	}
	far := farthest2(w0, w1)
	n := 0
	for k := range rays {
		r := &rays[k]
		if c.rays&(1<<k) != 0 && r.u > umin && r.u < umax && far < r.len2 {
			n++
		}
	}
	return n
}

// aheadRange returns the values of u between which the rays o + d1 + u·e
// (den is d1×e) see the box [w0, w1], relative to o: those between its
// silhouette corners. ok is false unless the box lies wholly ahead of o,
// on the side of the line through o parallel to e where o + d1 is.
func aheadRange(w0, w1, d1, e Vec, den float64) (umin, umax float64, ok bool) {
	a, b, ok := silhouette(w0, w1)
	if !ok || den == 0 {
		return 0, 0, false
	}
	ca, cb := a.X*e.Y-a.Y*e.X, b.X*e.Y-b.Y*e.X
	if ca*den <= 0 || cb*den <= 0 {
		return 0, 0, false
	}
	ua, ub := (d1.X*a.Y-d1.Y*a.X)/ca, (d1.X*b.Y-d1.Y*b.X)/cb
	return min(ua, ub), max(ua, ub), true
}

// farthest2 is the squared distance from the eye to the farthest point of
// the box [w0, w1] (relative to the eye).
func farthest2(w0, w1 Vec) float64 {
	return max(w0.X*w0.X, w1.X*w1.X) + max(w0.Y*w0.Y, w1.Y*w1.Y)
}

// silhouette returns the corners of the box [w0, w1] (relative to the
// eye) at the two edges of its silhouette; ok is false when the eye is in
// the closed box.
func silhouette(w0, w1 Vec) (a, b Vec, ok bool) {
	switch {
	case w0.X > 0 && w0.Y > 0, w1.X < 0 && w1.Y < 0:
		return Vec{w1.X, w0.Y}, Vec{w0.X, w1.Y}, true
	case w0.X > 0 && w1.Y < 0, w1.X < 0 && w0.Y > 0:
		return w0, w1, true
	case w0.X > 0:
		return w0, Vec{w0.X, w1.Y}, true
	case w1.X < 0:
		return Vec{w1.X, w0.Y}, w1, true
	case w0.Y > 0:
		return w0, Vec{w1.X, w0.Y}, true
	case w1.Y < 0:
		return Vec{w0.X, w1.Y}, w1, true
	}
	return Vec{}, Vec{}, false
}

// isBox reports whether p is an axis-aligned rectangle (its own bounding
// box).
func isBox(p *part) bool {
	if p.circle || len(p.norms) != 4 {
		return false
	}
	for _, n := range p.norms {
		if n.X != 0 && n.Y != 0 {
			return false
		}
	}
	return true
}

// bonusGrade is a grade with bonus b (0 to 4) from a cone.
func bonusGrade(b int) CoverGrade {
	switch b {
	case 2:
		return CoverHalf
	case 3:
		return CoverThreeQuarter
	case 4:
		return CoverFull
	}
	return CoverNone
}

// evalCone casts the sample rays of one cone and grades every obstacle in
// it, leaving them in x.cone.entries. With level castFull every obstacle
// and unit the rays cross is cast. Otherwise only those that can give a
// grade other than none with a bonus of at least level are, and the bounds
// on each slot's shadow may answer without casting at all. The grade
// found then has a bonus above level only when the true one is, below
// level only when the true one is, and equal to level only when the true
// one is (exact) or at least is (not exact).
func (x *sightQuery) evalCone(s *State, t *Unit, o Vec, hA float64, c1, c2 Vec, level int, exact bool) coneEval {
	if level == 0 && !exact {
		return coneEval{corners: [2]Vec{c1, c2}, grade: CoverNone, best: -1} // every bonus is at least 0
	}
	bd := s.Board
	x.cone.entries = x.cone.entries[:0]
	center := bd.SpaceCenter(t)
	shift := center.Sub(c1.Add(c2).Scale(0.5))
	fT := float64(bd.FloorOf(t))
	rays, nLeft, minLen2 := sampleRays(o, c1, c2, shift, center.Sub(o))
	if x.coneRays(o, c1.Add(shift), c2.Sub(c1), &rays, hA, fT, minLen2, level, t.Stance, level != castFull && !exact) {
		return coneEval{corners: [2]Vec{c1, c2}, grade: bonusGrade(level), best: -1} // at least level
	}
	if level != castFull {
		// The bounds may decide the bonus against level without casting.
		lb, ub := 0, 0
		for i := range x.cone.slots {
			sl := &x.cone.slots[i]
			if sl.most >= level {
				ub, lb = max(ub, slotBonus(sl, t.Stance, sl.bound)), max(lb, slotLeast(sl, t.Stance))
			}
		}
		if lb > level || ub < level || lb == ub || !exact && lb == level {
			return coneEval{corners: [2]Vec{c1, c2}, grade: bonusGrade(max(lb, min(ub, level))), best: -1}
		}
	}
	x.castCone(o, &rays, hA, fT, float64(t.BodyHeight()), float64(max1(t.Size)), level, t.Stance)
	nRight := coverSamples - nLeft
	ev := coneEval{corners: [2]Vec{c1, c2}, grade: CoverNone, best: -1}
	for i := range x.cone.entries {
		e := &x.cone.entries[i]
		sh := e.sum / coverSamples
		g := x.entryGrade(s, e, t, sh)
		if g == CoverNone {
			continue
		}
		h := e.hidden / coverSamples
		if ev.best < 0 || g.Bonus() > ev.grade.Bonus() || g.Bonus() == ev.grade.Bonus() && (g > ev.grade || g == ev.grade && (h > ev.hidden || h == ev.hidden && entryBefore(e, &x.cone.entries[ev.best]))) {
			ev.best, ev.grade, ev.hidden, ev.sum = i, g, h, sh
			ev.l, ev.r = meanOr(e.left, nLeft, sh), meanOr(e.right, nRight, sh)
		}
	}
	return ev
}

// sampleRays returns the sample rays of the cone from o to the segment
// c1-c2 moved by shift (f runs from o to the target's centre), how many
// aim at the target's left, and the shortest one's length squared.
func sampleRays(o, c1, c2, shift, f Vec) (rays [coverSamples]coneRay, nLeft int, minLen2 float64) {
	minLen2 = math.Inf(1)
	for k := range rays {
		r := &rays[k]
		u := (float64(k) + 0.5) / coverSamples
		r.u = u
		q := c1.Add(c2.Sub(c1).Scale(u)).Add(shift)
		qo := q.Sub(o)
		r.left = f.X*qo.Y-f.Y*qo.X > 0 // on the attacker's right: the target's left
		if r.left {
			nLeft++
		}
		r.q, r.len2 = q, qo.X*qo.X+qo.Y*qo.Y
		r.lo, r.hi = Vec{min(o.X, q.X), min(o.Y, q.Y)}, Vec{max(o.X, q.X), max(o.Y, q.Y)}
		minLen2 = min(minLen2, r.len2)
	}
	return rays, nLeft, minLen2
}

// castCone casts the rays marked by coneRays at every candidate whose slot
// can give a bonus of at least level (every candidate with castFull), then
// gathers each slot's shadows into its entry in x.cone.entries, ray by ray.
func (x *sightQuery) castCone(o Vec, rays *[coverSamples]coneRay, hA, fT, body, scale float64, level int, st Stance) {
	var segs [coverSamples]seg
	var made uint8
	for i := range x.cone.cands {
		c := &x.cone.cands[i]
		if c.rays == 0 || level != castFull && slotBonus(&x.cone.slots[c.slot], st, x.cone.slots[c.slot].bound) < level {
			continue
		}
		for k := range rays {
			if c.rays&(1<<k) == 0 {
				continue
			}
			if made&(1<<k) == 0 {
				segs[k], made = newSeg(o, hA, rays[k].q, hA), made|1<<k
			}
			x.castAt(c, &segs[k], k, hA, fT, body, scale)
		}
	}
	for i := range x.cone.slots {
		sl := &x.cone.slots[i]
		if sl.hits == 0 {
			continue
		}
		e := coverEntry{unit: sl.unit, ob: sl.ob, slot: i, dist: sl.dist}
		for k := range rays {
			if sl.hits&(1<<k) == 0 {
				continue
			}
			e.sum += sl.shadow[k]
			e.hidden += sl.hide[k]
			if rays[k].left {
				e.left += sl.shadow[k]
			} else {
				e.right += sl.shadow[k]
			}
		}
		x.cone.entries = append(x.cone.entries, e)
	}
}

// meanOr is sum/n, or def when n is 0.
func meanOr(sum float64, n int, def float64) float64 {
	if n == 0 {
		return def
	}
	return sum / float64(n)
}

// entryBefore orders entries deterministically: obstacles by ID, then
// units by ID.
func entryBefore(a, b *coverEntry) bool {
	if (a.ob != nil) != (b.ob != nil) {
		return a.ob != nil
	}
	if a.ob != nil {
		return a.ob.ID < b.ob.ID
	}
	return a.unit.ID < b.unit.ID
}

// slotInContact is InContact for the obstacle of entry e and the target,
// found once per query.
func (x *sightQuery) slotInContact(e *coverEntry, t *Unit) bool {
	sl := &x.cone.slots[e.slot]
	if sl.contact == 0 {
		sl.contact = 1
		for _, p := range sl.obParts {
			if x.partInContact(p, t) {
				sl.contact = 2
				break
			}
		}
	}
	return sl.contact == 2
}

// entryGrade is the grade one obstacle alone gives the target.
func (x *sightQuery) entryGrade(s *State, e *coverEntry, t *Unit, shadow float64) CoverGrade {
	if e.ob != nil {
		if e.ob.Size < t.SizeCategory()-1 {
			return CoverNone
		}
		if e.ob.ArrowSlit {
			if classOf(shadow) >= classVeryLow && x.slotInContact(e, t) {
				return CoverImproved
			}
			return CoverNone
		}
	} else if e.unit.SizeCategory() < t.SizeCategory()-1 {
		return CoverNone
	}
	return gradeFor(t.Stance, classOf(shadow))
}

// castAt tests sample ray k (segment sg) against candidate c and records
// the shadow c casts on the target there in c's slot: a point of the
// target's body at height z is hidden when the line from the eye (height
// hA) to it passes under the top where it crosses c, that is below
// hA + (top-hA)/t* (t* = t0 when the top is above the eye, t1 when below).
// A slot's shadow on a ray is the highest of its parts'.
func (x *sightQuery) castAt(c *coverCand, sg *seg, k int, hA, fT, body, scale float64) {
	var t0, t1 float64
	var onEdge, ok bool
	switch {
	case c.p == nil:
		t0, t1, ok = sg.boxInterval(c.lo, c.hi)
	case c.box:
		t0, t1, onEdge, ok = sg.boxCross(c.lo, c.hi)
	default:
		t0, t1, onEdge, _, ok = sg.interval(c.p)
	}
	if !ok || onEdge {
		return
	}
	top, rayLen := c.top, sg.length
	var zh float64
	switch {
	case top > hA && t0*rayLen <= epsPx:
		zh = math.Inf(1)
	case top > hA:
		zh = hA + (top-hA)/t0
	default:
		zh = hA + (top-hA)/t1
	}
	if zh <= fT {
		return // hides nothing
	}
	shadow := min((zh-fT)/scale, shadowCap)
	hide := min((zh-fT)/body, 1)
	sl := &x.cone.slots[c.slot]
	if sl.hits == 0 {
		sl.dist = math.Inf(1)
	}
	sl.dist = min(sl.dist, t0*rayLen)
	if sl.hits&(1<<k) == 0 {
		sl.hits |= 1 << k
		sl.shadow[k], sl.hide[k] = shadow, hide
		return
	}
	sl.shadow[k], sl.hide[k] = max(sl.shadow[k], shadow), max(sl.hide[k], hide)
}

// boxCross is interval for a part that is the axis-aligned rectangle
// [min, max], without reading its edges. The edges' normals are exact unit
// axes, so each edge's num and den here are the very numbers interval
// computes (up to the sign of a zero, which changes no outcome). interval
// gives up as soon as the clipped range is too short; the range only
// shrinks, so clipping by all four edges first and testing once gives the
// same answer.
func (s *seg) boxCross(min, max Vec) (t0, t1 float64, onEdge, ok bool) {
	t0, t1 = 0, 1
	tiny := 1e-12 * s.length
	for axis := 0; axis < 2; axis++ {
		// The num of the edge facing +axis (den d) and of the one facing
		// -axis (den -d).
		hi, lo, d := max.X-s.p0.X, s.p0.X-min.X, s.d.X
		if axis == 1 {
			hi, lo, d = max.Y-s.p0.Y, s.p0.Y-min.Y, s.d.Y
		}
		if math.Abs(d) <= tiny {
			if hi < -epsPx || lo < -epsPx {
				return 0, 0, false, false
			}
			onEdge = onEdge || hi <= epsPx || lo <= epsPx
			continue
		}
		th, tl := hi/d, lo/-d
		if d < 0 {
			th, tl = tl, th // the -axis edge leaves
		}
		if th < t1 {
			t1 = th
		}
		if tl > t0 {
			t0 = tl
		}
	}
	if (t1-t0)*s.length <= epsPx {
		return 0, 0, false, false
	}
	return t0, t1, onEdge, true
}

// boxInterval is interval for an axis-aligned box (a unit's space).
func (s *seg) boxInterval(min, max Vec) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	for _, ax := range [2][3]float64{{s.p0.X, s.d.X, 0}, {s.p0.Y, s.d.Y, 1}} {
		lo, hi := min.X, max.X
		if ax[2] == 1 {
			lo, hi = min.Y, max.Y
		}
		if ax[1] == 0 {
			if ax[0] <= lo || ax[0] >= hi {
				return 0, 0, false
			}
			continue
		}
		a, b := (lo-ax[0])/ax[1], (hi-ax[0])/ax[1]
		if a > b {
			a, b = b, a
		}
		t0, t1 = math.Max(t0, a), math.Min(t1, b)
	}
	if (t1-t0)*s.length <= epsPx {
		return 0, 0, false
	}
	return t0, t1, true
}

// coverHits copies the entries of the last evaluated cone into the
// result's list, nearest first.
func (x *sightQuery) coverHits(s *State, t *Unit) []CoverHit {
	if len(x.cone.entries) == 0 {
		return nil
	}
	hits := make([]CoverHit, 0, len(x.cone.entries))
	for i := range x.cone.entries {
		e := &x.cone.entries[i]
		sh := e.sum / coverSamples
		h := CoverHit{Obstacle: e.ob, Unit: e.unit, Hidden: e.hidden / coverSamples, Shadow: sh, Grade: x.entryGrade(s, e, t, sh)}
		if e.ob != nil {
			h.InContact = x.slotInContact(e, t)
			h.Ignored = e.ob.Size < t.SizeCategory()-1
		} else {
			h.InContact = unitsTouch(e.unit, t)
			h.Ignored = e.unit.SizeCategory() < t.SizeCategory()-1
		}
		hits = append(hits, h)
	}
	// Nearest first; the entries come in walk order per ray, so sort.
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && x.hitNearer(j, j-1); j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
			x.cone.entries[j], x.cone.entries[j-1] = x.cone.entries[j-1], x.cone.entries[j]
		}
	}
	return hits
}

// hitNearer orders entries i and j for the obstacle list: nearest first,
// then by entryBefore.
func (x *sightQuery) hitNearer(i, j int) bool {
	a, b := &x.cone.entries[i], &x.cone.entries[j]
	if a.dist != b.dist {
		return a.dist < b.dist
	}
	return entryBefore(a, b)
}
