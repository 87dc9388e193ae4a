package rules

// moveSpeed is u's speed this turn: halved while aiming (seed 003) or
// suppressed (seed 003, Suppressive Fire) unless it broke out (Dashed).
func moveSpeed(u *Unit) int { return speedOf(u, false) }

// speedOf is moveSpeed for a move that dashes (dash) or not: a dash drops
// suppression's halving, not aiming's.
func speedOf(u *Unit, dash bool) int {
	sp := u.Speed
	if u.Status.Aiming || u.Status.Suppressed && !dash && !u.Status.Dashed {
		sp /= 2
	}
	if sp < 1 {
		sp = 1
	}
	return sp
}

// Move walks a unit along a shortest path to To, vaulting low cover on
// the way; with Pile it smashes through destructible cover instead. With
// Dash a suppressed unit moves at full speed and takes an attack of
// opportunity from its suppressor for it, once a turn (seed 003,
// Suppressive Fire).
type Move struct {
	Unit int
	To   Point
	Pile bool
	Dash bool
}

// CommandName returns "move".
func (Move) CommandName() string { return "move" }

func (c Move) spec() CommandSpec {
	return CommandSpec{Unit: c.Unit, To: specPt(c.To), Pile: c.Pile, Dash: c.Dash}
}

func (Move) parse(cs CommandSpec, _ *State) (Command, error) {
	to, err := specPoint(cs.To, "to")
	return Move{Unit: cs.Unit, To: to, Pile: cs.Pile, Dash: cs.Dash}, err
}

// apply walks a unit to c.To along the cheapest route, vaulting or
// (with c.Pile) piling through cover on the way. The route counts only the
// units the mover's side knows of (Knows, as Reach does): a hidden unit on
// it stops the move in front of it (walk).
func (c Move) apply(s *State, rng *RNG) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	if c.To == u.Pos {
		return nil, errorf(ErrUnreachable, "%s is already there", u.Name)
	}
	if u.AP <= 0 {
		return nil, errorf(ErrNoAP, "%s has no AP left", u.Name)
	}
	if u.Status.Halted {
		return nil, errorf(ErrBlockedPath, "%s failed to pile through cover and may move no further this turn", u.Name)
	}
	if c.Dash && !u.Status.Suppressed {
		return nil, errorf(ErrAlready, "%s is not suppressed: it already moves at full speed", u.Name)
	}
	sp := speedOf(u, c.Dash)
	r := s.knownRouteTo(u, u.AP*sp*stepOrth, c.Pile, c.To)
	if !r.reachable(c.To) {
		return nil, errorf(ErrUnreachable, "%s cannot reach (%d,%d) with %d AP", u.Name, c.To.X, c.To.Y, u.AP)
	}
	var out []Event
	if c.Dash && !u.Status.Dashed {
		out = breakOut(s, u, rng)
		if !u.Alive() {
			return out, nil
		}
	}
	return append(out, walk(s, u, r.steps(c.To), sp, true, rng)...), nil
}

// breakOut is a suppressed unit's choice to move at full speed (seed 003,
// Suppressive Fire: "they can only move half their normal speed or take
// an attack of opportunity from the suppressing creature if there is
// enough ammo to do so"). Its suppressor attacks it once before it moves
// (breakOutPlan); either way it runs at full speed for the rest of the
// turn.
func breakOut(s *State, u *Unit, rng *RNG) []Event {
	u.Status.Dashed = true
	ev := BrokeOut{Unit: u.ID, By: u.Status.SuppressedBy}
	p, reason := breakOutPlan(s, u)
	if p == nil {
		ev.Reason = reason
		return []Event{ev}
	}
	ev.Shot = true
	p.a.Hand.Ammo--
	return append([]Event{ev}, p.resolve(s, rng)...)
}

// breakOutPlan is the attack of opportunity u's suppressor makes when u
// breaks out: nil, with the reason, when the suppressor is down, has no
// round in a ranged weapon, or has no shot at u without peeking.
func breakOutPlan(s *State, u *Unit) (*attackPlan, string) {
	by := s.Unit(u.Status.SuppressedBy)
	if by == nil || !by.Alive() || by.Side == u.Side {
		return nil, "its suppressor is down"
	}
	w := s.wielded(by)
	if w.Melee || by.Hand.Ammo < 1 {
		return nil, "its suppressor is out of rounds"
	}
	p, err := planAttack(s, by, u, w, attackOpts{kind: KindOpportunity})
	if err != nil || p.view.Peek != LeanNone {
		return nil, "its suppressor has no shot"
	}
	return p, ""
}

// BreakOutShot returns what the attack of opportunity that a Move with
// Dash draws would roll now, changing nothing (the hit panel's and the
// path's figure). ok is false when no attack would come: the unit is not
// suppressed or already broke out this turn (reason empty), or its
// suppressor cannot fire (reason says why).
func (s *State) BreakOutShot(unitID int) (pv AttackPreview, reason string, ok bool) {
	u := s.Unit(unitID)
	if u == nil || !u.Status.Suppressed || u.Status.Dashed {
		return AttackPreview{}, "", false
	}
	p, reason := breakOutPlan(s, u)
	if p == nil {
		return AttackPreview{}, reason, false
	}
	return previewOf(p.w, p), "", true
}

