package rules

import "fmt"

// Attack strikes or shoots at a unit (Target) or at a piece of cover
// (Obstacle; Target then names the unit behind it, or 0 for whoever the
// cover protects). Ranged attacks from Full cover peek automatically.
// Both fires the off-hand weapon too, in the same action, when the unit
// fights with two (seed 003, Two-Weapon Combat).
type Attack struct {
	Unit     int
	Target   int
	Obstacle int
	Both     bool
}

// CommandName returns "attack".
func (Attack) CommandName() string { return "attack" }

func (c Attack) spec() CommandSpec {
	return CommandSpec{Unit: c.Unit, Target: c.Target, Obstacle: c.Obstacle, Both: c.Both}
}

// parse reads an attack on a unit (target) or on cover (obstacle, with
// target the unit behind it, if any).
func (Attack) parse(cs CommandSpec, s *State) (Command, error) {
	if cs.Obstacle != 0 {
		if s.Board.Obstacle(cs.Obstacle) == nil {
			return nil, fmt.Errorf("obstacle: no obstacle %d", cs.Obstacle)
		}
		if cs.Target != 0 {
			if err := specUnit(s, cs.Target, "target"); err != nil {
				return nil, err
			}
		}
		return Attack{Unit: cs.Unit, Obstacle: cs.Obstacle, Target: cs.Target, Both: cs.Both}, nil
	}
	return Attack{Unit: cs.Unit, Target: cs.Target, Both: cs.Both}, specUnit(s, cs.Target, "target")
}

// apply carries out an Attack: pay, peek if needed (reactions to the
// peek resolve first, seed 000), let overwatch react, then roll.
func (c Attack) apply(s *State, rng *RNG) ([]Event, error) {
	a, w, plan, err := planCommand(s, c)
	if err != nil {
		return nil, err
	}
	if c.Both {
		second, err := planSecond(s, a, plan)
		if err != nil {
			return nil, err
		}
		if second.w.AP > w.AP {
			if err := needAP(a, second.w.AP, "fire the "+second.w.Name); err != nil {
				return nil, err
			}
			a.AP -= second.w.AP - w.AP
		}
	}
	a.AP -= w.AP
	var out []Event
	if plan.view.Peek != LeanNone {
		first := !a.Status.Peeked
		a.Status.Lean, a.Status.PeekTile, a.Status.Peeked = plan.view.Peek, plan.view.PeekTile, true
		out = append(out, Peeked{Unit: a.ID, Lean: plan.view.Peek, Tile: plan.view.PeekTile})
		if first {
			out = append(out, watchReact(s, a, rng)...)
			out = append(out, opportunityReact(s, a, nil, rng)...)
		}
	} else {
		out = append(out, watchReact(s, a, rng)...)
	}
	if !a.Alive() {
		return append(out, Interrupted{Unit: a.ID, Reason: "fell before the attack"}), nil
	}
	// Reactions may have changed the board: check the attack again.
	if plan.o != nil {
		if s.Board.Obstacle(plan.o.ID) == nil {
			return append(out, Interrupted{Unit: a.ID, Reason: "the cover is gone"}), nil
		}
		behind := plan.t
		plan, err = planCoverAttack(s, a, plan.o, nil, w, attackOpts{})
		if err == nil {
			plan.t = behind
		}
	} else {
		plan, err = planAttack(s, a, plan.t, w, attackOpts{kind: KindAttack})
	}
	if err != nil {
		return append(out, Interrupted{Unit: a.ID, Reason: err.Error()}), nil
	}
	if !w.Melee {
		a.Hand.Ammo--
	}
	out = append(out, plan.resolve(s, rng)...)
	if !c.Both {
		return out, nil
	}
	// Seed 003: the second weapon fires in the same action, a separate
	// attack; it holds its fire when the first left nothing to shoot at.
	if plan.o == nil && !plan.t.Alive() || plan.o != nil && s.Board.Obstacle(plan.o.ID) == nil {
		return out, nil
	}
	second, err := planSecond(s, a, plan)
	if err != nil {
		return append(out, Interrupted{Unit: a.ID, Reason: "the " + a.OffHand.Weapon.Name + " did not fire: " + err.Error()}), nil
	}
	a.OffHand.Ammo--
	return append(out, second.resolve(s, rng)...), nil
}

