package rules

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"

	"sightline/rules/sight"
)

// refCone is one cone of the brute-force reference: every obstacle or unit
// the sample rays cross, with its shadow and hidden fraction on each ray (0
// where the ray misses it), in the order first met.
type refCone struct {
	corners [2]Vec
	left    [coverSamples]bool
	hits    []*refHit
	best    *refHit
	grade   CoverGrade
}

type refHit struct {
	ob           *Obstacle
	unit         *Unit
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
func refGrade(s *State, h *refHit, t *Unit, shadow float64) CoverGrade {
	size := SizeMedium
	if h.ob != nil {
		size = h.ob.Size
	} else {
		size = h.unit.SizeCategory()
	}
	if size < t.SizeCategory()-1 {
		return CoverNone
	}
	if h.ob != nil && h.ob.ArrowSlit {
		if sight.ClassOf(shadow) >= sight.ClassVeryLow && refInContact(s, t, h.ob) {
			return CoverImproved
		}
		return CoverNone
	}
	return sight.GradeFor(t.Stance, sight.ClassOf(shadow))
}

func refInContact(s *State, u *Unit, o *Obstacle) bool {
	x := s.Board.query()
	for _, p := range x.parts[o.ID] {
		if x.partInContact(p, bodyOf(u)) {
			return true
		}
	}
	return false
}

// refCoverParts is every part on the board that can give cover, obstacle
// by obstacle.
func refCoverParts(b *Board) []*part {
	x := b.query()
	var ps []*part
	for _, o := range b.Obstacles {
		for _, p := range x.parts[o.ID] {
			if p.cover {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// refAnyPart reports whether some part of the board satisfies f.
func refAnyPart(b *Board, f func(p *part) bool) bool {
	x := b.query()
	for _, o := range b.Obstacles {
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
func refConeOf(s *State, a, t *Unit, parts []*part, o Vec, c1, c2 Vec) *refCone {
	bd := s.Board
	x := bd.query()
	hA := bd.EyeHeight(a)
	fT := float64(bd.FloorOf(t))
	body := float64(t.BodyHeight())
	scale := float64(max1(t.Size))
	center := bd.SpaceCenter(t)
	shift := center.Sub(c1.Add(c2).Scale(0.5))
	f := center.Sub(o)
	c := &refCone{corners: [2]Vec{c1, c2}, grade: CoverNone}
	record := func(k int, ob *Obstacle, u *Unit, top, t0, t1, length float64) {
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
		h.shadow[k] = math.Max(h.shadow[k], math.Min((zh-fT)/scale, sight.ShadowCap))
		h.hide[k] = math.Max(h.hide[k], math.Min((zh-fT)/body, 1))
	}
	for k := 0; k < coverSamples; k++ {
		q := c1.Add(c2.Sub(c1).Scale((float64(k) + 0.5) / coverSamples)).Add(shift)
		qo := q.Sub(o)
		c.left[k] = f.X*qo.Y-f.Y*qo.X > 0
		sg := newSeg(o, hA, q, hA)
		for _, p := range parts {
			if t0, t1, onEdge, _, ok := sg.interval(p); ok && !onEdge {
				record(k, s.Board.obstacleOf(p.ob.ID), nil, p.top, t0, t1, sg.length)
			}
		}
		for _, v := range s.Units {
			if v == a || v == t || !v.Alive() || v.Side == a.Side {
				continue
			}
			min, max := x.spaceBox(v.Pos, v.Size)
			if t0, t1, ok := sg.boxInterval(min, max); ok {
				record(k, nil, v, bd.TopHeight(v), t0, t1, sg.length)
			}
		}
	}
	var bestHidden float64
	for _, h := range c.hits {
		all, _, _ := h.mean(c)
		g := refGrade(s, h, t, all)
		if g == CoverNone {
			continue
		}
		hid := h.hidden()
		better := c.best == nil
		if !better && g.Bonus() != c.grade.Bonus() {
			better = g.Bonus() > c.grade.Bonus()
		} else if !better && g != c.grade {
			better = g > c.grade
		} else if !better && hid != bestHidden {
			better = hid > bestHidden
		} else if !better {
			better = h.before(c.best)
		}
		if better {
			c.best, c.grade, bestHidden = h, g, hid
		}
	}
	return c
}

// refCover is a brute-force Cover: the same sample rays, but every cover
// part on the board is tested against every ray (no cell walk, no
// pre-filter), every part of the board is searched for contact and
// exposure, and sight and effect from each origin try every line.
func refCover(s *State, a, t *Unit) CoverResult {
	bd := s.Board
	x := bd.query()
	hA, tz := bd.EyeHeight(a), bd.TopHeight(t)
	parts := refCoverParts(bd)
	tmin, tmax := x.spaceBox(t.Pos, t.Size)
	corners := [4]Vec{tmin, {X: tmax.X, Y: tmin.Y}, {X: tmin.X, Y: tmax.Y}, tmax}
	targetPoints := bd.Corners(t)
	sees := func(o Vec, kind Blocks) bool {
		for _, q := range targetPoints {
			if bd.LineClear(o, hA, q, tz, kind) {
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
	for _, o := range bd.Corners(a) {
		// The target's corners nearest o first (a stable sort keeps the
		// fixed order among equals).
		c := corners
		d2 := func(v Vec) float64 { w := v.Sub(o); return w.X*w.X + w.Y*w.Y }
		sort.SliceStable(c[:], func(i, j int) bool { return d2(c[i]) < d2(c[j]) })
		cone := refConeOf(s, a, t, parts, o, c[0], c[1])
		if d2(c[1]) > d2(c[0]) && d2(c[2]) == d2(c[1]) {
			// Two corners tie for second: the defender takes the better
			// cone.
			alt := refConeOf(s, a, t, parts, o, c[0], c[2])
			if alt.grade.Bonus() > cone.grade.Bonus() || alt.grade.Bonus() == cone.grade.Bonus() && alt.hiddenBest() > cone.hiddenBest() {
				cone = alt
			}
		}
		cand := &origin{o: o, cone: cone, sight: sees(o, BlockSight), eff: sees(o, BlockEffect), dist: bd.SpaceCenter(t).Sub(o).Len()}
		switch {
		case best == nil:
			best = cand
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
	res := CoverResult{Origin: best.o, Corners: cone.corners, Grade: cone.grade, LoS: s.LineOfSight(a, t), LoE: best.eff}
	hits := append([]*refHit(nil), cone.hits...)
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].dist != hits[j].dist {
			return hits[i].dist < hits[j].dist
		}
		return hits[i].before(hits[j])
	})
	for _, h := range hits {
		all, _, _ := h.mean(cone)
		ch := CoverHit{Obstacle: h.ob, Unit: h.unit, Hidden: h.hidden(), Shadow: all, Grade: refGrade(s, h, t, all)}
		if h.ob != nil {
			ch.InContact = refInContact(s, t, h.ob)
			ch.Ignored = h.ob.Size < t.SizeCategory()-1
		} else {
			ch.InContact = unitsTouch(bodyOf(h.unit), bodyOf(t))
			ch.Ignored = h.unit.SizeCategory() < t.SizeCategory()-1
		}
		res.Obstacles = append(res.Obstacles, ch)
	}
	if h := cone.best; h != nil {
		res.By, res.ByUnit, res.Hidden = h.ob, h.unit, h.hidden()
		if h.ob != nil {
			res.InContact = refInContact(s, t, h.ob)
		} else {
			res.InContact = unitsTouch(bodyOf(h.unit), bodyOf(t))
		}
		all, left, right := h.mean(cone)
		res.CoveredLimbs = sight.CoveredLimbs(res.Grade, t.Stance, all, left, right)
	}
	if res.Grade == CoverNone {
		r := ExposedReach * x.ts
		res.Flanked = refAnyPart(bd, func(p *part) bool { return coverCounts(p, bodyOf(t)) && x.partInContact(p, bodyOf(t)) })
		near := refAnyPart(bd, func(p *part) bool {
			return coverCounts(p, bodyOf(t)) && partOverlapsBox(p, Vec{X: tmin.X - r, Y: tmin.Y - r}, Vec{X: tmax.X + r, Y: tmax.Y + r})
		})
		if !res.Flanked && !near {
			res.Grade = CoverExposed
		}
	}
	res.Bonus = res.Grade.Bonus()
	if a.Stance == Prone && refAnyPart(bd, func(p *part) bool {
		return coverCounts(p, bodyOf(a)) && p.ob.Height/max1(a.Size) == HeightLow && x.partInContact(p, bodyOf(a))
	}) {
		res.AttackerPenalty, res.AttackerReason = -1, "firing from prone in low cover (seed 004)"
	}
	return res
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
// ordered pair of units is exactly the brute-force reference's, obstacle
// list and float values included; so is the answer with the line of sight
// already known (the way Sightlines asks).
func TestCoverMatchesBruteForce(t *testing.T) {
	var pairs, listed, graded, exposed, unseen, byUnit, improved int
	check := func(name string, s *State) {
		for _, a := range s.Units {
			for _, b := range s.Units {
				if a == b {
					continue
				}
				want := refCover(s, a, b)
				got := s.Cover(a, b)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: Cover(%d, %d)\n got %s\nwant %s", name, a.ID, b.ID, coverString(got), coverString(want))
				}
				if got := s.cover(bodyOf(a), bodyOf(b), want.LoS); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: cover(%d, %d, %v)\n got %s\nwant %s", name, a.ID, b.ID, want.LoS, coverString(got), coverString(want))
				}
				pairs++
				if len(got.Obstacles) > 0 {
					listed++
				}
				if got.Grade > CoverNone {
					graded++
				}
				if got.Grade == CoverExposed {
					exposed++
				}
				if got.Grade == CoverImproved {
					improved++
				}
				if !got.LoS {
					unseen++
				}
				for _, h := range got.Obstacles {
					if h.Unit != nil {
						byUnit++
						break
					}
				}
			}
		}
	}
	// -short (the js/wasm run) checks about a quarter of the pairs.
	rich, plain := uint64(3*propSeeds), uint64(propSeeds)
	if testing.Short() {
		rich, plain = propSeeds, 2
	}
	for seed := uint64(1); seed <= rich; seed++ {
		check("rich seed "+itoa(int(seed)), genRichState(t, 20, 20, seed))
	}
	for seed := uint64(1); seed <= plain; seed++ {
		check("plain seed "+itoa(int(seed)), genState(t, 32, 32, 16, seed))
	}
	if !testing.Short() {
		check("benchmark map", genState(t, 64, 64, benchUnits, 7))
	}
	t.Logf("%d pairs: %d list obstacles, %d a unit, %d graded, %d improved, %d exposed, %d unseen", pairs, listed, byUnit, graded, improved, exposed, unseen)
	if listed*4 < pairs || graded*10 < pairs || byUnit == 0 || improved == 0 || exposed == 0 || unseen == 0 {
		t.Errorf("too few interesting pairs: %d of %d list obstacles, %d a unit, %d graded, %d improved, %d exposed, %d unseen", listed, pairs, byUnit, graded, improved, exposed, unseen)
	}
}

// coverString prints a CoverResult with obstacles and units by ID.
func coverString(r CoverResult) string {
	id := func(o *Obstacle, u *Unit) string {
		switch {
		case o != nil:
			return "ob" + itoa(o.ID)
		case u != nil:
			return "unit" + itoa(u.ID)
		}
		return "-"
	}
	s := fmt.Sprintf("origin %v corners %v %v+%d by %s hidden %v limbs %v flanked %v contact %v los %v loe %v penalty %d;", r.Origin, r.Corners, r.Grade, r.Bonus, id(r.By, r.ByUnit), r.Hidden, r.CoveredLimbs, r.Flanked, r.InContact, r.LoS, r.LoE, r.AttackerPenalty)
	for _, h := range r.Obstacles {
		s += fmt.Sprintf(" [%s hidden %v shadow %v %v contact %v ignored %v]", id(h.Obstacle, h.Unit), h.Hidden, h.Shadow, h.Grade, h.InContact, h.Ignored)
	}
	return s
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
	s := genRichState(t, 20, 20, 3)
	check := func(when string) (by *Obstacle) {
		for _, a := range s.Units {
			for _, b := range s.Units {
				if a == b {
					continue
				}
				got, want := s.Cover(a, b), refCover(s, a, b)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: Cover(%d, %d)\n got %s\nwant %s", when, a.ID, b.ID, coverString(got), coverString(want))
				}
				if by == nil {
					by = got.By
				}
			}
		}
		return by
	}
	o := check("before")
	if o == nil {
		t.Fatal("no obstacle gives cover")
	}
	saved := *o
	s.Board.RemoveObstacle(o.ID)
	check("destroyed")
	s.Board.AddObstacle(saved)
	check("rebuilt")
}