// walk moves u step by step. Enemies whose reach u leaves strike first;
// overwatch and covering fire zones fire when u enters a tile in their
// cone; a failed pile-through halts the move (and may fell a running
// unit); a unit in the way of the next step (one the mover's side did not
// know of when it planned the route) halts it on the last free tile, in
// contact, with MoveInterrupted, and is revealed to u's side. Moves are
// reported in segments between reactions, and u pays only for the tiles
// it walked.
func walk(s *State, u *Unit, steps []routeStep, speed int, pay bool, rng *RNG) []Event {
	var out []Event
	beginMove(s, u)
	run := running(steps, speed)
	u.Status.TakingCover, u.Status.Revealed = false, false
	if u.Status.Lean != LeanNone {
		u.Status.Lean = LeanNone
		out = append(out, PeekEnded{Unit: u.ID})
	}
	segFrom, cost, spent := u.Pos, 0, 0
	var seg []Point
	flush := func() {
		if len(seg) == 0 {
			return
		}
		ap := 0
		if pay {
			ap = MoveAP(cost, speed) - spent
			spent += ap
			u.AP = max(0, u.AP-ap)
		}
		out = append(out, Moved{Unit: u.ID, From: segFrom, Path: seg, AP: ap})
		seg, segFrom = nil, u.Pos
	}
walking:
	for i, st := range steps {
		if o := inTheWay(s, u, st.To); o != nil {
			flush()
			o.Status.Revealed = true
			out = append(out, MoveInterrupted{Unit: u.ID, By: o.ID, At: u.Pos})
			break
		}
		dest := *u
		dest.Pos = st.To
		leaving := func(e *Unit) bool {
			gx, gy := oracleGap(e, &dest)
			return gx != 0 || gy != 0
		}
		if oa := opportunityReact(s, u, leaving, rng); len(oa) > 0 {
			flush()
			out = append(out, oa...)
			if !u.Alive() {
				break
			}
		}
		if len(st.Over) > 0 {
			flush()
			for _, o := range st.Over {
				if !st.Pile {
					out = append(out, Vaulted{Unit: u.ID, Obstacle: o.ID, Extra: st.Extra})
					continue
				}
				roll := rng.D(6)
				ok := roll+u.Stats.ST > o.DE
				out = append(out, PiledThrough{Unit: u.ID, Obstacle: o.ID, Roll: roll, ST: u.Stats.ST, DE: o.DE, Success: ok})
				if !ok {
					u.Status.Halted = true
					if run {
						out = append(out, stumble(s, u, rng)...)
					}
					out = append(out, Interrupted{Unit: u.ID, Reason: "failed to pile through"})
					break walking
				}
				out = append(out, removeObstacle(s, o)...)
			}
		}
		if i > 0 {
			notePath(u, coverValue(s, u))
		}
		u.Facing = DirTo(u.Pos, st.To)
		u.Pos = st.To
		seg = append(seg, st.To)
		cost = st.Cost
		if w := moveReact(s, u, rng); len(w) > 0 {
			flush()
			out = append(out, w...)
			if !u.Alive() {
				break
			}
		}
	}
	flush()
	return out
}

// inTheWay returns the living unit, other than u, standing where u's step
// from its position to to would take it: in u's space at to, beside a
// diagonal step (a step may not cut a unit's corner), or in the band of a
// vault; nil when the way is clear.
func inTheWay(s *State, u *Unit, to Point) *Unit {
	d := Point{X: to.X - u.Pos.X, Y: to.Y - u.Pos.Y}
	step := Point{X: sign(d.X), Y: sign(d.Y)}
	var spaces []Point
	if step.X != 0 && step.Y != 0 {
		spaces = append(spaces, Point{X: u.Pos.X + step.X, Y: u.Pos.Y}, Point{X: u.Pos.X, Y: u.Pos.Y + step.Y})
	}
	for k := 1; k <= max(abs(d.X), abs(d.Y)); k++ {
		spaces = append(spaces, Point{X: u.Pos.X + k*step.X, Y: u.Pos.Y + k*step.Y})
	}
	for _, p := range spaces {
		for dy := 0; dy < u.Size; dy++ {
			for dx := 0; dx < u.Size; dx++ {
				if o := s.UnitAt(Point{X: p.X + dx, Y: p.Y + dy}); o != nil && o != u {
					return o
				}
			}
		}
	}
	return nil
}

// running reports whether a move is a run (seed 004's "running or
// sprinting"): Sightline has no run action, so a move whose route costs
// more than one AP of movement at this speed counts as running.
func running(steps []routeStep, speed int) bool {
	return len(steps) > 0 && MoveAP(steps[len(steps)-1].Cost, speed) > 1
}

// stumble is a running unit's fall after failing to pile through cover
// (seed 004): a Reflex save (d20 + Reflex >= the Reflex DC) or it falls
// prone; a foot unit that falls is also stunned and loses the AP it has
// left this turn. Mechs (units larger than one tile) only fall prone.
func stumble(s *State, u *Unit, rng *RNG) []Event {
	save := reflexSave(s, nil, u, rng)
	out := []Event{save}
	if save.Success {
		return out
	}
	u.Stance = Prone
	ev := Fell{Unit: u.ID}
	if u.Size < 2 {
		ev.Stunned, ev.APLost = true, u.AP
		u.AP = 0
	}
	return append(out, ev)
}
