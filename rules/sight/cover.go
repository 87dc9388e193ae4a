package sight

// coverSamples is how many rays measure the cone: rays from the point of
// origin to points spread evenly across the target, at the middle of its
// depth (the segment between the two closest corners, moved back to the
// target's centre).
const coverSamples = 6

// castFull asks evalOrigin for every obstacle of the cone, not only the
// ones that can decide its bonus.
const castFull = -1

// LoS is what a cover query's caller already knows of the attacker's line
// of sight to the target.
type LoS int8

// What a caller may know of a line of sight.
const (
	LoSUnknown LoS = iota // not known: Cover traces it
	LoSNo                 // known to be blocked
	LoSYes                // known to be clear
)

// Cover answers a cover query of attacker against target, others being
// the living bodies that may give cover. Line of sight is "some origin
// sees" (spacesSee): when not known it is read from the origins
// bestOrigin traced, and traced from the others only when none of those
// sees.
func (x *Query) Cover(attacker, target Body, others []Body, los LoS) Cover {
	attacker, target = x.Rested(attacker), x.Rested(target)
	hA := x.grid.EyeOf(attacker)
	x.coverCandidates(attacker, target, others, hA)
	// The origins, nearest the target first (then row by row).
	var origins [MaxCorners]Vec
	var dist [MaxCorners]float64
	n := x.grid.CornersInto(attacker.Pos, attacker.Size, &origins)
	center := x.grid.SpaceCenter(target.Pos, target.Size)
	for i := 0; i < n; i++ {
		o, d := origins[i], center.Sub(origins[i]).Len()
		j := i
		for ; j > 0 && d < dist[j-1]; j-- {
			origins[j], dist[j] = origins[j-1], dist[j-1]
		}
		origins[j], dist[j] = o, d
	}
	var sees [MaxCorners]LoS
	best := x.bestOrigin(target, hA, origins[:n], los, &sees)
	res := Cover{LoS: los == LoSYes}
	if los == LoSUnknown {
		for i := 0; i < n && !res.LoS; i++ {
			if sees[i] == LoSUnknown {
				res.LoS = pointSees(x, origins[i], hA, target.Pos, target.Size, x.grid.EyeOf(target), BlockSight)
			} else {
				res.LoS = sees[i] == LoSYes
			}
		}
	}
	if res.LoS && !(best.sight && best.eff) {
		best = x.usableOrigin(target, hA, origins[:n], best, los)
	}
	res.Origin, res.Corners, res.LoE = best.o, best.corners, best.eff
	res.Grade = best.grade
	var e coverEntry
	if best.best >= 0 {
		e = x.cone.entries[best.best]
	}
	res.Hits = x.coverHits(target)
	if best.best >= 0 {
		res.Hidden = best.hidden
		if e.ob != nil {
			res.Obstacle = e.ob.ID
			res.InContact = x.slotInContact(&e, target)
		} else {
			res.Unit = e.unit.ID
			res.InContact = unitsTouch(*e.unit, target)
		}
		res.Limbs = CoveredLimbs(res.Grade, target.Stance, best.sum, best.l, best.r)
		res.Corner = res.Grade == GradeFull && e.ob != nil && e.ob.BlocksSight && target.Stance != Prone && ClassOf(best.sum) == ClassFull
	}
	x.pointBlank(attacker, target, &res)
	if res.Grade == GradeNone {
		res.Flanked = x.InCover(target)
		if !res.Flanked && x.Exposed(target) {
			res.Grade = GradeExposed
		}
	}
	return res
}

// pointBlank raises res to the cover an obstacle between attacker and
// target that both touch gives the target by its height (SharedCover),
// when that is better than what the shadows found.
func (x *Query) pointBlank(attacker, target Body, res *Cover) {
	sh, id := x.SharedCover(attacker, target)
	g := GradeFor(target.Stance, ClassOf(sh))
	if id == 0 || g <= res.Grade || res.Grade == GradeImproved {
		return
	}
	res.Grade, res.Obstacle, res.Unit, res.InContact, res.Corner = g, id, 0, true, false
	res.Hidden = min(1, sh/float64(target.Stance.Height()))
	res.Limbs = CoveredLimbs(g, target.Stance, sh, sh, sh)
}

// bestOrigin returns the cover from the best point of origin, the first in
// this order: lowest bonus, sight from it, effect from it, nearest, first
// row by row. Its cone's obstacles are left in the scratch, cast in full,
// and its sight and effect are traced. sees[i] is set to LoSYes or LoSNo
// for each origin it traced (the sight is traced unless los is LoSNo).
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
func (x *Query) bestOrigin(t Body, hA float64, origins []Vec, los LoS, sees *[MaxCorners]LoS) coneEval {
	var best coneEval
	var maybe [MaxCorners]int
	bestI, nm := -1, 0
	for i, o := range origins {
		if bestI >= 0 {
			e := x.evalOrigin(t, o, hA, best.grade.Bonus(), false)
			if e.grade.Bonus() >= best.grade.Bonus() {
				if e.grade.Bonus() == best.grade.Bonus() {
					maybe[nm] = i
					nm++
				}
				continue
			}
		}
		best, bestI, nm = x.evalOrigin(t, o, hA, castFull, false), i, 0
		// Keep the best cone's obstacles aside instead of casting it again.
		x.cone.entries, x.cone.kept = x.cone.kept, x.cone.entries
	}
	x.traceOrigin(&best, hA, t, los)
	sees[bestI] = sightOf(best)
	for _, i := range maybe[:nm] {
		if best.sight && best.eff {
			break
		}
		e := x.evalOrigin(t, origins[i], hA, best.grade.Bonus(), true)
		if e.grade.Bonus() != best.grade.Bonus() {
			continue
		}
		x.traceOrigin(&e, hA, t, los)
		sees[i] = sightOf(e)
		if e.sight && !best.sight || e.sight == best.sight && e.eff && !best.eff {
			best = e
		}
	}
	if best.full {
		x.cone.entries, x.cone.kept = x.cone.kept, x.cone.entries
		return best
	}
	e := x.evalOrigin(t, best.o, hA, castFull, false)
	e.traced, e.sight, e.eff = best.traced, best.sight, best.eff
	return e
}