// planSecond checks the off-hand shot of an Attack with Both, at what the
// first weapon's plan attacks.
func planSecond(s *State, a *Unit, first *attackPlan) (*attackPlan, error) {
	if !a.TwoWeapons() {
		return nil, errorf(ErrWrongWeapon, "%s holds one weapon; draw a second to fire both", a.Name)
	}
	w, opt := a.OffHand.Weapon, attackOpts{kind: KindAttack, second: true}
	if first.o != nil {
		p, err := planCoverAttack(s, a, first.o, nil, w, opt)
		if err != nil {
			return nil, err
		}
		p.t = first.t
		return p, nil
	}
	return planAttack(s, a, first.t, w, opt)
}

// unitBehind is the living enemy of a that o covers from a, if any: in
// contact with o, lowest id first.
func unitBehind(s *State, a *Unit, o *Obstacle) *Unit {
	for _, u := range s.Units {
		if u.Alive() && u.Side != a.Side && touching(s, u, o) {
			if v := oracleCover(s, a, u); v.By == o {
				return u
			}
		}
	}
	for _, u := range s.Units {
		if u.Alive() && u.Side != a.Side && touching(s, u, o) {
			return u
		}
	}
	return nil
}

// TakeCover is the active cover maneuver (seed 001): 1 AP next to cover.
type TakeCover struct{ Unit int }

// CommandName returns "take_cover".
func (TakeCover) CommandName() string { return "take_cover" }

func (c TakeCover) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (TakeCover) parse(cs CommandSpec, _ *State) (Command, error) {
	return TakeCover{Unit: cs.Unit}, nil
}

// apply carries out a TakeCover: 1 AP next to cover that stops shots.
func (c TakeCover) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	if u.Status.TakingCover {
		return nil, errorf(ErrAlready, "%s is already taking cover", u.Name)
	}
	o := braceCover(s, u)
	if o == nil {
		if soft := oracleContact(s, u, u.Pos); len(soft) > 0 {
			return nil, errorf(ErrNoCover, "the %s only hides %s: taking cover needs something that stops shots", soft[0].Name, u.Name)
		}
		return nil, errorf(ErrNoCover, "%s must touch cover to take cover (side by side: a diagonal corner does not count)", u.Name)
	}
	if err := needAP(u, 1, "take cover"); err != nil {
		return nil, err
	}
	u.AP--
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell while taking cover"}), nil
	}
	u.Status.TakingCover = true
	return append(out, TookCover{Unit: u.ID, Obstacle: o.ID, AP: 1}), nil
}

// ChangeStance makes a unit stand, crouch or go prone for StanceCost AP:
// 1, or nothing for the first change of a turn with Fluid Movement.
type ChangeStance struct {
	Unit int
	To   Stance
}

// CommandName returns "stance".
func (ChangeStance) CommandName() string { return "stance" }

func (c ChangeStance) spec() CommandSpec { return CommandSpec{Unit: c.Unit, Stance: c.To.String()} }

func (ChangeStance) parse(cs CommandSpec, _ *State) (Command, error) {
	st, err := ParseStance(cs.Stance)
	if err != nil {
		return nil, fmt.Errorf("stance: %w", err)
	}
	return ChangeStance{Unit: cs.Unit, To: st}, nil
}

// StanceCost is the AP u's next change of stance costs: 1, or 0 for the
// first change of its turn when its type has Fluid Movement (seed 000:
// "First Change Stance per turn is free").
func StanceCost(u *Unit) int {
	if u.Stats.FluidMovement && !u.Status.ChangedStance {
		return 0
	}
	return 1
}

