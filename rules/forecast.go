package rules

// Roll is one attack a firing command would roll, as the hit panel shows
// it: the target (0 for an area or a piece of cover), how many times the
// command rolls it at most, and the very plan Apply rolls.
type Roll struct {
	Target int
	Times  int
	// From is where the attacker strikes from: where it stands, or for a
	// charge the space it runs to.
	From Point
	AttackPreview
	// Caught are the units a suppressive fire hit would suppress: those in
	// the area the shooter has line of effect to.
	Caught []int
}

// PreviewFire checks a firing command (Attack, CoveringFire,
// SuppressiveFire, BlindFire or Charge) like Apply does and, when it is
// legal, returns the attacks it would roll, changing nothing:
//   - Attack: the attack;
//   - CoveringFire: each enemy now in the cone, once per attack action
//     (an enemy that dives out after the first escapes the rest);
//   - SuppressiveFire: the roll against the area, with the units caught;
//   - BlindFire: the shot, unspotted (a passed Spot check halves its
//     empty-tile misses);
//   - Charge: the strike from the space it runs to, before any reaction
//     to the run.
//
// The computer opponent weighs these, so it reads the numbers it rolls.
func (s *State) PreviewFire(c Command) ([]Roll, error) {
	if f, ok := c.(firing); ok {
		return f.forecast(s)
	}
	return nil, errorf(ErrUnknownCmd, "%s does not fire", c.CommandName())
}

// firing is a command that rolls attacks: its forecast is PreviewFire's
// answer for it.
type firing interface {
	Command
	forecast(s *State) ([]Roll, error)
}

func (c Attack) forecast(s *State) ([]Roll, error) {
	p, err := s.PreviewAttack(c)
	if err != nil {
		return nil, err
	}
	return []Roll{{Target: c.Target, Times: 1, From: s.Unit(c.Unit).Pos, AttackPreview: p}}, nil
}

func (c CoveringFire) forecast(s *State) ([]Roll, error) {
	u, w, err := checkCovering(s, c)
	if err != nil {
		return nil, err
	}
	times := min(u.AP/w.AP, u.Hand.Ammo/max(w.Burst, 1))
	dir := DirTo(u.Pos, c.At)
	var out []Roll
	for _, t := range s.Units {
		if !inCoverZone(s, u, dir, t) {
			continue
		}
		p, err := planAttack(s, u, t, w, attackOpts{kind: KindCovering})
		if err != nil || p.view.Peek != LeanNone {
			continue
		}
		out = append(out, Roll{Target: t.ID, Times: times, From: u.Pos, AttackPreview: previewOf(w, p)})
	}
	return out, nil
}

func (c SuppressiveFire) forecast(s *State) ([]Roll, error) {
	u, w, area, v, err := checkSuppressSeen(s, c)
	if err != nil {
		return nil, err
	}
	r := Roll{Times: 1, From: u.Pos, AttackPreview: previewOf(w, suppressPlanSeen(s, u, w, v))}
	r.AP = s.Rules().Tuning.SuppressAP
	for _, t := range s.Units {
		if t.Alive() && t != u && overlaps(t, area) && oracleCover(s, u, t).LoE {
			r.Caught = append(r.Caught, t.ID)
		}
	}
	return []Roll{r}, nil
}

func (c BlindFire) forecast(s *State) ([]Roll, error) {
	u, t, w, cost, err := checkBlind(s, c)
	if err != nil {
		return nil, err
	}
	p, err := planAttack(s, u, t, w, attackOpts{kind: KindBlind, blind: true})
	if err != nil {
		return nil, err
	}
	r := Roll{Target: t.ID, Times: 1, From: u.Pos, AttackPreview: previewOf(w, p)}
	r.AP = cost
	return []Roll{r}, nil
}

func (c Charge) forecast(s *State) ([]Roll, error) {
	u, t, steps, err := checkCharge(s, c)
	if err != nil {
		return nil, err
	}
	a := *u
	last := steps[len(steps)-1].To
	if len(steps) > 1 {
		a.Facing = DirTo(steps[len(steps)-2].To, last)
	} else {
		a.Facing = DirTo(u.Pos, last)
	}
	a.Pos, a.Status.Charged, a.Status.Lean, a.Status.TakingCover = last, true, LeanNone, false
	w := s.meleeWeapon(&a)
	p, err := planAttack(s, &a, t, w, attackOpts{kind: KindCharge})
	if err != nil {
		return nil, err
	}
	r := Roll{Target: t.ID, Times: 1, From: last, AttackPreview: previewOf(w, p)}
	r.AP = u.AP
	return []Roll{r}, nil
}
