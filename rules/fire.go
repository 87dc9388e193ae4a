package rules

import "sightline/rules/sight"

const (
	srcCovering = "seed 003, Covering Fire"
	srcReflex   = "seed 003, Reflex save"
)

// autoWeapon checks that u holds a semi- or fully automatic weapon with at
// least rounds loaded.
func autoWeapon(u *Unit, rounds int, what string) (Weapon, error) {
	w := u.Hand.Weapon
	switch {
	case u.Hand.Empty() || w.Melee:
		return w, errorf(ErrWrongWeapon, "%s needs a firearm in hand for %s", u.Name, what)
	case w.Fire != FireSemi && w.Fire != FireAuto:
		return w, errorf(ErrWrongWeapon, "%s needs a semi- or fully automatic weapon, the %s is %s fire", what, w.Name, w.Fire)
	case u.Hand.Ammo < rounds:
		return w, errorf(ErrEmpty, "%s needs %d rounds, the %s has %d", what, rounds, w.Name, u.Hand.Ammo)
	}
	return w, nil
}

// CoveringFire sprays the cone toward At with all AP (seed 003).
type CoveringFire struct {
	Unit int
	At   Point
}

// CommandName returns "covering_fire".
func (CoveringFire) CommandName() string { return "covering_fire" }

func (c CoveringFire) spec() CommandSpec { return CommandSpec{Unit: c.Unit, At: specPt(c.At)} }

func (CoveringFire) parse(cs CommandSpec, _ *State) (Command, error) {
	at, err := specPoint(cs.At, "at")
	return CoveringFire{Unit: cs.Unit, At: at}, err
}

// apply sprays a cone as long as the range increment with all
// AP: one attack action per weapon AP, each hitting any enemy in the cone
// at most once; after the first, enemies in the cone save (Reflex DC 15)
// to dive for cover (seed 003).
func (c CoveringFire) apply(s *State, rng *RNG) ([]Event, error) {
	u, w, err := checkCovering(s, c)
	if err != nil {
		return nil, err
	}
	actions := u.AP / w.AP
	ap := u.AP
	u.AP = 0
	out := []Event{Fired{Unit: u.ID, Kind: KindCovering, At: c.At, AP: ap, Rounds: min(actions, u.Hand.Ammo/w.Burst) * w.Burst}}
	more, ok := acting(s, u, rng)
	out = append(out, more...)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell before firing"}), nil
	}
	dir := DirTo(u.Pos, c.At)
	inCone := func(t *Unit) bool { return inCoverZone(s, u, dir, t) }
	s.clearZoneHits(u.ID)
	fired := 0
	for k := 0; k < actions && u.Hand.Ammo >= w.Burst; k++ {
		u.Hand.Ammo -= w.Burst
		fired++
		for _, t := range s.Units {
			if !inCone(t) {
				continue
			}
			p, err := planAttack(s, u, t, w, attackOpts{kind: KindCovering})
			if err != nil || p.view.Peek != LeanNone {
				continue
			}
			s.noteZoneHit(u.ID, t.ID)
			out = append(out, p.resolve(s, rng)...)
		}
		if k == 0 {
			for _, t := range s.Units {
				if inCone(t) && oracleLoS(s, u, t) {
					out = append(out, dive(s, u, t, rng)...)
				}
			}
		}
	}
	// Seed 003: the fire lasts the round; enemies that move into the cone
	// until u's next turn are attacked too (coverZoneShot).
	u.Status.Covering, u.Status.CoverAt, u.Status.CoverDir, u.Status.CoverActions = true, c.At, dir, fired
	return append(out, CoveringZoneSet{Unit: u.ID, At: c.At, Dir: dir, Range: w.Range, Degrees: s.Rules().Tuning.WatchConeDegrees, Actions: fired}), nil
}

// checkCovering checks covering fire c like Apply and returns the unit
// and its weapon.
func checkCovering(s *State, c CoveringFire) (*Unit, Weapon, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, Weapon{}, err
	}
	w, err := autoWeapon(u, s.wielded(u).Burst, "covering fire")
	if err != nil {
		return nil, w, err
	}
	if !s.Board.InBounds(c.At) || u.Occupies(c.At) {
		return nil, w, errorf(ErrBadTarget, "aim the cone at a tile on the board away from %s", u.Name)
	}
	if err := needAP(u, w.AP, "lay down covering fire"); err != nil {
		return nil, w, err
	}
	return u, w, nil
}