// usableOrigin returns the origin with both sight and effect to the target
// that gives the lowest bonus (the nearest of those, then the first row by
// row), when best, the lowest bonus of all, lacks either: a point of origin
// no shot can leave is no choice at all (seed 002, Point of Origin: the
// one "that gives the best result"). With none such it returns best. The
// chosen cone's obstacles are left in the scratch, cast in full.
func (x *Query) usableOrigin(t Body, hA float64, origins []Vec, best coneEval, los LoS) coneEval {
	var found coneEval
	ok := false
	for _, o := range origins {
		if o == best.o {
			continue
		}
		e := x.evalOrigin(t, o, hA, castFull, false)
		if ok && e.grade.Bonus() >= found.grade.Bonus() {
			continue
		}
		x.traceOrigin(&e, hA, t, los)
		if e.sight && e.eff {
			found, ok = e, true
		}
	}
	if !ok {
		found = best
	}
	e := x.evalOrigin(t, found.o, hA, castFull, false)
	e.traced, e.sight, e.eff = found.traced, found.sight, found.eff
	return e
}

// sightOf is LoSYes or LoSNo, as the traced origin e sees the target.
func sightOf(e coneEval) LoS {
	if e.sight {
		return LoSYes
	}
	return LoSNo
}

// traceOrigin fills in sight and effect from e's origin to the target, once.
// Without line of sight no origin sees. A line clear of sight and effect
// blockers both is clear of each kind alone: such a walk visits every cell
// and part a walk for one kind visits, and a seam one kind's parts form is
// found among the parts of either kind, so one walk answers both in the
// usual case.
func (x *Query) traceOrigin(e *coneEval, hA float64, t Body, los LoS) {
	if e.traced {
		return
	}
	e.traced = true
	tz := x.grid.EyeOf(t)
	if los != LoSNo {
		var cb [MaxCorners]Vec
		nb := sightOrder(&x.grid, t.Pos, t.Size, e.o, &cb)
		for j := 0; j < nb; j++ {
			if x.LineClear(e.o, hA, cb[j], tz, BlockSight|BlockEffect) {
				e.sight, e.eff = true, true
				return
			}
		}
		e.sight = pointSees(x, e.o, hA, t.Pos, t.Size, tz, BlockSight)
	}
	e.eff = pointSees(x, e.o, hA, t.Pos, t.Size, tz, BlockEffect)
}

// InLowCover reports whether u is in contact with low cover (seed 004:
// firing from prone in low cover is at -1; very-low cover costs nothing).
func (x *Query) InLowCover(u Body) bool {
	min, max := x.contactBox(u)
	return x.nearParts(min, max, func(p *part) bool {
		return coverCounts(p, u) && p.ob.Height/max1(u.Size) == HeightLow && x.partInContact(p, u)
	})
}

// unitsTouch reports whether two units' spaces share an edge or overlap
// (touching only at a corner does not count).
func unitsTouch(a, b Body) bool {
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
func closestCorners(g *Grid, t Body, o Vec) (c [4]Vec, ties int) {
	ts := float64(g.TileSize)
	n := float64(max1(t.Size))
	x0, y0 := float64(float64(t.Pos.X)*ts), float64(float64(t.Pos.Y)*ts)
	x1, y1 := x0+float64(n*ts), y0+float64(n*ts)
	c = [4]Vec{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}}
	var d [4]float64
	for i := range c {
		d[i] = c[i].Sub(o).Len2()
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
func (x *Query) evalOrigin(t Body, o Vec, hA float64, level int, exact bool) coneEval {
	c, ties := closestCorners(&x.grid, t, o)
	e := x.evalCone(t, o, hA, c[0], c[1], level, exact)
	if b := e.grade.Bonus(); ties == 2 && (level == castFull || b < level || exact && b == level) {
		x.cone.entries, x.cone.alt = x.cone.alt, x.cone.entries
		e2 := x.evalCone(t, o, hA, c[0], c[2], level, exact)
		if e2.grade.Bonus() > e.grade.Bonus() || e2.grade.Bonus() == e.grade.Bonus() && e2.hidden > e.hidden {
			e = e2
		} else {
			x.cone.entries, x.cone.alt = x.cone.alt, x.cone.entries
		}
	}
	e.o, e.full = o, level == castFull
	return e
}

// coverHits copies the entries of the last evaluated cone into the
// result's list, nearest first.
func (x *Query) coverHits(t Body) []Hit {
	if len(x.cone.entries) == 0 {
		return nil
	}
	hits := make([]Hit, 0, len(x.cone.entries))
	for i := range x.cone.entries {
		e := &x.cone.entries[i]
		sh := e.sum / coverSamples
		h := Hit{Hidden: e.hidden / coverSamples, Shadow: sh, Grade: x.entryGrade(e, t, sh)}
		if e.ob != nil {
			h.Obstacle = e.ob.ID
			h.InContact = x.slotInContact(e, t)
			h.Ignored = e.ob.Size < t.SizeCategory()-1
		} else {
			h.Unit = e.unit.ID
			h.InContact = unitsTouch(*e.unit, t)
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
func (x *Query) hitNearer(i, j int) bool {
	a, b := &x.cone.entries[i], &x.cone.entries[j]
	if a.dist != b.dist {
		return a.dist < b.dist
	}
	return entryBefore(a, b)
}
