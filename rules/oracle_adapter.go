package rules

import (
	"math"
	"slices"

	"sightline/rules/sight"
)

// This file asks the oracle (rules/sight, through oracle.go) the
// questions of an attack and adds what the oracle does not model itself: peeks (seed 000), a unit's own cover as an area
// (seed 001), firing blind over its own cover, and attacks on obstacles.

// coverView is what the oracle says about one attacker and one target.
type coverView struct {
	// Origin is the attacker's point of origin in pixels.
	Origin Vec
	// Grade is the target's cover from this attacker; By the obstacle that
	// gives it (nil for none, exposed, or cover given by a unit).
	Grade CoverGrade
	By    *Obstacle
	// ByUnit is the unit that gives the cover, when a unit does.
	ByUnit *Unit
	// Limbs are the target's limbs the cover hides from this attacker.
	Limbs sight.Limbs
	// LoS and LoE say whether the attacker sees and can reach the target.
	LoS, LoE bool
	// Flanked is true when the target is in cover but open to this attacker.
	Flanked bool
	// Corner marks Full cover that is seed 004's corner cover.
	Corner bool
	// Light marks a target taking cover behind light cover (seed 001):
	// Grade is None, By the cover it touches between it and the attacker.
	Light bool
	// Penalty and PenaltyWhy are the attacker's own-position modifier
	// (seed 004: -1 firing from prone in low cover).
	Penalty    int
	PenaltyWhy string
	// Peek is the lean the attacker needs to see the target from Full cover
	// (LeanNone when it sees it already or cannot); PeekTile where it leans.
	Peek     Lean
	PeekTile Point
	// Dist is the distance in tiles between the two spaces' centres.
	Dist float64
}

// at returns a copy of u standing at p in stance st, to ask the oracle
// "what if u stood there" without touching the state, which any number
// of readers may share.
func at(u *Unit, p Point, st Stance) *Unit {
	c := *u
	c.Pos, c.Stance = p, st
	return &c
}

// where returns where and how u shows itself: its lean when peeking.
func where(u *Unit) (Point, Stance) {
	if u.Status.Lean == LeanNone {
		return u.Pos, u.Stance
	}
	if u.Status.Lean == LeanOver {
		return u.Pos, Standing
	}
	return u.Status.PeekTile, u.Stance
}

// rawCover asks the oracle with both units where they show themselves.
// A peeking target that is hidden or better covered at home counts as
// Half cover with the lean side's limbs exposed (seed 000).
func rawCover(s *State, a, t *Unit) coverView {
	ap, ast := where(a)
	r := s.Cover(at(a, ap, ast), t)
	v := viewOf(s, a, t, r)
	if t.Status.Lean != LeanNone && (!v.LoS || v.Grade > CoverHalf) {
		tp, tst := where(t)
		r2 := s.Cover(at(a, ap, ast), at(t, tp, tst))
		if r2.LoS {
			v = viewOf(s, a, t, r2)
		}
		if v.LoS {
			v.Grade, v.Limbs, v.Flanked, v.Corner = CoverHalf, peekLimbs(t.Status.Lean), false, false
			if v.By == nil {
				v.By = r.By
			}
		}
	}
	return v
}

func viewOf(s *State, a, t *Unit, r CoverResult) coverView {
	ts := float64(s.Board.TileSize)
	return coverView{Origin: r.Origin, Grade: r.Grade, By: r.By, ByUnit: r.ByUnit, Limbs: r.CoveredLimbs, LoS: r.LoS, LoE: r.LoE,
		Flanked: r.Flanked, Corner: r.Corner, Penalty: r.AttackerPenalty, PenaltyWhy: r.AttackerReason,
		Dist: s.Board.SpaceCenter(t).Sub(s.Board.SpaceCenter(a)).Len() / ts}
}

// oracleCover answers "can a see and reach t, and with what cover?". When
// a is in Full cover and does not see t, or sees it only past its own wall
// (the wall that covers t touches a), it finds the peek (left, right, or
// over for units not prone) that would let it see t with less cover (seed
// 000): a shooter leans out rather than hand its target Full cover from
// the shooter's own wall.
func oracleCover(s *State, a, t *Unit) coverView {
	v := rawCover(s, a, t)
	if a.Status.Lean != LeanNone || v.LoS && !ownWall(s, a, v) {
		return v
	}
	if g, _ := oracleArea(s, a, a.Pos, a.Stance); g != CoverFull {
		return v
	}
	peeks, n := s.Peeks(a, t.Pos)
	for _, p := range peeks[:n] {
		w := rawCover(s, at(a, p.Tile, p.Stance), t)
		if w.LoS && (!v.LoS || w.Grade < v.Grade) {
			w.Peek, w.PeekTile = p.Lean, p.Tile
			return w
		}
	}
	return v
}