// reflexSave rolls d20 + Reflex against the DC; a target flanked by the
// attacker dives at -2 (seed 004, Flanking).
func reflexSave(s *State, from, t *Unit, rng *RNG) Saved {
	tn := s.Rules().Tuning
	ev := Saved{Unit: t.ID, Kind: "reflex", DC: tn.ReflexDC, Roll: rng.D(20)}
	if t.Stats.Reflex != 0 {
		ev.Mods = append(ev.Mods, Modifier{Kind: ModAttack, Label: "Reflex of " + t.Name, Value: t.Stats.Reflex, Source: srcReflex, Cause: Cause{Unit: t.ID}})
	}
	if from != nil && oracleCover(s, from, t).Flanked {
		ev.Mods = append(ev.Mods, Modifier{Kind: ModAttack, Label: "Flanked", Value: -tn.FlankedDivePenalty, Source: srcFlanking, Cause: Cause{Unit: from.ID}})
	}
	for _, m := range ev.Mods {
		ev.Bonus += m.Value
	}
	ev.Success = ev.Roll+ev.Bonus >= ev.DC
	return ev
}

// dive is a target's reaction to covering fire: on a passed Reflex save it
// dives within half its speed to total cover (out of the shooter's sight)
// if it can, else to the closest cover, else it drops prone (seed 003).
// A unit on the spot it lands on is moved a tile aside to make room when
// it can be (seed 004, Flanking: "If another unit is in the way of where a
// diving unit will land, that unit can be moved enough to make room");
// a spot that needs no such move wins a tie.
func dive(s *State, shooter, t *Unit, rng *RNG) []Event {
	save := reflexSave(s, shooter, t, rng)
	out := []Event{save}
	if !save.Success {
		return out
	}
	from := t.Pos
	if !oracleLoS(s, shooter, t) {
		return out
	}
	type spot struct {
		p     Point
		total bool
		g     CoverGrade
		cost  int
		in    *Unit // the unit to move aside, to room
		room  Point
	}
	var best *spot
	better := func(a, b spot) bool {
		if a.total != b.total {
			return a.total
		}
		if a.cost != b.cost {
			return a.cost < b.cost
		}
		if a.g != b.g {
			return a.g > b.g
		}
		return a.in == nil && b.in != nil
	}
	// A leap: units do not bar the way, only the landing spot matters.
	r := s.diveReach(t)
	for _, p := range r.Tiles() {
		if p == from {
			continue
		}
		c := spot{p: p, cost: r.Cost(p)}
		if in := unitsIn(s, t, p); len(in) > 0 {
			room, ok := makeRoom(s, shooter, t, p, in)
			if !ok {
				continue
			}
			c.in, c.room = in[0], room
		}
		v := spotCover(s, shooter, t, p, c.in, c.room)
		c.total, c.g = !v.LoS, v.Grade
		if !c.total && c.g < CoverHalf {
			continue
		}
		if best == nil || better(c, *best) {
			best = &c
		}
	}
	if best != nil {
		if o := best.in; o != nil {
			was := o.Pos
			o.Pos = best.room
			o.Status.Revealed = false
			out = append(out, Moved{Unit: o.ID, From: was, Path: []Point{best.room}, AP: o.AP, Aside: t.ID})
		}
		t.Pos = best.p
		t.Status.TakingCover, t.Status.Lean, t.Status.Revealed = false, LeanNone, false
		out = append(out, Dived{Unit: t.ID, From: from, To: best.p})
		return append(out, endCovering(s, t, "dove")...)
	}
	if t.Stance != Prone {
		t.Stance = Prone
		return append(out, Dived{Unit: t.ID, From: from, To: from, Prone: true})
	}
	return out
}

// spotCover is the cover t would have from shooter at p, with the unit
// in (if any) already moved aside to room: a friend on the spot gives no
// cover once it has made room.
func spotCover(s *State, shooter, t *Unit, p Point, in *Unit, room Point) coverView {
	if in == nil {
		return oracleCover(s, shooter, at(t, p, t.Stance))
	}
	was := in.Pos
	in.Pos = room
	v := oracleCover(s, shooter, at(t, p, t.Stance))
	in.Pos = was
	return v
}

