package rules

import "sightline/rules/sight"

// The rules ask every question of sight, effect and cover of the board's
// sight.Index, through the entry points here: they turn units into bodies
// and the geometry's answers back into units and obstacles. A query keeps
// its scratch to itself, so any number of goroutines may read one State.

// FOV is a unit's field of view: the tiles it sees and the units it sees.
type FOV = sight.FOV

// Undecided is the tiles a lazy field of view has yet to decide
// (Sightlines.SetLazy).
type Undecided = sight.Undecided

// sightIndex returns the board's index, building it if it is missing or
// stale (obstacles appended to Board.Obstacles directly, tiles replaced).
// Readers may call it at once: the first builds, the others wait.
func (b *Board) sightIndex() *sight.Index {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	if b.index == nil || b.index.Len() != len(b.Obstacles) || b.indexTiles != b.tileVersion {
		obs := make([]sight.Obstacle, len(b.Obstacles))
		for i, o := range b.Obstacles {
			obs[i] = o.geometry()
		}
		b.index, b.indexTiles, b.indexShared = sight.NewIndex(*b.grid(), obs), b.tileVersion, false
	}
	return b.index
}

// query lends out a query on the board's index; the caller calls Done
// when it has its answer.
func (b *Board) query() *sight.Query { return b.sightIndex().Query() }

// LineOfSight reports whether unit a can see unit b.
func (s *State) LineOfSight(a, b *Unit) bool {
	x := s.Board.query()
	defer x.Done()
	return x.LineOfSight(bodyOf(a), bodyOf(b))
}

// LineOfEffect reports whether a line of effect runs from origin (a pixel
// position, usually a grid intersection touching from's space, at from's
// eye height) to some intersection touching to's space at the top of its
// body.
func (s *State) LineOfEffect(from *Unit, origin Vec, to *Unit) bool {
	x := s.Board.query()
	defer x.Done()
	return x.LineOfEffect(origin, s.Board.EyeHeight(from), bodyOf(to))
}

// SeesTile reports whether unit u sees tile p: whether it would have line
// of sight to a standing 1×1 unit there. FieldOfView uses exactly this
// test, so fog of war and targeting never disagree.
func (s *State) SeesTile(u *Unit, p Point) bool {
	x := s.Board.query()
	defer x.Done()
	return x.SeesTile(bodyOf(u), p)
}

// LineClear reports whether the segment from (from, fromZ) to (to, toZ),
// heights in bricks, is clear of the given kinds of blocker.
func (b *Board) LineClear(from Vec, fromZ float64, to Vec, toZ float64, kinds sight.Blocks) bool {
	x := b.query()
	defer x.Done()
	return x.LineClear(from, fromZ, to, toZ, kinds)
}

// FieldOfView returns the tiles unit u sees within radius tiles (0: the
// whole board) and the living units it sees there.
func (s *State) FieldOfView(u *Unit, radius int) *FOV {
	f := &FOV{}
	s.fieldOfViewInto(u, radius, f)
	return f
}

// fieldOfViewInto is FieldOfView into f.
func (s *State) fieldOfViewInto(u *Unit, radius int, f *FOV) {
	s.fovTilesInto(bodyOf(u), radius, f)
	for _, v := range s.Units {
		if v != u && v.Alive() && sight.InRadius(s.Board.grid(), bodyOf(u), v.Pos, v.Size, radius) && s.LineOfSight(u, v) {
			f.Units = append(f.Units, v.ID)
		}
	}
}

// fovTilesInto fills f with the tiles body u sees, and no units.
func (s *State) fovTilesInto(u body, radius int, f *FOV) {
	x := s.Board.query()
	defer x.Done()
	x.FieldOfView(u, radius, f)
}

// InContact reports whether obstacle o touches the unit's space along a
// side (seed 004: a unit is in cover only when in contact with it).
func (s *State) InContact(u *Unit, o *Obstacle) bool {
	x := s.Board.query()
	defer x.Done()
	return x.InContact(bodyOf(u), o.ID)
}

// UnitInCover reports whether the unit is in contact with some obstacle
// that can give it cover (tall enough to matter, blocks sight or effect,
// not more than one size category smaller than the unit).
func (s *State) UnitInCover(u *Unit) bool {
	x := s.Board.query()
	defer x.Done()
	return x.InCover(bodyOf(u))
}

// Exposed reports whether no cover object at all lies within sight.ExposedReach
// tiles of the unit's space (seed 001's Exposed).
func (s *State) Exposed(u *Unit) bool {
	x := s.Board.query()
	defer x.Done()
	return x.Exposed(bodyOf(u))
}

// Flanked reports whether the target is in cover but gets no cover bonus
// against this attacker (seed 004: attacked from a direction where its
// cover does not help).
func (s *State) Flanked(attacker, target *Unit) bool { return s.Cover(attacker, target).Flanked }

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
	// attacker's space that is best for the attacker: one a shot can
	// leave (sight and effect from it) if any, then lowest cover, then
	// sight and effect from it, then nearest the target.
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
	CoveredLimbs sight.Limbs
	// Flanked is true when the target is in cover (in contact with some
	// obstacle), gets no cover from this attacker, and cannot dive out of
	// the attack: prone where it is, to a tile next to it, or over very-low
	// or low cover it touches, into cover or out of sight (seed 004).
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
	// Corner is true when the Full grade is seed 004's corner cover: a
	// wall hides a standing or crouched target that a line around it
	// still reaches. Its bonus is the data's corner bonus (+3), not +4.
	Corner bool
}

// Targetable reports whether the target can be attacked at all: line of
// sight and line of effect.
func (r CoverResult) Targetable() bool { return r.LoS && r.LoE }

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
// sight.ExposedReach tiles is Exposed.
func (s *State) Cover(attacker, target *Unit) CoverResult {
	return s.coverQuery(bodyOf(attacker), bodyOf(target), sight.LoSUnknown)
}

// coverQuery is Cover, with the line of sight known or not: the query's
// answer (coverOf) in the rules' terms, with the attacker's own modifier.
func (s *State) coverQuery(attacker, target body, los sight.LoS) CoverResult {
	bd := s.Board
	x := bd.query()
	defer x.Done()
	others := x.Bodies(len(s.Units))
	for _, v := range s.Units {
		if v.Alive() {
			others = append(others, bodyOf(v))
		}
	}
	c := x.Cover(attacker, target, others, los)
	res := CoverResult{Origin: c.Origin, Corners: c.Corners, Grade: c.Grade, Bonus: s.CoverBonus(c.Grade, c.Corner),
		By: bd.obstacleOf(c.Obstacle), ByUnit: s.unitOf(c.Unit), Hidden: c.Hidden, CoveredLimbs: c.Limbs,
		Flanked: c.Flanked, InContact: c.InContact, LoS: c.LoS, LoE: c.LoE, Corner: c.Corner}
	if len(c.Hits) > 0 {
		res.Obstacles = make([]CoverHit, len(c.Hits))
		for i, h := range c.Hits {
			res.Obstacles[i] = CoverHit{Obstacle: bd.obstacleOf(h.Obstacle), Unit: s.unitOf(h.Unit), Hidden: h.Hidden,
				Shadow: h.Shadow, Grade: h.Grade, InContact: h.InContact, Ignored: h.Ignored}
		}
	}
	if res.Flanked {
		res.Flanked = !s.canDive(x, attacker, target, others)
	}
	if attacker.Stance == Prone && x.InLowCover(attacker) {
		res.AttackerPenalty, res.AttackerReason = -1, "firing from prone in low cover (seed 004)"
	}
	return res
}
