package rules

import "sightline/rules/sight"

// AttackPreview is what the targeting panel shows before an attack: the
// very plan Apply would roll (one oracle, one breakdown), so the chance a
// player reads is the chance the dice face.
type AttackPreview struct {
	// Attacker and Target are the units' IDs; Obstacle is the cover
	// attacked directly, if any (Target is then the unit behind it, or 0).
	Attacker, Target, Obstacle int
	// Weapon is the weapon that would fire or strike; AP what it costs.
	Weapon string
	AP     int
	// Breakdown lists every modifier with its source and cause.
	Breakdown Breakdown
	// Chance and CritChance are the exact probabilities of a hit and a
	// critical hit.
	Chance, CritChance float64
	// Origin is the attacker's chosen point of origin in pixels.
	Origin Vec
	// Grade is the target's cover; By the obstacle that gives it (nil for
	// none or cover given by a unit). Flanked marks a target in cover that
	// is open from this side.
	Grade   CoverGrade
	By      *Obstacle
	Flanked bool
	// Corner marks Full cover that is seed 004's corner cover (+3).
	Corner bool
	// Covered are the target's limbs the cover hides from this attacker.
	Covered sight.Limbs
	// Peek is true when the attack needs an automatic peek from Full cover,
	// which lets overwatch and opportunity attacks react first.
	Peek bool
	// Second is the off-hand weapon's shot of an attack that fires both
	// (seed 003, Two-Weapon Combat), rolled separately; nil otherwise.
	Second *AttackPreview
}

// PreviewAttack checks an Attack like Apply does and, when it is legal,
// returns what the attack would roll, changing nothing. When reactions to a
// peek change the board first, Apply checks the attack again.
func (s *State) PreviewAttack(c Attack) (AttackPreview, error) {
	a, w, plan, err := planCommand(s, c)
	if err != nil {
		return AttackPreview{}, err
	}
	pv := previewOf(w, plan)
	if c.Both {
		second, err := planSecond(s, a, plan)
		if err != nil {
			return AttackPreview{}, err
		}
		if err := needAP(a, max(w.AP, second.w.AP), "fire both weapons"); err != nil {
			return AttackPreview{}, err
		}
		sp := previewOf(second.w, second)
		pv.Second, pv.AP = &sp, max(w.AP, second.w.AP)
	}
	return pv, nil
}

// PreviewShot returns what an attack by a at t would roll with each where
// and how it is given, which may differ from the state (a what-if: "if I
// stood there", "if it stepped here"); the other units, the board and
// the weapons are the state's. It checks the target, range, sight and
// effect like an Attack, but not whose turn it is or a's AP. The computer
// opponent asks it, so it sees the numbers the hit panel shows.
func (s *State) PreviewShot(a, t Unit) (AttackPreview, error) {
	w := s.wielded(&a)
	plan, err := planAttack(s, &a, &t, w, attackOpts{kind: KindAttack})
	if err != nil {
		return AttackPreview{}, err
	}
	return previewOf(w, plan), nil
}

// PreviewCoverShot is PreviewShot at obstacle id rather than a unit: what
// an attack by a (as given: where and how it stands may differ from the
// state) at the obstacle would roll. It checks the weapon, ammunition,
// sight, effect and range like an Attack, but not whose turn it is or
// a's AP.
func (s *State) PreviewCoverShot(a Unit, id int) (AttackPreview, error) {
	w := s.wielded(&a)
	plan, err := planCoverAttack(s, &a, s.Board.Obstacle(id), nil, w, attackOpts{})
	if err != nil {
		return AttackPreview{}, err
	}
	return previewOf(w, plan), nil
}

// ForecastShot is PreviewShot for a planner that needs to know only
// whether the shot may be made, not why not: ok is false exactly when
// PreviewShot returns an error, and the forecast is PreviewShot's. It
// spares the wording of the reason, which a planner asking of thousands
// of tiles would throw away.
func (s *State) ForecastShot(a, t Unit) (AttackPreview, bool) {
	w := s.wielded(&a)
	if !w.Melee && !oracleMaySee(s, &a, &t) {
		// Most of a planner's questions end here: asked before the
		// plan, which would copy both units, it costs no allocation.
		return AttackPreview{}, false
	}
	return s.forecastSeen(a, t, w)
}