// unitsIn returns the living units other than u in u's space at p.
func unitsIn(s *State, u *Unit, p Point) []*Unit {
	var out []*Unit
	probe := *u
	probe.Pos = p
	for _, o := range s.Units {
		if o != u && o.Alive() && overlaps(&probe, o) {
			out = append(out, o)
		}
	}
	return out
}

// makeRoom returns the tile next to the one unit in the way of u landing
// at p where that unit can stand clear of u's landing space, no less safe
// from the shooter than where it stands (out of its sight, or cover at
// least as good), trying the eight directions from north clockwise. It is
// false when more than one unit or a unit larger than u is in the way, or
// no tile will do: making room never throws a unit into the open.
func makeRoom(s *State, shooter, u *Unit, p Point, in []*Unit) (Point, bool) {
	if len(in) != 1 || in[0].Size > u.Size {
		return Point{}, false
	}
	o := in[0]
	probe := *u
	probe.Pos = p
	for d := North; d <= NorthWest; d++ {
		q := o.Pos.Add(d.Step())
		moved := *o
		moved.Pos = q
		if s.Board.InBounds(q) && s.CanStand(o, q) && !overlaps(&probe, &moved) && safety(s, shooter, &moved) >= safety(s, shooter, o) {
			return q, true
		}
	}
	return Point{}, false
}

// safety ranks how well u is hidden from shooter: its cover grade, or
// above every grade when out of sight.
func safety(s *State, shooter, u *Unit) CoverGrade {
	v := oracleCover(s, shooter, u)
	if !v.LoS {
		return CoverImproved + 1
	}
	return v.Grade
}

// SuppressiveFire fires 10 rounds into the 2x2 area whose top-left tile
// is At (seed 003).
type SuppressiveFire struct {
	Unit int
	At   Point
}

// CommandName returns "suppressive_fire".
func (SuppressiveFire) CommandName() string { return "suppressive_fire" }

func (c SuppressiveFire) spec() CommandSpec { return CommandSpec{Unit: c.Unit, At: specPt(c.At)} }

func (SuppressiveFire) parse(cs CommandSpec, _ *State) (Command, error) {
	at, err := specPoint(cs.At, "at")
	return SuppressiveFire{Unit: cs.Unit, At: at}, err
}

// apply fires 10 rounds into a 2x2 area at Defence 10: on
// a hit everyone in it is suppressed and saves (Reflex DC 15) or takes the
// weapon's damage (seed 003).
func (c SuppressiveFire) apply(s *State, rng *RNG) ([]Event, error) {
	u, w, area, err := checkSuppress(s, c)
	if err != nil {
		return nil, err
	}
	tn := s.Rules().Tuning
	u.AP -= tn.SuppressAP
	u.Hand.Ammo -= tn.SuppressRounds
	out := []Event{Fired{Unit: u.ID, Kind: KindSuppressive, At: c.At, AP: tn.SuppressAP, Rounds: tn.SuppressRounds}}
	more, ok := acting(s, u, rng)
	out = append(out, more...)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell before firing"}), nil
	}
	p := suppressPlan(s, u, w, area)
	v := p.view
	ev := Attacked{Attacker: u.ID, Kind: KindSuppressive, Weapon: w.Name, Breakdown: p.bd, Chance: p.bd.HitChance(), CritChance: p.bd.CritChance(), Origin: v.Origin, Roll: rng.D(20)}
	if !p.bd.Hits(ev.Roll) {
		ev.Outcome = OutcomeMiss
		return append(out, ev), nil
	}
	ev.Outcome = OutcomeHit
	out = append(out, ev)
	for _, t := range s.Units {
		if !t.Alive() || t == u {
			continue
		}
		if !overlaps(t, area) {
			continue
		}
		tv := oracleCover(s, u, t)
		if !tv.LoE {
			continue
		}
		t.Status.Suppressed, t.Status.SuppressedBy = true, u.ID
		out = append(out, Suppressed{Unit: t.ID})
		save := reflexSave(s, nil, t, rng)
		out = append(out, save)
		if !save.Success {
			evs, _ := hitUnit(s, t, tv, w, false, nil, rng)
			out = append(out, evs...)
		}
	}
	return out, nil
}