// ownWall reports whether the Full cover v gives the target comes from an
// obstacle touching the attacker: its own wall.
func ownWall(s *State, a *Unit, v coverView) bool {
	return v.Grade == CoverFull && v.By != nil && s.InContact(a, v.By)
}

// oracleMaySee reports whether oracleCover could find line of sight from a
// to t: some line of sight from where a shows itself, or from a tile it
// would peek from, to where t stands or shows itself. It is the cheap test
// an attack asks first; false means oracleCover's LoS is false. The
// board keeps its answers by the two units' looks (sightingMemo).
func oracleMaySee(s *State, a, t *Unit) bool {
	k := glimpseKey{lookOf(a), lookOf(t)}
	if seen, ok := s.Board.sightingMemo(k); ok {
		return seen
	}
	version, n := s.Board.version, len(s.Board.Obstacles)
	seen := maySee(s, a, t, false)
	s.Board.keepSighting(k, seen, version, n)
	return seen
}

// maySee is oracleMaySee; unseen says the caller knows that a, as it
// stands and not leaning, does not see t (LineOfSight(a, t) is false), so
// that line is not asked again.
func maySee(s *State, a, t *Unit, unseen bool) bool {
	if unseen && a.Status.Lean == LeanNone && t.Status.Lean == LeanNone {
		// The only lines left are from a's leans, which only Full cover gives.
		if g, _ := oracleArea(s, a, a.Pos, a.Stance); g != CoverFull {
			return false
		}
	}
	// The bodies are values, so asking costs no allocation.
	var from [4]body
	ap, ast := where(a)
	from[0] = bodyAt(a, ap, ast)
	nf := 1
	if a.Status.Lean == LeanNone {
		if g, _ := oracleArea(s, a, a.Pos, a.Stance); g == CoverFull {
			peeks, n := s.Peeks(a, t.Pos)
			for _, p := range peeks[:n] {
				from[nf] = bodyAt(a, p.Tile, p.Stance)
				nf++
			}
		}
	}
	var to [2]body
	to[0] = bodyOf(t)
	nt := 1
	if t.Status.Lean != LeanNone {
		tp, tst := where(t)
		to[1] = bodyAt(t, tp, tst)
		nt++
	}
	x := s.Board.query()
	defer x.Done()
	for i, f := range from[:nf] {
		for j, g := range to[:nt] {
			if i == 0 && j == 0 && unseen && a.Status.Lean == LeanNone {
				continue // a itself, where it stands, to t itself
			}
			if x.LineOfSight(f, g) {
				return true
			}
		}
	}
	return false
}

// bodyAt is the body of u standing on p in stance st: bodyOf(at(u, p,
// st)), without the copy of u.
func bodyAt(u *Unit, p Point, st Stance) body {
	b := bodyOf(u)
	b.Pos, b.Stance = p, st
	return b
}

// oracleLoS reports whether a sees t as things stand (peeks included).
func oracleLoS(s *State, a, t *Unit) bool { return rawCover(s, a, t).LoS }

// oracleBlindLoE reports whether a could fire over its own cover at t
// (blind fire): a line of effect from a corner of a's space, held just
// above the cover it touches, to a corner of t's space.
func oracleBlindLoE(s *State, a, t *Unit) bool {
	b := s.Board
	z := b.EyeHeight(a)
	for _, o := range oracleContact(s, a, a.Pos) {
		z = math.Max(z, float64(o.Base+o.Height)+0.5)
	}
	tz := b.TopHeight(t)
	for _, p := range b.Corners(a) {
		for _, q := range b.Corners(t) {
			if b.LineClear(p, z, q, tz, sight.BlockEffect) {
				return true
			}
		}
	}
	return false
}

// oracleContact returns the obstacles u would be in contact with standing
// at p (seed 004: in cover only when in contact), in board order.
func oracleContact(s *State, u *Unit, p Point) []*Obstacle {
	k := contactKey{P: p, Size: u.Size, Own: u.Stance, contacts: true}
	if a, ok := s.Board.contactMemo(k); ok {
		return a.touched
	}
	version, n := s.Board.version, len(s.Board.Obstacles)
	out := contactsAt(s, u, p)
	s.Board.keepContact(k, contactAnswer{touched: out}, version, n)
	return out
}