// forecastSeen is ForecastShot once a ranged attack is known to pass
// oracleMaySee.
func (s *State) forecastSeen(a, t Unit, w Weapon) (AttackPreview, bool) {
	plan, err := planAttack(s, &a, &t, w, attackOpts{kind: KindAttack, quiet: true, seen: !w.Melee})
	if err != nil {
		return AttackPreview{}, false
	}
	return previewOf(w, plan), true
}

// previewOf is the preview of plan, an attack with weapon w.
func previewOf(w Weapon, plan *attackPlan) AttackPreview {
	target, obstacle := 0, 0
	if plan.t != nil {
		target = plan.t.ID
	}
	if plan.o != nil {
		obstacle = plan.o.ID
	}
	return AttackPreview{
		Attacker:   plan.a.ID,
		Target:     target,
		Obstacle:   obstacle,
		Weapon:     w.Name,
		AP:         w.AP,
		Breakdown:  plan.bd,
		Chance:     plan.bd.HitChance(),
		CritChance: plan.bd.CritChance(),
		Origin:     plan.view.Origin,
		Grade:      plan.view.Grade,
		By:         plan.view.By,
		Flanked:    plan.view.Flanked,
		Corner:     plan.view.Corner,
		Covered:    plan.view.Limbs,
		Peek:       plan.view.Peek != LeanNone,
	}
}

// Clone returns a deep copy of the battle: changing the copy never changes
// s. Weapon and unit tables (Data) are shared; they are read-only.
func (s *State) Clone() *State { return s.cloneOf(s.Board.clone(false)) }

// trial returns a copy of s to try a command on and throw away (Check):
// its board borrows s's sight index (clone).
func (s *State) trial() *State { return s.cloneOf(s.Board.clone(true)) }

// cloneOf is Clone with board b, a copy of s's.
func (s *State) cloneOf(b *Board) *State {
	c := *s
	c.Board = b
	c.Units = make([]*Unit, len(s.Units))
	for i, u := range s.Units {
		cu := *u
		c.Units[i] = &cu
	}
	c.zoneHits = append([]zoneHit(nil), s.zoneHits...)
	c.Objectives = append([]Objective(nil), s.Objectives...)
	c.objectiveProgress = append([]int(nil), s.objectiveProgress...)
	return &c
}

// Restore makes s a copy of o, another state of the same battle, while
// keeping s's own State, Board and Unit values in place, so whatever
// holds them (a view, a cache) stays bound to the battle. The sight
// index is rebuilt lazily.
func (s *State) Restore(o *State) {
	s.Board.assign(o.Board.clone(false))
	s.Board.version = max(s.Board.version, o.Board.version) + 1 // caches keyed on Version see a change
	s.Board.tileVersion = max(s.Board.tileVersion, o.Board.tileVersion) + 1
	units := s.Units
	s.Turn, s.Side, s.Data = o.Turn, o.Side, o.Data
	s.zoneHits = append(s.zoneHits[:0], o.zoneHits...)
	s.Objectives = append(s.Objectives[:0], o.Objectives...)
	s.objectiveProgress = append(s.objectiveProgress[:0], o.objectiveProgress...)
	s.Units = make([]*Unit, len(o.Units))
	for i, u := range o.Units {
		if i < len(units) {
			s.Units[i] = units[i]
		} else {
			s.Units[i] = new(Unit)
		}
		*s.Units[i] = *u
	}
}