// apply carries out a ChangeStance for StanceCost AP.
func (c ChangeStance) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	if c.To < Standing || c.To > Prone {
		return nil, errorf(ErrUnknownCmd, "no stance %d", int(c.To))
	}
	if c.To == u.Stance {
		return nil, errorf(ErrAlready, "%s is already %s", u.Name, u.Stance)
	}
	ap := StanceCost(u)
	if err := needAP(u, ap, "change stance"); err != nil {
		return nil, err
	}
	u.AP -= ap
	if u.Stats.FluidMovement {
		u.Status.ChangedStance = true
	}
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell while changing stance"}), nil
	}
	from := u.Stance
	u.Stance = c.To
	if u.Status.Lean != LeanNone && !u.Status.Overwatch {
		u.Status.Lean = LeanNone
		out = append(out, PeekEnded{Unit: u.ID})
	}
	return append(out, StanceChanged{Unit: u.ID, From: from, To: c.To, AP: ap}), nil
}

// Aim looks down the sights (seed 003): +1 threat range, half speed.
type Aim struct{ Unit int }

// CommandName returns "aim".
func (Aim) CommandName() string { return "aim" }

func (c Aim) spec() CommandSpec { return CommandSpec{Unit: c.Unit} }

func (Aim) parse(cs CommandSpec, _ *State) (Command, error) { return Aim{Unit: cs.Unit}, nil }

// apply carries out an Aim for the weapon's aim AP.
func (c Aim) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	w := s.wielded(u)
	if w.Melee {
		return nil, errorf(ErrWrongWeapon, "%s has no ranged weapon in hand to aim", u.Name)
	}
	if u.Status.Aiming {
		return nil, errorf(ErrAlready, "%s is already aiming", u.Name)
	}
	if u.TwoWeapons() {
		return nil, errorf(ErrWrongWeapon, "%s cannot aim with a weapon in each hand; holster the %s first", u.Name, u.OffHand.Weapon.Name)
	}
	if err := needAP(u, w.AimAP, "aim the "+w.Name); err != nil {
		return nil, err
	}
	u.AP -= w.AimAP
	out, ok := acting(s, u, rng)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell while aiming"}), nil
	}
	u.Status.Aiming = true
	return append(out, Aimed{Unit: u.ID, AP: w.AimAP}), nil
}

// Overwatch spends the remaining AP to watch the cone toward At.
type Overwatch struct {
	Unit int
	At   Point
}

// CommandName returns "overwatch".
func (Overwatch) CommandName() string { return "overwatch" }

func (c Overwatch) spec() CommandSpec { return CommandSpec{Unit: c.Unit, At: specPt(c.At)} }

func (Overwatch) parse(cs CommandSpec, _ *State) (Command, error) {
	at, err := specPoint(cs.At, "at")
	return Overwatch{Unit: cs.Unit, At: at}, err
}

// apply carries out an Overwatch with the AP left.
func (c Overwatch) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	w := s.wielded(u)
	switch {
	case w.Melee:
		return nil, errorf(ErrWrongWeapon, "%s needs a ranged weapon in hand for overwatch", u.Name)
	case u.Hand.Ammo < 1:
		return nil, errorf(ErrEmpty, "%s's %s needs reloading", u.Name, w.Name)
	case u.Status.Overwatch:
		return nil, errorf(ErrAlready, "%s is already on overwatch", u.Name)
	case !s.Board.InBounds(c.At) || u.Occupies(c.At):
		return nil, errorf(ErrBadTarget, "watch toward a tile on the board away from %s", u.Name)
	}
	if err := needAP(u, 1, "go on overwatch"); err != nil {
		return nil, err
	}
	ap := u.AP
	u.AP = 0
	threat := 0
	if u.Status.Aiming {
		// Seed 003: +1 for the first action spent in overwatch while
		// aiming, +1 for each further one, at most INT x3.
		threat = min(ap, 3*u.Stats.INT)
	}
	var out []Event
	if u.Status.Lean == LeanNone {
		// Seed 000: overwatch from Full cover keeps the unit peeked, toward
		// the zone it watches.
		if g, _ := oracleArea(s, u, u.Pos, u.Stance); g == CoverFull {
			if l, tile, ok := watchLean(s, u, c.At); ok {
				u.Status.Lean, u.Status.PeekTile = l, tile
				out = append(out, Peeked{Unit: u.ID, Lean: l, Tile: tile})
			}
		}
	}
	more, ok := acting(s, u, rng)
	out = append(out, more...)
	if !ok {
		return append(out, Interrupted{Unit: u.ID, Reason: "fell before settling on overwatch"}), nil
	}
	u.Status.Overwatch, u.Status.WatchAt, u.Status.WatchDir, u.Status.WatchThreat = true, c.At, DirTo(u.Pos, c.At), threat
	return append(out, OverwatchSet{Unit: u.ID, At: c.At, AP: ap, Threat: threat}), nil
}

