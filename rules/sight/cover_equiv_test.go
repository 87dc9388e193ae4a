package sight

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"

	"sightline/internal/mapgen"
)

// refCone is one cone of the brute-force reference: every obstacle or unit
// the sample rays cross, with its shadow and hidden fraction on each ray (0
// where the ray misses it), in the order first met.
type refCone struct {
	corners [2]Vec
	left    [coverSamples]bool
	hits    []*refHit
	best    *refHit
	grade   Grade
}

type refHit struct {
	ob           *Obstacle
	unit         *Body
	shadow, hide [coverSamples]float64
	dist         float64
}

// mean is the hit's shadow averaged over all rays, over the target's left
// rays and over its right rays (the whole mean when a side has no ray).
func (h *refHit) mean(c *refCone) (all, left, right float64) {
	nl, nr := 0, 0
	for k, sh := range h.shadow {
		all += sh
		if c.left[k] {
			left += sh
			nl++
		} else {
			right += sh
			nr++
		}
	}
	all /= coverSamples
	if nl == 0 {
		left = all
	} else {
		left /= float64(nl)
	}
	if nr == 0 {
		right = all
	} else {
		right /= float64(nr)
	}
	return all, left, right
}

func (h *refHit) hidden() float64 {
	s := 0.0
	for _, v := range h.hide {
		s += v
	}
	return s / coverSamples
}

// before orders hits with equal keys: obstacles by ID, then units by ID.
func (h *refHit) before(g *refHit) bool {
	if (h.ob == nil) != (g.ob == nil) {
		return h.ob != nil
	}
	if h.ob != nil {
		return h.ob.ID < g.ob.ID
	}
	return h.unit.ID < g.unit.ID
}

// refGrade is the grade one hit alone gives the target.
func refGrade(x *Query, h *refHit, t Body, shadow float64) Grade {
	size := SizeMedium
	if h.ob != nil {
		size = h.ob.Size
	} else {
		size = h.unit.SizeCategory()
	}
	if size < t.SizeCategory()-1 {
		return GradeNone
	}
	if h.ob != nil && h.ob.ArrowSlit {
		if ClassOf(shadow) >= ClassVeryLow && x.InContact(t, h.ob.ID) {
			return GradeImproved
		}
		return GradeNone
	}
	return GradeFor(t.Stance, ClassOf(shadow))
}

