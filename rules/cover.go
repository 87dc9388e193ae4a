package rules

import "math"

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
	ob                 *Obstacle
	unit               *Unit
	sum, left, right   float64
	hidden             float64
	dist               float64
	ray                int
	rayShadow, rayHide float64
	rayLeft            bool
}

type coneScratch struct {
	entries []coverEntry
	best    []coverEntry // the best origin's entries so far (Cover)
	alt     []coverEntry // the other cone's entries when two tie (evalOrigin)
	units   []*Unit      // units that may give cover in the current cone
}

// coneEval is the cover one origin gives.
type coneEval struct {
	corners    [2]Vec
	grade      CoverGrade
	best       int // index into entries, or -1
	hidden     float64
	sum, l, r  float64
	sight, eff bool
	dist       float64
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
	return s.cover(attacker, target, s.LineOfSight(attacker, target))
}

// cover is Cover with the attacker's line of sight to the target already
// known.
func (s *State) cover(attacker, target *Unit, los bool) CoverResult {
	bd := s.Board
	x := bd.sightIndex()
	hA := bd.EyeHeight(attacker)
	res := CoverResult{LoS: los}
	var origins [maxCorners]Vec
	n := bd.cornersInto(attacker.Pos, attacker.Size, &origins)
	bestI := -1
	var best coneEval
	for i := 0; i < n; i++ {
		e := x.evalOrigin(s, attacker, target, origins[i], hA)
		if bestI < 0 || originBetter(e, best) {
			bestI, best = i, e
			// Keep the best cone's obstacles aside instead of casting it
			// again.
			x.cone.entries, x.cone.best = x.cone.best, x.cone.entries
		}
	}
	x.cone.entries, x.cone.best = x.cone.best, x.cone.entries
	o := origins[bestI]
	res.Origin, res.Corners, res.LoE = o, best.corners, best.eff
	res.Grade = best.grade
	var e coverEntry
	if best.best >= 0 {
		e = x.cone.entries[best.best]
	}
	res.Obstacles = x.coverHits(s, target)
	if best.best >= 0 {
		res.By, res.ByUnit, res.Hidden = e.ob, e.unit, best.hidden
		if e.ob != nil {
			res.InContact = s.InContact(target, e.ob)
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

// originBetter ranks points of origin for the attacker: lowest cover
// bonus, then sight from it, then effect from it, then nearest; the first
// intersection (row by row) wins ties.
func originBetter(a, b coneEval) bool {
	if a.grade.Bonus() != b.grade.Bonus() {
		return a.grade.Bonus() < b.grade.Bonus()
	}
	if a.sight != b.sight {
		return a.sight
	}
	if a.eff != b.eff {
		return a.eff
	}
	return a.dist < b.dist
}

// attackerPenalty is seed 004's modifier for firing from prone in cover:
// none in very-low cover, -1 in low cover.
func (s *State) attackerPenalty(u *Unit) (int, string) {
	if u.Stance != Prone {
		return 0, ""
	}
	x := s.Board.sightIndex()
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
// The chosen cone's obstacles are left in the scratch.
func (x *sightIndex) evalOrigin(s *State, a, t *Unit, o Vec, hA float64) coneEval {
	bd := s.Board
	c, ties := closestCorners(bd, t, o)
	e := x.evalCone(s, a, t, o, hA, c[0], c[1])
	if ties == 2 {
		x.cone.entries, x.cone.alt = x.cone.alt, x.cone.entries
		e2 := x.evalCone(s, a, t, o, hA, c[0], c[2])
		if e2.grade.Bonus() > e.grade.Bonus() || e2.grade.Bonus() == e.grade.Bonus() && e2.hidden > e.hidden {
			e = e2
		} else {
			x.cone.entries, x.cone.alt = x.cone.alt, x.cone.entries
		}
	}
	tz := bd.TopHeight(t)
	e.sight = pointSees(x, bd, o, hA, t.Pos, t.Size, tz, BlockSight)
	e.eff = pointSees(x, bd, o, hA, t.Pos, t.Size, tz, BlockEffect)
	e.dist = bd.SpaceCenter(t).Sub(o).Len()
	return e
}

// evalCone casts the sample rays of one cone and grades every obstacle in
// it, leaving them in x.cone.entries.
func (x *sightIndex) evalCone(s *State, a, t *Unit, o Vec, hA float64, c1, c2 Vec) coneEval {
	bd := s.Board
	x.cone.entries = x.cone.entries[:0]
	center := bd.SpaceCenter(t)
	shift := center.Sub(c1.Add(c2).Scale(0.5))
	f := center.Sub(o)
	scale := float64(max1(t.Size))
	fT := float64(bd.FloorOf(t))
	body := float64(t.BodyHeight())
	x.cone.units = x.cone.units[:0]
	lo, hi := o, o
	for _, c := range [2]Vec{c1.Add(shift), c2.Add(shift)} {
		lo.X, lo.Y, hi.X, hi.Y = math.Min(lo.X, c.X), math.Min(lo.Y, c.Y), math.Max(hi.X, c.X), math.Max(hi.Y, c.Y)
	}
	for _, v := range s.Units {
		if v == a || v == t || !v.Alive() || v.Side == a.Side {
			continue
		}
		vmin, vmax := x.spaceBox(v.Pos, v.Size)
		if vmax.X > lo.X && vmin.X < hi.X && vmax.Y > lo.Y && vmin.Y < hi.Y {
			x.cone.units = append(x.cone.units, v)
		}
	}
	nLeft := 0
	for k := 0; k < coverSamples; k++ {
		u := (float64(k) + 0.5) / coverSamples
		q := c1.Add(c2.Sub(c1).Scale(u)).Add(shift)
		qo := q.Sub(o)
		left := f.X*qo.Y-f.Y*qo.X > 0 // on the attacker's right: the target's left
		if left {
			nLeft++
		}
		x.castCoverRay(s, a, t, o, hA, q, k, fT, body, scale, left)
	}
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

// entryGrade is the grade one obstacle alone gives the target.
func (x *sightIndex) entryGrade(s *State, e *coverEntry, t *Unit, shadow float64) CoverGrade {
	if e.ob != nil {
		if e.ob.Size < t.SizeCategory()-1 {
			return CoverNone
		}
		if e.ob.ArrowSlit {
			if classOf(shadow) >= classVeryLow && s.InContact(t, e.ob) {
				return CoverImproved
			}
			return CoverNone
		}
	} else if e.unit.SizeCategory() < t.SizeCategory()-1 {
		return CoverNone
	}
	return gradeFor(t.Stance, classOf(shadow))
}

// castCoverRay walks one sample ray from o to q and adds every crossed
// obstacle's (and unit's) shadow on the target to its entry.
func (x *sightIndex) castCoverRay(s *State, a, t *Unit, o Vec, hA float64, q Vec, k int, fT, body, scale float64, left bool) {
	sg := newSeg(o, hA, q, hA)
	x.newQuery()
	var w cellWalk
	w.init(o, q, x.ts)
	for {
		cx, cy, _, t1, ok := w.next()
		if !ok {
			break
		}
		if cx < 0 || cy < 0 || cx >= x.cols || cy >= x.rows {
			continue
		}
		// Skip the cell when nothing in it is tall enough to cast a shadow
		// on the target even where the ray leaves it (parts reaching into
		// later cells are met again there).
		if top := x.preCover[cy*x.cols+cx]; top < hA && (hA <= fT || hA-top >= t1*(hA-fT)) {
			continue
		}
		for _, sh := range x.cellParts(cx, cy) {
			p := sh.Data().(*part)
			if !x.mark(p) {
				continue
			}
			if p.ob == nil || !p.cover {
				continue
			}
			t0, t1, onEdge, _, ok := sg.interval(p)
			if !ok || onEdge {
				continue
			}
			x.addShadow(p.ob, nil, p.top, t0, t1, hA, k, fT, body, scale, left, sg.length)
		}
	}
	for _, v := range x.cone.units {
		min, max := x.spaceBox(v.Pos, v.Size)
		t0, t1, ok := sg.boxInterval(min, max)
		if !ok {
			continue
		}
		x.addShadow(nil, v, s.Board.TopHeight(v), t0, t1, hA, k, fT, body, scale, left, sg.length)
	}
	for i := range x.cone.entries {
		e := &x.cone.entries[i]
		if e.ray != k+1 {
			continue
		}
		e.sum += e.rayShadow
		e.hidden += e.rayHide
		if e.rayLeft {
			e.left += e.rayShadow
		} else {
			e.right += e.rayShadow
		}
	}
}

// addShadow records the shadow an obstacle with the given top, crossed by
// the ray over [t0, t1], casts on the target: a point of the target's body
// at height z is hidden when the line from the eye (height hA) to it passes
// under the top where it crosses the obstacle, that is below
// hA + (top-hA)/t* (t* = t0 when the top is above the eye, t1 when below).
func (x *sightIndex) addShadow(ob *Obstacle, u *Unit, top, t0, t1, hA float64, k int, fT, body, scale float64, left bool, rayLen float64) {
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
	shadow := math.Min((zh-fT)/scale, shadowCap)
	hide := math.Min((zh-fT)/body, 1)
	var e *coverEntry
	for i := range x.cone.entries {
		c := &x.cone.entries[i]
		if c.ob == ob && c.unit == u {
			e = c
			break
		}
	}
	if e == nil {
		x.cone.entries = append(x.cone.entries, coverEntry{ob: ob, unit: u, dist: math.Inf(1)})
		e = &x.cone.entries[len(x.cone.entries)-1]
	}
	e.dist = math.Min(e.dist, t0*rayLen)
	if e.ray != k+1 {
		e.ray, e.rayShadow, e.rayHide, e.rayLeft = k+1, shadow, hide, left
		return
	}
	e.rayShadow, e.rayHide = math.Max(e.rayShadow, shadow), math.Max(e.rayHide, hide)
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
func (x *sightIndex) coverHits(s *State, t *Unit) []CoverHit {
	var hits []CoverHit
	for i := range x.cone.entries {
		e := &x.cone.entries[i]
		sh := e.sum / coverSamples
		h := CoverHit{Obstacle: e.ob, Unit: e.unit, Hidden: e.hidden / coverSamples, Shadow: sh, Grade: x.entryGrade(s, e, t, sh)}
		if e.ob != nil {
			h.InContact = s.InContact(t, e.ob)
			h.Ignored = e.ob.Size < t.SizeCategory()-1
		} else {
			h.InContact = unitsTouch(e.unit, t)
			h.Ignored = e.unit.SizeCategory() < t.SizeCategory()-1
		}
		hits = append(hits, h)
	}
	// Nearest first; the entries come in walk order per ray, so sort.
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && x.hitNearer(j, j-1, hits); j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
			x.cone.entries[j], x.cone.entries[j-1] = x.cone.entries[j-1], x.cone.entries[j]
		}
	}
	return hits
}

func (x *sightIndex) hitNearer(i, j int, _ []CoverHit) bool {
	a, b := &x.cone.entries[i], &x.cone.entries[j]
	if a.dist != b.dist {
		return a.dist < b.dist
	}
	return entryBefore(a, b)
}