// contactsAt is oracleContact, asked of the oracle.
func contactsAt(s *State, u *Unit, p Point) []*Obstacle {
	x := s.Board.query()
	var buf [8]int
	ids := x.Contacts(bodyOf(at(u, p, u.Stance)), buf[:0])
	x.Done()
	if len(ids) == 0 {
		return nil
	}
	if place, unique := s.Board.places(); unique {
		// Their places in the board, sorted: board order without a walk
		// of every obstacle.
		var buf [8]int
		idx, fresh := buf[:0], true
		for _, id := range ids {
			if i, ok := place.place(id); ok {
				idx = append(idx, i)
				fresh = fresh && i < len(s.Board.Obstacles) && s.Board.Obstacles[i].ID == id
			}
		}
		if fresh {
			if len(idx) == 0 {
				return nil
			}
			slices.Sort(idx)
			out := make([]*Obstacle, len(idx))
			for k, i := range idx {
				out[k] = s.Board.Obstacles[i]
			}
			return out
		}
	}
	return scanFor(s.Board, ids)
}

// scanFor returns the obstacles of b whose IDs are in ids, in board
// order, walking every obstacle.
func scanFor(b *Board, ids []int) []*Obstacle {
	var out []*Obstacle
	for _, o := range b.Obstacles {
		if slices.Contains(ids, o.ID) {
			out = append(out, o)
		}
	}
	return out
}

// oracleArea returns the passive cover of the area around p for u in the
// given stance, independent of any attacker (seed 001's cover of an area):
// the best grade the obstacles in contact give by their height (seed
// 004's table), none when cover is near but not touching, exposed when no
// cover is within reach at all.
func oracleArea(s *State, u *Unit, p Point, st Stance) (CoverGrade, *Obstacle) {
	k := contactKey{P: p, Size: u.Size, Own: u.Stance, St: st}
	if a, ok := s.Board.contactMemo(k); ok {
		return a.grade, a.by
	}
	version, n := s.Board.version, len(s.Board.Obstacles)
	g, by := areaAt(s, u, p, st)
	s.Board.keepContact(k, contactAnswer{grade: g, by: by}, version, n)
	return g, by
}

// areaAt is oracleArea, asked of the oracle.
func areaAt(s *State, u *Unit, p Point, st Stance) (CoverGrade, *Obstacle) {
	best, by := CoverExposed, (*Obstacle)(nil)
	floor := floorAt(s.Board, p)
	for _, o := range oracleContact(s, u, p) {
		if !o.BlocksEffect && !o.BlocksSight {
			continue
		}
		h := float64(o.Base+o.Height-floor) / float64(max(u.Size, 1))
		if g := sight.GradeFor(st, sight.ClassOf(h)); by == nil || g > best {
			best, by = g, o
		}
	}
	if by == nil {
		if !s.Exposed(at(u, p, st)) {
			best = CoverNone
		}
	}
	return best, by
}

// oracleWatch reports whether w, looking in direction dir, has v in its
// cone of the given full angle and range: exactly the units State.WatchCone
// lists (centre within the angle, within range, in sight), with w at its
// peek when it leans out of Full cover.
func oracleWatch(s *State, w *Unit, dir Dir, degrees float64, rangeTiles int, v *Unit) bool {
	b := s.Board
	if !sight.InRadius(b.grid(), bodyOf(w), v.Pos, v.Size, rangeTiles) {
		return false
	}
	step := dir.Step()
	ax := Vec{X: float64(step.X), Y: float64(step.Y)}
	ax = ax.Scale(1 / ax.Len())
	d := b.SpaceCenter(v).Sub(b.SpaceCenter(w))
	if l := d.Len(); l > 0 && d.Dot(ax)/l < sight.Cos(degrees/2*math.Pi/180)-1e-12 {
		return false
	}
	return oracleLoS(s, w, v)
}