// watchLean picks the lean a unit in Full cover holds on overwatch toward
// a tile (seed 000: it stays peeked for the overwatch, at Half cover
// against attackers in its zone): the one with the best shot at a body
// standing on that tile (sight, then the least cover: not past the
// unit's own wall), else, when none sees it, the one that sees the most
// tiles of the watch cone; the first of left, right and over on ties.
// It reports false when the unit can lean nowhere.
func watchLean(s *State, u *Unit, toward Point) (Lean, Point, bool) {
	tn := s.Rules().Tuning
	mark := at(u, toward, Standing)
	mark.ID, mark.Size, mark.Side = 0, 1, u.Side.Other()
	best, bestTile, found := LeanNone, Point{}, false
	var bestSees bool
	bestGrade, bestN := CoverGrade(0), -1
	peeks, np := s.Peeks(u, toward)
	for _, pk := range peeks[:np] {
		p := at(u, pk.Tile, pk.Stance)
		c := s.Cover(p, mark)
		n := 0
		if !c.LoS {
			n = s.WatchCone(p, DirTo(p.Pos, toward), float64(tn.WatchConeDegrees), s.wielded(u).Range*tn.WatchRangeIncrements).Count()
		}
		better := !found || c.LoS && !bestSees || c.LoS && bestSees && c.Grade < bestGrade || !c.LoS && !bestSees && n > bestN
		if better {
			best, bestTile, found, bestSees, bestGrade, bestN = pk.Lean, pk.Tile, true, c.LoS, c.Grade, n
		}
	}
	return best, bestTile, found
}

// planCommand checks an Attack command fully and returns the attacker, its
// weapon and the plan the attack would roll, without changing anything.
// Apply and PreviewAttack both use it, so the preview is the roll.
func planCommand(s *State, c Attack) (*Unit, Weapon, *attackPlan, error) {
	a, err := actor(s, c.Unit)
	if err != nil {
		return nil, Weapon{}, nil, err
	}
	w := s.wielded(a)
	var plan *attackPlan
	if c.Obstacle != 0 {
		var behind *Unit
		if c.Target != 0 {
			if behind = s.Unit(c.Target); behind == nil {
				return nil, Weapon{}, nil, errorf(ErrUnknownUnit, "%d", c.Target)
			}
		}
		plan, err = planCoverAttack(s, a, s.Board.Obstacle(c.Obstacle), behind, w, attackOpts{})
		if err == nil && behind == nil {
			plan.t = unitBehind(s, a, plan.o)
		}
	} else {
		t := s.Unit(c.Target)
		if t == nil {
			return nil, Weapon{}, nil, errorf(ErrUnknownUnit, "%d", c.Target)
		}
		plan, err = planAttack(s, a, t, w, attackOpts{kind: KindAttack})
	}
	if err != nil {
		return nil, Weapon{}, nil, err
	}
	if err := needAP(a, w.AP, "attack with the "+w.Name); err != nil {
		return nil, Weapon{}, nil, err
	}
	return a, w, plan, nil
}

// needAP checks that u has ap action points for what.
func needAP(u *Unit, ap int, what string) error {
	if u.AP < ap {
		return errorf(ErrNoAP, "%s needs %d AP to %s, has %d", u.Name, ap, what, u.AP)
	}
	return nil
}