// checkSuppress checks suppressive fire c like Apply and returns the
// unit, its weapon and the area as a 2x2 prone stand-in.
func checkSuppress(s *State, c SuppressiveFire) (*Unit, Weapon, *Unit, error) {
	u, w, area, _, err := checkSuppressSeen(s, c)
	return u, w, area, err
}

// checkSuppressSeen is checkSuppress with the oracle's view of the area
// from the shooter, which it asks (suppressPlanSeen's, while nothing
// moves).
func checkSuppressSeen(s *State, c SuppressiveFire) (*Unit, Weapon, *Unit, coverView, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, Weapon{}, nil, coverView{}, err
	}
	tn := s.Rules().Tuning
	w, err := autoWeapon(u, tn.SuppressRounds, "suppressive fire")
	if err != nil {
		return nil, w, nil, coverView{}, err
	}
	area := &Unit{ID: -1, Side: u.Side.Other(), Pos: c.At, Size: 2, Stance: Prone, HP: 1}
	if !s.Board.InBounds(c.At) || !s.Board.InBounds(c.At.Add(Point{X: 1, Y: 1})) {
		return nil, w, nil, coverView{}, errorf(ErrBadTarget, "the 2x2 area at (%d,%d) must lie on the board", c.At.X, c.At.Y)
	}
	if gx, gy := oracleGap(u, area); gx == 0 && gy == 0 {
		return nil, w, nil, coverView{}, errorf(ErrBadTarget, "%s cannot suppress an area it stands next to", u.Name)
	}
	// The cheap sight test first: it never misses a sight the full one
	// finds (TestMaySeeNeverMissesASight, TestMaySeeNeverMissesAnArea).
	v := coverView{}
	if oracleMaySee(s, u, area) {
		v = oracleCover(s, u, area)
	}
	if !v.LoS || !v.LoE {
		return nil, w, nil, v, errorf(ErrNoLoE, "%s cannot fire into the area at (%d,%d)", u.Name, c.At.X, c.At.Y)
	}
	if max := float64(w.Range * tn.MaxIncrements); v.Dist > max+1e-9 {
		return nil, w, nil, v, errorf(ErrOutOfRange, "the area is %.1f tiles away, the %s reaches %.0f", v.Dist, w.Name, max)
	}
	if err := needAP(u, tn.SuppressAP, "lay down suppressive fire"); err != nil {
		return nil, w, nil, v, err
	}
	return u, w, area, v, nil
}

// suppressPlan is the roll of u's suppressive fire with w into area.
func suppressPlan(s *State, u *Unit, w Weapon, area *Unit) *attackPlan {
	return suppressPlanSeen(s, u, w, oracleCover(s, u, area))
}

// suppressPlanSeen is suppressPlan with v, the oracle's view of the area
// from u, already asked.
func suppressPlanSeen(s *State, u *Unit, w Weapon, v coverView) *attackPlan {
	p := &attackPlan{a: u, w: w, kind: KindSuppressive, view: v}
	p.bd = s.breakdown(p, attackOpts{kind: KindSuppressive})
	return p
}

// overlaps reports whether two units' spaces share a tile.
func overlaps(a, b *Unit) bool {
	return a.Pos.X < b.Pos.X+b.Size && b.Pos.X < a.Pos.X+a.Size && a.Pos.Y < b.Pos.Y+b.Size && b.Pos.Y < a.Pos.Y+a.Size
}

// BlindFire shoots from three-quarter or full cover at a target the unit
// cannot see (seed 003). Spot spends 1 more AP on a perception check that,
// passed, stops half the shots going to empty tiles.
type BlindFire struct {
	Unit   int
	Target int
	Spot   bool
}

// CommandName returns "blind_fire".
func (BlindFire) CommandName() string { return "blind_fire" }

func (c BlindFire) spec() CommandSpec {
	return CommandSpec{Unit: c.Unit, Target: c.Target, Spot: c.Spot}
}