// refCoverParts is every part on the board that can give cover, obstacle
// by obstacle.
func refCoverParts(sc *scene, x *Query) []*part {
	var ps []*part
	for _, o := range sc.obstacles {
		for _, p := range x.parts[o.ID] {
			if p.cover {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// refAnyPart reports whether some part of the board satisfies f.
func refAnyPart(sc *scene, x *Query, f func(p *part) bool) bool {
	for _, o := range sc.obstacles {
		for _, p := range x.parts[o.ID] {
			if f(p) {
				return true
			}
		}
	}
	return false
}

// refConeOf casts the cone's sample rays from o and tests every cover part
// and every unit that is no ally of the attacker against every ray.
func refConeOf(sc *scene, x *Query, a, t Body, parts []*part, o Vec, c1, c2 Vec) *refCone {
	g := &sc.grid
	hA := g.EyeOf(a)
	fT := float64(g.FloorUnder(t.Pos, t.Size))
	body := float64(t.BodyHeight())
	scale := float64(max1(t.Size))
	center := g.SpaceCenter(t.Pos, t.Size)
	shift := center.Sub(c1.Add(c2).Scale(0.5))
	f := center.Sub(o)
	c := &refCone{corners: [2]Vec{c1, c2}, grade: GradeNone}
	record := func(k int, ob *Obstacle, u *Body, top, t0, t1, length float64) {
		var zh float64
		switch {
		case top > hA && t0*length <= epsPx:
			zh = math.Inf(1)
		case top > hA:
			zh = hA + (top-hA)/t0
		default:
			zh = hA + (top-hA)/t1
		}
		if zh <= fT {
			return
		}
		var h *refHit
		for _, g := range c.hits {
			if g.ob == ob && g.unit == u {
				h = g
			}
		}
		if h == nil {
			h = &refHit{ob: ob, unit: u, dist: math.Inf(1)}
			c.hits = append(c.hits, h)
		}
		h.dist = math.Min(h.dist, t0*length)
		h.shadow[k] = math.Max(h.shadow[k], math.Min((zh-fT)/scale, ShadowCap))
		h.hide[k] = math.Max(h.hide[k], math.Min((zh-fT)/body, 1))
	}
	for k := 0; k < coverSamples; k++ {
		q := c1.Add(c2.Sub(c1).Scale((float64(k) + 0.5) / coverSamples)).Add(shift)
		qo := q.Sub(o)
		c.left[k] = f.X*qo.Y-f.Y*qo.X > 0
		sg := newSeg(o, hA, q, hA)
		for _, p := range parts {
			if t0, t1, onEdge, _, ok := sg.interval(p); ok && !onEdge {
				record(k, sc.obstacle(p.ob.ID), nil, p.top, t0, t1, sg.length)
			}
		}
		for i := range sc.bodies {
			v := &sc.bodies[i]
			if v.ID == a.ID || v.ID == t.ID || v.Side == a.Side {
				continue
			}
			min, max := x.spaceBox(v.Pos, v.Size)
			if t0, t1, ok := sg.boxInterval(min, max); ok {
				record(k, nil, v, g.EyeOf(*v), t0, t1, sg.length)
			}
		}
	}
	var bestHidden float64
	for _, h := range c.hits {
		all, _, _ := h.mean(c)
		gr := refGrade(x, h, t, all)
		if gr == GradeNone {
			continue
		}
		hid := h.hidden()
		better := c.best == nil
		if !better && gr.Bonus() != c.grade.Bonus() {
			better = gr.Bonus() > c.grade.Bonus()
		} else if !better && gr != c.grade {
			better = gr > c.grade
		} else if !better && hid != bestHidden {
			better = hid > bestHidden
		} else if !better {
			better = h.before(c.best)
		}
		if better {
			c.best, c.grade, bestHidden = h, gr, hid
		}
	}
	return c
}

// refCover is a brute-force Cover, the scene's bodies being the others:
// the same sample rays, but every cover part on the board is tested
// against every ray (no cell walk, no pre-filter), every part of the board
// is searched for contact and exposure, and sight and effect from each
// origin try every line.
func refCover(sc *scene, x *Query, a, t Body) Cover {
	g := &sc.grid
	a, t = refRested(sc, x, a), refRested(sc, x, t)
	hA, tz := g.EyeOf(a), g.EyeOf(t)
	parts := refCoverParts(sc, x)
	tmin, tmax := x.spaceBox(t.Pos, t.Size)
	corners := [4]Vec{tmin, {X: tmax.X, Y: tmin.Y}, {X: tmin.X, Y: tmax.Y}, tmax}
	var ap, tp [MaxCorners]Vec
	attackerPoints, targetPoints := ap[:g.CornersInto(a.Pos, a.Size, &ap)], tp[:g.CornersInto(t.Pos, t.Size, &tp)]
	sees := func(o Vec, kind Blocks) bool {
		for _, q := range targetPoints {
			if x.LineClear(o, hA, q, tz, kind) {
				return true
			}
		}
		return false
	}
	type origin struct {
		o          Vec
		cone       *refCone
		sight, eff bool
		dist       float64
	}
	var best *origin
	for _, o := range attackerPoints {
		// The target's corners nearest o first (a stable sort keeps the
		// fixed order among equals).
		c := corners
		d2 := func(v Vec) float64 { w := v.Sub(o); return w.X*w.X + w.Y*w.Y }
		sort.SliceStable(c[:], func(i, j int) bool { return d2(c[i]) < d2(c[j]) })
		cone := refConeOf(sc, x, a, t, parts, o, c[0], c[1])
		if d2(c[1]) > d2(c[0]) && d2(c[2]) == d2(c[1]) {
			// Two corners tie for second: the defender takes the better
			// cone.
			alt := refConeOf(sc, x, a, t, parts, o, c[0], c[2])
			if alt.grade.Bonus() > cone.grade.Bonus() || alt.grade.Bonus() == cone.grade.Bonus() && alt.hiddenBest() > cone.hiddenBest() {
				cone = alt
			}
		}
		cand := &origin{o: o, cone: cone, sight: sees(o, BlockSight), eff: sees(o, BlockEffect), dist: g.SpaceCenter(t.Pos, t.Size).Sub(o).Len()}
		switch {
		case best == nil:
			best = cand
		case (cand.sight && cand.eff) != (best.sight && best.eff):
			if cand.sight && cand.eff {
				best = cand
			}
		case cand.cone.grade.Bonus() != best.cone.grade.Bonus():
			if cand.cone.grade.Bonus() < best.cone.grade.Bonus() {
				best = cand
			}
		case cand.sight != best.sight:
			if cand.sight {
				best = cand
			}
		case cand.eff != best.eff:
			if cand.eff {
				best = cand
			}
		case cand.dist < best.dist:
			best = cand
		}
	}
	cone := best.cone
	res := Cover{Origin: best.o, Corners: cone.corners, Grade: cone.grade, LoS: x.LineOfSight(a, t), LoE: best.eff}
	hits := append([]*refHit(nil), cone.hits...)
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].dist != hits[j].dist {
			return hits[i].dist < hits[j].dist
		}
		return hits[i].before(hits[j])
	})
	for _, h := range hits {
		all, _, _ := h.mean(cone)
		ch := Hit{Hidden: h.hidden(), Shadow: all, Grade: refGrade(x, h, t, all)}
		if h.ob != nil {
			ch.Obstacle = h.ob.ID
			ch.InContact = refInContact(x, t, h.ob.ID)
			ch.Ignored = h.ob.Size < t.SizeCategory()-1
		} else {
			ch.Unit = h.unit.ID
			ch.InContact = unitsTouch(*h.unit, t)
			ch.Ignored = h.unit.SizeCategory() < t.SizeCategory()-1
		}
		res.Hits = append(res.Hits, ch)
	}
	if h := cone.best; h != nil {
		res.Hidden = h.hidden()
		if h.ob != nil {
			res.Obstacle, res.InContact = h.ob.ID, refInContact(x, t, h.ob.ID)
		} else {
			res.Unit, res.InContact = h.unit.ID, unitsTouch(*h.unit, t)
		}
		all, left, right := h.mean(cone)
		res.Limbs = CoveredLimbs(res.Grade, t.Stance, all, left, right)
		res.Corner = res.Grade == GradeFull && h.ob != nil && h.ob.BlocksSight && t.Stance != Prone && ClassOf(all) == ClassFull
	}
	if sh, id := refSharedCover(sc, x, a, t); id != 0 {
		if g := GradeFor(t.Stance, ClassOf(sh)); g > res.Grade && res.Grade != GradeImproved {
			res.Grade, res.Obstacle, res.Unit, res.InContact, res.Corner = g, id, 0, true, false
			res.Hidden = min(1, sh/float64(t.Stance.Height()))
			res.Limbs = CoveredLimbs(g, t.Stance, sh, sh, sh)
		}
	}
	if res.Grade == GradeNone {
		r := ExposedReach * x.ts
		res.Flanked = refAnyPart(sc, x, func(p *part) bool { return coverCounts(p, t) && x.partInContact(p, t) })
		near := refAnyPart(sc, x, func(p *part) bool {
			return coverCounts(p, t) && partOverlapsBox(p, Vec{X: tmin.X - r, Y: tmin.Y - r}, Vec{X: tmax.X + r, Y: tmax.Y + r})
		})
		if !res.Flanked && !near {
			res.Grade = GradeExposed
		}
	}
	return res
}

// refInContact is InContact by brute force: any part of the obstacle in
// contact with u.
func refInContact(x *Query, u Body, id int) bool {
	for _, p := range x.parts[id] {
		if x.partInContact(p, u) {
			return true
		}
	}
	return false
}

// refSharedCover is SharedCover by brute force: every part of the board,
// and the crossing tested against the part's polygon or circle directly.
func refSharedCover(sc *scene, x *Query, a, t Body) (float64, int) {
	g := &sc.grid
	floor := g.FloorUnder(t.Pos, t.Size)
	if g.FloorUnder(a.Pos, a.Size) > floor {
		return 0, 0
	}
	s := newSeg(g.SpaceCenter(a.Pos, a.Size), 0, g.SpaceCenter(t.Pos, t.Size), 0)
	best, by := 0.0, 0
	refAnyPart(sc, x, func(p *part) bool {
		if !coverCounts(p, t) || p.ob.ArrowSlit || !x.partInContact(p, t) || !x.partInContact(p, a) {
			return false
		}
		if _, _, onEdge, _, ok := s.interval(p); !ok || onEdge {
			return false
		}
		h := min(float64(p.ob.Base+p.ob.Height-floor)/float64(max1(t.Size)), ShadowCap)
		if h > best || h == best && h > 0 && p.ob.ID < by {
			best, by = h, p.ob.ID
		}
		return false
	})
	return best, by
}

// refRested is Rested by brute force: every part of the board is tried.
func refRested(sc *scene, x *Query, u Body) Body {
	u.Rest = 0
	if u.Stance != Prone {
		return u
	}
	n := float64(max1(u.Size))
	floor := float64(sc.grid.FloorUnder(u.Pos, u.Size))
	top := 0.0
	refAnyPart(sc, x, func(p *part) bool {
		if coverCounts(p, u) && x.partInContact(p, u) {
			if h := float64(p.ob.Base+p.ob.Height) - floor; h/n <= HeightLow {
				top = max(top, h)
			}
		}
		return false
	})
	if top > 0 {
		u.Rest = top + restAbove*n
	}
	return u
}

// refInLowCover is InLowCover by brute force: some low cover part of the
// board in contact with u.
func refInLowCover(sc *scene, x *Query, u Body) bool {
	return refAnyPart(sc, x, func(p *part) bool {
		return coverCounts(p, u) && p.ob.Height/max1(u.Size) == HeightLow && x.partInContact(p, u)
	})
}

// hiddenBest is the hidden fraction of the cone's covering hit (0 when
// none).
func (c *refCone) hiddenBest() float64 {
	if c.best == nil {
		return 0
	}
	return c.best.hidden()
}

// TestCoverMatchesBruteForce: on random rich maps (circles, free polygons,
// concave shapes, tall bases, arrow slits, mechs, every stance), plain
// generated maps and the benchmark map, Cover's whole answer for every
// ordered pair of bodies is exactly the brute-force reference's, hit list
// and float values included; so is the answer with the line of sight
// already known (the way the rules ask when they know it), and so is
// InLowCover for every body.
func TestCoverMatchesBruteForce(t *testing.T) {
	var pairs, listed, graded, exposed, unseen, byUnit, improved, lowCover int
	check := func(name string, sc *scene) {
		x := sc.query()
		defer x.Done()
		for _, a := range sc.bodies {
			if have, want := x.InLowCover(a), refInLowCover(sc, x, a); have != want {
				t.Fatalf("%s: InLowCover(%d) = %v, want %v", name, a.ID, have, want)
			} else if have {
				lowCover++
			}
			for _, b := range sc.bodies {
				if a.ID == b.ID {
					continue
				}
				want := refCover(sc, x, a, b)
				got := x.Cover(a, b, sc.bodies, LoSUnknown)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: Cover(%d, %d)\n got %+v\nwant %+v", name, a.ID, b.ID, got, want)
				}
				known := LoSNo
				if want.LoS {
					known = LoSYes
				}
				if got := x.Cover(a, b, sc.bodies, known); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: Cover(%d, %d, %v)\n got %+v\nwant %+v", name, a.ID, b.ID, known, got, want)
				}
				pairs++
				if len(got.Hits) > 0 {
					listed++
				}
				switch {
				case got.Grade == GradeExposed:
					exposed++
				case got.Grade == GradeImproved:
					improved++
					graded++
				case got.Grade > GradeNone:
					graded++
				}
				if !got.LoS {
					unseen++
				}
				for _, h := range got.Hits {
					if h.Unit != 0 {
						byUnit++
						break
					}
				}
			}
		}
	}
	// -short (the js/wasm run) checks about a quarter of the pairs.
	rich, plain := 3*propSeeds, propSeeds
	if testing.Short() {
		rich, plain = propSeeds, 2
	}
	for _, seed := range mapgen.Seeds(rich) {
		check(fmt.Sprintf("rich seed %d", seed), genRichScene(t, 20, 20, seed))
	}
	for _, seed := range mapgen.Seeds(plain) {
		check(fmt.Sprintf("plain seed %d", seed), genScene(t, 32, 32, 16, seed))
	}
	if !testing.Short() {
		check("benchmark map", genScene(t, 64, 64, benchUnits, 7))
	}
	t.Logf("%d pairs: %d list obstacles, %d a unit, %d graded, %d improved, %d exposed, %d unseen; %d bodies in low cover", pairs, listed, byUnit, graded, improved, exposed, unseen, lowCover)
	if listed*4 < pairs || graded*10 < pairs || byUnit == 0 || improved == 0 || exposed == 0 || unseen == 0 || lowCover == 0 {
		t.Errorf("too few interesting pairs: %d of %d list obstacles, %d a unit, %d graded, %d improved, %d exposed, %d unseen; %d bodies in low cover", listed, pairs, byUnit, graded, improved, exposed, unseen, lowCover)
	}
}