// clone copies the board. With borrow, the copy shares b's sight index
// while it is up to date (its obstacles are b's, copied, with the same IDs
// and shapes) and drops it, instead of changing it, on its first change of
// obstacles (indexShared): for a copy used and thrown away while b stands
// still, as Check's. Without, the copy builds its own index lazily.
func (b *Board) clone(borrow bool) *Board {
	c := &Board{}
	c.assign(b)
	c.Tiles = append([]Tile(nil), b.Tiles...)
	c.geo.Floors = append([]int(nil), b.geo.Floors...)
	c.Obstacles = make([]*Obstacle, len(b.Obstacles))
	c.byID = make(map[int]*Obstacle, len(b.Obstacles))
	for i, o := range b.Obstacles {
		co := *o
		c.Obstacles[i] = &co
		c.byID[co.ID] = &co
	}
	b.indexMu.Lock()
	if borrow && b.index != nil && b.index.Len() == len(b.Obstacles) && b.indexTiles == b.tileVersion {
		c.index, c.indexTiles, c.indexShared = b.index, b.indexTiles, true
	}
	if b.order != nil && b.orderVersion == b.version && b.orderLen == len(b.Obstacles) {
		c.order, c.orderVersion, c.orderLen, c.orderDup = b.order, b.orderVersion, b.orderLen, b.orderDup
	}
	b.indexMu.Unlock()
	return c
}

// assign makes b hold o's tiles and obstacles (shared, not copied) and
// drops b's sight index, which is rebuilt lazily.
func (b *Board) assign(o *Board) {
	b.Width, b.Height, b.TileSize = o.Width, o.Height, o.TileSize
	b.Tiles, b.Obstacles, b.geo, b.byID = o.Tiles, o.Obstacles, o.geo, o.byID
	b.nextID, b.version, b.tileVersion = o.nextID, o.version, o.tileVersion
	b.removals = nil // the versions it noted are b's, not o's
	b.indexMu.Lock()
	b.index, b.indexShared, b.order = nil, false, nil
	b.contacts.reset()
	b.glimpses.reset()
	b.sightings.reset()
	b.indexMu.Unlock()
}

// Check reports whether cmd is legal now, with the reason when it is not,
// without changing s. The action bar greys out what Check refuses.
func Check(s *State, cmd Command) error {
	_, err := Apply(s.trial(), cmd, NewRNG(0))
	return err
}

// CheckAction is Check without asking whether the battle is decided: for
// a planner whose picture of the battle may lack the enemy (the computer's
// belief, when it knows of no enemy, looks like a won battle).
func CheckAction(s *State, cmd Command) error {
	_, err := apply(s.trial(), cmd, NewRNG(0))
	return err
}

// CanSee reports whether a sees t as things stand, or would see it by the
// automatic peek an attack from Full cover makes (seed 000). It is the
// answer the attack itself uses, so fog of war never hides a target the
// rules let a unit shoot, nor shows one they would not: the attack's
// cheap test first (oracleMaySee, which never misses a sight), then its
// full one.
func (s *State) CanSee(a, t *Unit) bool { return oracleMaySee(s, a, t) && oracleCover(s, a, t).LoS }

// CanSeeUnseen is CanSee for a target that a's field of view does not list
// (LineOfSight(a, t) is false): the same answer, without asking that line
// of sight again. The fog of war asks it for every enemy no field of view
// of the side holds.
func (s *State) CanSeeUnseen(a, t *Unit) bool {
	k := glimpseKey{lookOf(a), lookOf(t)}
	if seen, ok := s.Board.glimpseMemo(k); ok {
		return seen
	}
	version, n := s.Board.version, len(s.Board.Obstacles)
	seen := canSeeUnseen(s, a, t)
	s.Board.keepGlimpse(k, seen, version, n)
	return seen
}

// GlimpsesOnlyLeaners reports whether CanSeeUnseen(a, t) is false for
// every target t that does not lean: a leans nowhere and is not in Full
// cover, so it has no peek to see from (maySee). The fog of war asks it
// once per looker instead of CanSeeUnseen once per enemy.
func (s *State) GlimpsesOnlyLeaners(a *Unit) bool {
	if a.Status.Lean != LeanNone {
		return false
	}
	g, _ := oracleArea(s, a, a.Pos, a.Stance)
	return g != CoverFull
}

// canSeeUnseen is CanSeeUnseen asked anew: the board keeps its answers
// while it keeps its obstacles and tiles (glimpseMemo).
func canSeeUnseen(s *State, a, t *Unit) bool {
	return maySee(s, a, t, true) && oracleCover(s, a, t).LoS
}