func (BlindFire) parse(cs CommandSpec, s *State) (Command, error) {
	return BlindFire{Unit: cs.Unit, Target: cs.Target, Spot: cs.Spot}, specUnit(s, cs.Target, "target")
}

// apply shoots from three-quarter or full cover at an unseen
// target: no aim or bracing, 50% miss, and without a perception check
// half the shots go to empty tiles (seed 003).
func (c BlindFire) apply(s *State, rng *RNG) ([]Event, error) {
	u, t, w, cost, err := checkBlind(s, c)
	if err != nil {
		return nil, err
	}
	u.AP -= cost
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell before firing"}), nil
	}
	spotted := false
	if c.Spot {
		tn := s.Rules().Tuning
		ev := Saved{Unit: u.ID, Kind: "perception", DC: tn.PerceptionDC, Roll: rng.D(20)}
		if u.Stats.Perception != 0 {
			ev.Mods = append(ev.Mods, Modifier{Kind: ModAttack, Label: "Perception of " + u.Name, Value: u.Stats.Perception, Source: srcBlind, Cause: Cause{Unit: u.ID}})
		}
		if u.Status.Suppressed {
			ev.Mods = append(ev.Mods, Modifier{Kind: ModAttack, Label: "Suppressed", Value: -tn.SuppressPenalty, Source: srcSuppressive, Cause: Cause{Unit: u.ID}})
		}
		if u.Status.Aiming {
			if inAimCone(s, u, t) {
				ev.Mods = append(ev.Mods, Modifier{Kind: ModAttack, Label: "Aiming: in its cone", Value: tn.AimPerception, Source: srcAiming, Cause: Cause{Unit: u.ID}})
			} else {
				ev.Mods = append(ev.Mods, Modifier{Kind: ModAttack, Label: "Aiming: outside its cone", Value: -tn.AimPerception, Source: srcAiming, Cause: Cause{Unit: u.ID}})
			}
		}
		for _, m := range ev.Mods {
			ev.Bonus += m.Value
		}
		ev.Success = ev.Roll+ev.Bonus >= ev.DC
		spotted = ev.Success
		out = append(out, ev)
	}
	p, err := planAttack(s, u, t, w, attackOpts{kind: KindBlind, blind: true, spotted: spotted})
	if err != nil {
		return append(out, Interrupted{Unit: u.ID, Reason: err.Error()}), nil
	}
	u.Hand.Ammo--
	return append(out, p.resolve(s, rng)...), nil
}

// inAimCone reports whether t's centre lies in u's cone of aim: within
// AimConeTiles of u's centre and AimConeDegrees (full width) around the
// way u faces (seed 003, Aiming: "a +5 bonus to Perception check in a
// 60-ft cone", 12 tiles of 5 ft).
func inAimCone(s *State, u, t *Unit) bool {
	tn := s.Rules().Tuning
	c, p := s.Board.SpaceCenter(u), s.Board.SpaceCenter(t)
	if p.Sub(c).Len() > float64(tn.AimConeTiles*s.Board.TileSize) {
		return false
	}
	st := u.Facing.Step()
	return sight.InCone(c, Vec{X: float64(st.X), Y: float64(st.Y)}, float64(tn.AimConeDegrees), p)
}

// checkBlind checks blind fire c like Apply and returns the unit, its
// target, its weapon and the AP it costs.
func checkBlind(s *State, c BlindFire) (*Unit, *Unit, Weapon, int, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, nil, Weapon{}, 0, err
	}
	t := s.Unit(c.Target)
	if t == nil {
		return nil, nil, Weapon{}, 0, errorf(ErrUnknownUnit, "%d", c.Target)
	}
	w := s.wielded(u)
	if w.Melee {
		return nil, nil, w, 0, errorf(ErrWrongWeapon, "%s needs a firearm in hand to fire blind", u.Name)
	}
	if _, err := planAttack(s, u, t, w, attackOpts{kind: KindBlind, blind: true}); err != nil {
		return nil, nil, w, 0, err
	}
	cost := w.AP
	if c.Spot {
		cost++
	}
	if err := needAP(u, cost, "fire blind"); err != nil {
		return nil, nil, w, 0, err
	}
	return u, t, w, cost, nil
}