// TestBoxCrossMatchesInterval: for axis-aligned rectangles, boxCross gives
// interval's answer (range, edge, crossing) bit for bit, on random segments
// between grid points, half and quarter pixels, along edges, through
// corners and parallel to the sides, both ways round and in both windings.
func TestBoxCrossMatchesInterval(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	coord := func() float64 {
		switch rng.IntN(4) {
		case 0:
			return float64(32 * rng.IntN(6)) // a grid line
		case 1:
			return float64(rng.IntN(193))
		}
		return float64(rng.IntN(193)) + []float64{0.25, 0.5, 0.75}[rng.IntN(3)]
	}
	kinds := map[string]int{}
	for i := 0; i < 200000; i++ {
		x0, y0 := float64(32*rng.IntN(5)), float64(32*rng.IntN(5))
		w, h := float64(32*(1+rng.IntN(2))), float64(32*(1+rng.IntN(2)))
		pts := []Vec{{X: x0, Y: y0}, {X: x0 + w, Y: y0}, {X: x0 + w, Y: y0 + h}, {X: x0, Y: y0 + h}}
		if rng.IntN(2) == 0 {
			pts[1], pts[3] = pts[3], pts[1] // the other winding
		}
		p := polyPart(nil, pts)
		if !isBox(p) {
			t.Fatalf("%v is not a box", pts)
		}
		a, b := Vec{X: coord(), Y: coord()}, Vec{X: coord(), Y: coord()}
		switch rng.IntN(4) {
		case 0:
			b.X = a.X // parallel to the y sides
		case 1:
			b.Y = a.Y
		}
		if a == b {
			continue
		}
		sg := newSeg(a, 4, b, 4)
		t0, t1, onEdge, _, ok := sg.interval(p)
		c0, c1, cEdge, cOK := sg.boxCross(p.min, p.max)
		if ok != cOK || ok && (onEdge != cEdge || math.Float64bits(t0) != math.Float64bits(c0) || math.Float64bits(t1) != math.Float64bits(c1)) {
			t.Fatalf("box %v..%v, segment %v->%v: interval %v %v %v %v, boxCross %v %v %v %v", p.min, p.max, a, b, t0, t1, onEdge, ok, c0, c1, cEdge, cOK)
		}
		switch {
		case ok && onEdge:
			kinds["edge"]++
		case ok:
			kinds["crossing"]++
		default:
			kinds["miss"]++
		}
	}
	if kinds["edge"] < 100 || kinds["crossing"] < 1000 || kinds["miss"] < 1000 {
		t.Errorf("too few cases of a kind: %v", kinds)
	}
}

// TestCoverFollowsBoardChanges: the index keeps its cover lists up to
// date as obstacles go and come: after an obstacle that gave cover is
// destroyed and after it is rebuilt, every pair is answered exactly as
// the brute-force reference answers it.
func TestCoverFollowsBoardChanges(t *testing.T) {
	sc := genRichScene(t, 20, 20, 3)
	check := func(when string) (by int) {
		x := sc.query()
		defer x.Done()
		for _, a := range sc.bodies {
			for _, b := range sc.bodies {
				if a.ID == b.ID {
					continue
				}
				got, want := x.Cover(a, b, sc.bodies, LoSUnknown), refCover(sc, x, a, b)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: Cover(%d, %d)\n got %+v\nwant %+v", when, a.ID, b.ID, got, want)
				}
				if by == 0 {
					by = got.Obstacle
				}
			}
		}
		return by
	}
	id := check("before")
	if id == 0 {
		t.Fatal("no obstacle gives cover")
	}
	saved := *sc.obstacle(id)
	sc.removeObstacle(id)
	check("destroyed")
	sc.addObstacle(saved)
	check("rebuilt")
}
