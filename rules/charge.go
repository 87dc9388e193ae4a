package rules

import "math"

// Charge runs straight at Target with all AP, up to twice the unit's
// speed, and strikes it in melee (seed 003).
type Charge struct {
	Unit   int
	Target int
}

// CommandName returns "charge".
func (Charge) CommandName() string { return "charge" }

func (c Charge) spec() CommandSpec { return CommandSpec{Unit: c.Unit, Target: c.Target} }

func (Charge) parse(cs CommandSpec, s *State) (Command, error) {
	return Charge{Unit: cs.Unit, Target: cs.Target}, specUnit(s, cs.Target, "target")
}

// apply (a full-round action: the unit has done nothing yet this turn)
// runs straight at an enemy in sight, up to twice the unit's
// speed, over a clear path (no walls, cover, rough ground or units), then
// strikes in melee at +2; the charger is at -2 defence until its next
// turn (seed 003). It takes all the unit's AP.
func (c Charge) apply(s *State, rng *RNG) ([]Event, error) {
	u, t, steps, err := checkCharge(s, c)
	if err != nil {
		return nil, err
	}
	u.AP = 0
	out := walk(s, u, steps, u.Speed, false, rng)
	if !u.Alive() || !t.Alive() {
		return out, nil
	}
	u.Status.Charged = true
	p, err := planAttack(s, u, t, s.meleeWeapon(u), attackOpts{kind: KindCharge})
	if err != nil {
		return append(out, Interrupted{Unit: u.ID, Reason: err.Error()}), nil
	}
	return append(out, p.resolve(s, rng)...), nil
}

// checkCharge checks charge c like Apply and returns the charger, its
// target and the straight run to the space next to it.
func checkCharge(s *State, c Charge) (*Unit, *Unit, []routeStep, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, nil, nil, err
	}
	t := s.Unit(c.Target)
	if t == nil {
		return nil, nil, nil, errorf(ErrUnknownUnit, "%d", c.Target)
	}
	if !t.Alive() || t.Side == u.Side {
		return nil, nil, nil, errorf(ErrBadTarget, "charge a living enemy")
	}
	if gx, gy := oracleGap(u, t); gx == 0 && gy == 0 {
		return nil, nil, nil, errorf(ErrBadTarget, "%s is already next to %s; attack instead", u.Name, t.Name)
	}
	if u.AP < u.MaxAP || u.Status.Moved || u.Status.ChangedStance {
		return nil, nil, nil, errorf(ErrNoAP, "a charge is a full-round action: %s has already acted this turn", u.Name)
	}
	if !oracleLoS(s, u, t) {
		return nil, nil, nil, errorf(ErrNoLoS, "%s cannot see %s", u.Name, t.Name)
	}
	end, ok, free := chargeEnd(s, u, t)
	if !ok {
		return nil, nil, nil, errorf(ErrUnreachable, "no space next to %s", t.Name)
	}
	if !free {
		return nil, nil, nil, errorf(ErrBlockedPath, "the closest space next to %s, (%d,%d), is occupied or blocked", t.Name, end.X, end.Y)
	}
	ts := float64(s.Board.TileSize)
	if d := spaceMid(s.Board, end, u.Size).Sub(spaceMid(s.Board, u.Pos, u.Size)).Len() / ts; d > float64(2*u.Speed)+1e-9 {
		return nil, nil, nil, errorf(ErrUnreachable, "%s is %.1f tiles away, a charge covers %d", t.Name, d, 2*u.Speed)
	}
	steps, ok := chargeLine(s, u, end)
	if !ok {
		return nil, nil, nil, errorf(ErrBlockedPath, "the straight line from %s to %s is not clear", u.Name, t.Name)
	}
	if err := needAP(u, 2, "charge"); err != nil {
		return nil, nil, nil, err
	}
	return u, t, steps, nil
}

// chargeEnd is the closest space next to t, on the board, from where u
// could strike it (seed 003: "you must move to the closest space from
// which you can attack the opponent"). Among equally close spaces the
// first free one in row order wins. ok is false when no space is next to
// t at all; free is false when the closest space (every one of the
// equally close ones) is occupied or blocked: "If this space is occupied
// or otherwise blocked, you can't Charge".
func chargeEnd(s *State, u, t *Unit) (end Point, ok, free bool) {
	bestD := 0.0
	from := spaceMid(s.Board, u.Pos, u.Size)
	for y := t.Pos.Y - u.Size; y <= t.Pos.Y+t.Size; y++ {
		for x := t.Pos.X - u.Size; x <= t.Pos.X+t.Size; x++ {
			p := Point{X: x, Y: y}
			if !s.Board.InBounds(p) || !s.Board.InBounds(Point{X: x + u.Size - 1, Y: y + u.Size - 1}) {
				continue
			}
			probe := *u
			probe.Pos = p
			if gx, gy := oracleGap(&probe, t); gx != 0 || gy != 0 || overlaps(&probe, t) {
				continue
			}
			d := spaceMid(s.Board, p, u.Size).Sub(from).Len()
			stand := p == u.Pos || s.CanStand(u, p)
			switch {
			case !ok || d < bestD-1e-9:
				end, bestD, ok, free = p, d, true, stand
			case d <= bestD+1e-9 && !free && stand:
				end, free = p, true
			}
		}
	}
	return end, ok, free
}

// chargeLine returns the tiles along the straight line from u to end as
// steps, or false when a tile on it blocks or slows movement or holds a
// unit.
func chargeLine(s *State, u *Unit, end Point) ([]routeStep, bool) {
	dx, dy := float64(end.X-u.Pos.X), float64(end.Y-u.Pos.Y)
	n := int(math.Ceil(math.Max(math.Abs(dx), math.Abs(dy)) * 4))
	var steps []routeStep
	last := u.Pos
	cost := 0
	for i := 1; i <= n; i++ {
		f := float64(i) / float64(n)
		p := Point{X: u.Pos.X + int(math.Round(dx*f)), Y: u.Pos.Y + int(math.Round(dy*f))}
		if p == last {
			continue
		}
		if !s.CanStand(u, p) || s.enterCost(u, p) > 1 {
			return nil, false
		}
		if p.X != last.X && p.Y != last.Y {
			if !s.CanStand(u, Point{X: p.X, Y: last.Y}) || !s.CanStand(u, Point{X: last.X, Y: p.Y}) {
				return nil, false
			}
			cost += stepDiag
		} else {
			cost += stepOrth
		}
		steps = append(steps, routeStep{To: p, Cost: cost})
		last = p
	}
	return steps, last == end
}