// oracleObstacle answers "can a see and reach obstacle o, and how far is
// it?" for attacks on cover (seed 004): lines from the corners of a's
// space at eye height to the point of o nearest a, halfway up it.
func oracleObstacle(s *State, a *Unit, o *Obstacle) (los, loe bool, dist float64) {
	b := s.Board
	ts := float64(b.TileSize)
	from := b.SpaceCenter(a)
	min, max := o.Shape.Bounds()
	to := Vec{X: math.Max(min.X, math.Min(from.X, max.X)), Y: math.Max(min.Y, math.Min(from.Y, max.Y))}
	if d := from.Sub(to); d.Len() > 0 {
		to = to.Add(d.Scale(1 / d.Len())) // one pixel in front of it
	}
	z := float64(o.Base) + float64(float64(o.Height)/2) // halving compiles to a product
	eye := b.EyeHeight(a)
	for _, p := range b.Corners(a) {
		los = los || b.LineClear(p, eye, to, z, sight.BlockSight)
		loe = loe || b.LineClear(p, eye, to, z, sight.BlockEffect)
	}
	return los, loe, to.Sub(from).Len() / ts
}

// oracleGap returns how many tiles lie strictly between the spaces of a
// and t along each axis (0 when they touch or overlap on that axis).
func oracleGap(a, t *Unit) (gx, gy int) {
	gap := func(p0, s0, p1, s1 int) int {
		if p1 >= p0+s0 {
			return p1 - (p0 + s0)
		}
		if p0 >= p1+s1 {
			return p0 - (p1 + s1)
		}
		return 0
	}
	return gap(a.Pos.X, a.Size, t.Pos.X, t.Size), gap(a.Pos.Y, a.Size, t.Pos.Y, t.Size)
}

// peekLimbs are the limbs a peeking unit keeps covered (seed 000: half of
// them; the lean side is exposed, or the upper body when rising over).
func peekLimbs(l Lean) sight.Limbs {
	switch l {
	case LeanLeft:
		return limbSet(sight.Torso, sight.RightArm, sight.RightLeg)
	case LeanRight:
		return limbSet(sight.Torso, sight.LeftArm, sight.LeftLeg)
	}
	return limbSet(sight.Torso, sight.LeftLeg, sight.RightLeg)
}

// Peek is one way a unit may lean out to see: the lean, the tile its
// space stands on while it leans and the stance it takes there.
type Peek struct {
	Lean   Lean
	Tile   Point
	Stance Stance
}

// Peeks returns the ways a may lean out toward a tile (seed 000), in the
// order the rules try them, and how many of them there are: left, then
// right of the direction to the tile, each to the free space of a's size
// beside it, then over, a crouched unit rising to standing on its own
// tile. It does not ask whether a may peek at all (a leans nowhere yet
// and stands in Full cover: GlimpsesOnlyLeaners is false). It is the one
// place the rules choose these tiles: the attack's planning, the sight
// oracle and the overwatch's lean take them from it, and so may a reader
// that settles sight on its own (the AI's lines).
func (s *State) Peeks(a *Unit, toward Point) (peeks [3]Peek, n int) {
	for _, l := range [...]Lean{LeanLeft, LeanRight, LeanOver} {
		if tile, st, ok := leanTile(s, a, toward, l); ok {
			peeks[n] = Peek{Lean: l, Tile: tile, Stance: st}
			n++
		}
	}
	return peeks, n
}

// leanTile is where a leans to peek toward a tile: the free tile beside it,
// left or right of the direction to the target, or its own tile rising to
// standing (over; never for prone units, seed 000). Peeks asks it.
func leanTile(s *State, a *Unit, toward Point, l Lean) (Point, Stance, bool) {
	if l == LeanOver {
		if a.Stance != Crouched {
			return Point{}, 0, false
		}
		return a.Pos, Standing, true
	}
	dx, dy := toward.X-a.Pos.X, toward.Y-a.Pos.Y
	m := Point{X: sign(dx), Y: 0}
	if abs(dy) > abs(dx) || dx == 0 {
		m = Point{X: 0, Y: sign(dy)}
	}
	side := Point{X: m.Y, Y: -m.X}
	if l == LeanRight {
		side = Point{X: -m.Y, Y: m.X}
	}
	p := a.Pos.Add(Point{X: side.X * a.Size, Y: side.Y * a.Size})
	for dy := 0; dy < a.Size; dy++ {
		for dx := 0; dx < a.Size; dx++ {
			if !s.Board.Passable(p.Add(Point{X: dx, Y: dy})) {
				return Point{}, 0, false
			}
		}
	}
	return p, a.Stance, true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// spaceMid is the pixel centre of a size x size space at p.
func spaceMid(b *Board, p Point, size int) Vec { return b.grid().SpaceCenter(p, size) }

// floorAt is the floor elevation of tile p (0 off the board).
func floorAt(b *Board, p Point) int {
	if !b.InBounds(p) {
		return 0
	}
	return b.Tile(p).Floor
}
