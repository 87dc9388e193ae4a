package sight

import (
	"math"
	"math/bits"
)

// coneRay is one sample ray of a cone and its box.
type coneRay struct {
	q      Vec     // where it ends
	u      float64 // where it aims between the cone's sides (0 to 1)
	len2   float64 // its length squared
	lo, hi Vec
	left   bool
}

// coneEval is the cover one origin gives.
type coneEval struct {
	o          Vec
	corners    [2]Vec
	grade      Grade
	best       int // index into entries, or -1
	hidden     float64
	sum, l, r  float64
	full       bool // cast in full: entries hold every obstacle of the cone
	traced     bool // sight and eff are known
	sight, eff bool
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
func (x *Query) coneRays(o, q1, e Vec, rays *[coverSamples]coneRay, hA, fT, minLen2 float64, level int, st Pose, stop bool) bool {
	for i := range x.cone.slots {
		x.cone.slots[i].bound, x.cone.slots[i].least, x.cone.slots[i].hits = 0, 0, 0
	}
	d1 := q1.Sub(o)
	den := d1.Cross(e)
	// The rays end on a segment, in order (each coordinate of their ends
	// is monotonic in u, rounding included), so the box of all the rays
	// is that of o and the first and last ends.
	qa, qb := rays[0].q, rays[coverSamples-1].q
	lo, hi := Vec{X: min(o.X, qa.X, qb.X), Y: min(o.Y, qa.Y, qb.Y)}, Vec{X: max(o.X, qa.X, qb.X), Y: max(o.Y, qa.Y, qb.Y)}
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
		near, reach := Vec{nx, ny}.Len2(), math.Inf(1)
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
		sl.bound += float64(float64(n) * c.perRay)
		if level != castFull && c.least > 0 && n > 0 && sl.parts == 1 {
			sl.least += float64(float64(x.sureRays(c, o, d1, e, den, rays)) * c.least)
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
func slotBonus(sl *coverSlot, st Pose, bound float64) int {
	if sl.ignored {
		return -1
	}
	c := ClassOf(bound/coverSamples + 1e-9)
	g := GradeFor(st, c)
	if sl.arrow {
		g = GradeNone
		if c >= ClassVeryLow {
			g = GradeImproved
		}
	}
	if g == GradeNone {
		return -1
	}
	return g.Bonus()
}

// slotLeast is the least bonus a slot surely gives in the current cone
// (0 when not known), from the least shadow it casts.
func slotLeast(sl *coverSlot, st Pose) int {
	if sl.ignored || sl.arrow || sl.least == 0 {
		return 0
	}
	return GradeFor(st, ClassOf(sl.least/coverSamples-1e-9)).Bonus()
}

// sureRays counts the rays of the cone that surely cross candidate c (a
// box taller than the eye): those aimed strictly within the silhouette of
// the box shrunk by coverMargin (widened boxes shrink by twice that) and
// long enough to reach its far corner. Such a ray passes at least
// coverMargin deep inside the box, so interval finds a crossing of
// positive length that is not along an edge.
func (x *Query) sureRays(c *coverCand, o, d1, e Vec, den float64, rays *[coverSamples]coneRay) int {
	m := float64(2 * coverMargin * x.ts)
	w0, w1 := Vec{X: c.min.X + m - o.X, Y: c.min.Y + m - o.Y}, Vec{X: c.max.X - m - o.X, Y: c.max.Y - m - o.Y}
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
	ca, cb := a.Cross(e), b.Cross(e)
	if ca*den <= 0 || cb*den <= 0 {
		return 0, 0, false
	}
	ua, ub := d1.Cross(a)/ca, d1.Cross(b)/cb
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
		return Vec{X: w1.X, Y: w0.Y}, Vec{X: w0.X, Y: w1.Y}, true
	case w0.X > 0 && w1.Y < 0, w1.X < 0 && w0.Y > 0:
		return w0, w1, true
	case w0.X > 0:
		return w0, Vec{X: w0.X, Y: w1.Y}, true
	case w1.X < 0:
		return Vec{X: w1.X, Y: w0.Y}, w1, true
	case w0.Y > 0:
		return w0, Vec{X: w1.X, Y: w0.Y}, true
	case w1.Y < 0:
		return Vec{X: w0.X, Y: w1.Y}, w1, true
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
func bonusGrade(b int) Grade {
	switch b {
	case 2:
		return GradeHalf
	case 3:
		return GradeThreeQuarter
	case 4:
		return GradeFull
	}
	return GradeNone
}

// evalCone casts the sample rays of one cone and grades every obstacle in
// it, leaving them in x.cone.entries. With level castFull every obstacle
// and unit the rays cross is cast. Otherwise only those that can give a
// grade other than none with a bonus of at least level are, and the bounds
// on each slot's shadow may answer without casting at all. The grade
// found then has a bonus above level only when the true one is, below
// level only when the true one is, and equal to level only when the true
// one is (exact) or at least is (not exact).
func (x *Query) evalCone(t Body, o Vec, hA float64, c1, c2 Vec, level int, exact bool) coneEval {
	if level == 0 && !exact {
		return coneEval{corners: [2]Vec{c1, c2}, grade: GradeNone, best: -1} // every bonus is at least 0
	}
	x.cone.entries = x.cone.entries[:0]
	center := x.grid.SpaceCenter(t.Pos, t.Size)
	shift := center.Sub(c1.Add(c2).Scale(0.5))
	fT := float64(x.grid.FloorUnder(t.Pos, t.Size))
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
	ev := coneEval{corners: [2]Vec{c1, c2}, grade: GradeNone, best: -1}
	for i := range x.cone.entries {
		e := &x.cone.entries[i]
		sh := e.sum / coverSamples
		g := x.entryGrade(e, t, sh)
		if g == GradeNone {
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
		r.left = f.Cross(qo) > 0 // on the attacker's right: the target's left
		if r.left {
			nLeft++
		}
		r.q, r.len2 = q, qo.Len2()
		r.lo, r.hi = Vec{X: min(o.X, q.X), Y: min(o.Y, q.Y)}, Vec{X: max(o.X, q.X), Y: max(o.Y, q.Y)}
		minLen2 = min(minLen2, r.len2)
	}
	return rays, nLeft, minLen2
}

// castCone casts the rays marked by coneRays at every candidate whose slot
// can give a bonus of at least level (every candidate with castFull), then
// gathers each slot's shadows into its entry in x.cone.entries, ray by ray.
func (x *Query) castCone(o Vec, rays *[coverSamples]coneRay, hA, fT, bodyH, scale float64, level int, st Pose) {
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
			x.castAt(c, &segs[k], k, hA, fT, bodyH, scale)
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
func (x *Query) slotInContact(e *coverEntry, t Body) bool {
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
func (x *Query) entryGrade(e *coverEntry, t Body, shadow float64) Grade {
	if e.ob != nil {
		if e.ob.Size < t.SizeCategory()-1 {
			return GradeNone
		}
		if e.ob.ArrowSlit {
			if ClassOf(shadow) >= ClassVeryLow && x.slotInContact(e, t) {
				return GradeImproved
			}
			return GradeNone
		}
	} else if e.unit.SizeCategory() < t.SizeCategory()-1 {
		return GradeNone
	}
	return GradeFor(t.Stance, ClassOf(shadow))
}

// castAt tests sample ray k (segment sg) against candidate c and records
// the shadow c casts on the target there in c's slot: a point of the
// target's body at height z is hidden when the line from the eye (height
// hA) to it passes under the top where it crosses c, that is below
// hA + (top-hA)/t* (t* = t0 when the top is above the eye, t1 when below).
// A slot's shadow on a ray is the highest of its parts'.
func (x *Query) castAt(c *coverCand, sg *seg, k int, hA, fT, bodyH, scale float64) {
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
	shadow := min((zh-fT)/scale, ShadowCap)
	hide := min((zh-fT)/bodyH, 1)
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
