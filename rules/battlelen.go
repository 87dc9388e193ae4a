package rules

// LastTurn returns the last turn a battle from s can be played in: the
// earliest deadline of its objectives (eliminate, reach, extract or
// destroy by turn Turns, survive to the end of turn Turns), after which
// Verdict ends it. ok is false when no objective sets one (a hold or
// protect objective, or none): then nothing in the rules ends a battle
// where both sides keep a unit standing.
func (s *State) LastTurn() (last int, ok bool) {
	for _, o := range s.Objectives {
		switch o.Goal {
		case GoalEliminate, GoalReach, GoalExtract, GoalDestroy, GoalSurvive:
			if o.Turns > 0 && (!ok || o.Turns < last) {
				last, ok = o.Turns, true
			}
		}
	}
	return last, ok
}

// CommandBound returns the most commands a battle from s can hold before
// its deadline (LastTurn) ends it, and false when it has none. It counts,
// for each side and each of its turns up to the deadline, every command
// the rules let it give:
//   - one end of turn;
//   - per unit, MaxAP commands that cost action points (each costs at
//     least one, and a unit gets MaxAP a turn), plus two free ones: the
//     first change of stance with Fluid Movement, and a move that ends
//     before its first step is paid (halted by a failed pile-through, or
//     the mover falls): either ends the unit's moving for the turn;
//   - per enemy, a free move that runs into it unseen before its first
//     step (which reveals it), once, and once more after each of the
//     side's covering fires (a dive hides it again; a covering fire
//     takes all of a unit's AP, so a side lays at most one per unit);
//
// and, over the whole battle, one free drop per weapon carried (nothing
// picks one up). A battle where every unit of both sides has fallen is a
// draw (Verdict) and ends there, so the bound holds for it too.
func (s *State) CommandBound() (int, bool) {
	last, ok := s.LastTurn()
	if !ok {
		return 0, false
	}
	turns := max(0, last-s.Turn+1) // turns of each side before the deadline
	var units, ap [2]int
	drops := 0
	for _, u := range s.Units {
		if u.Side != SideBlue && u.Side != SideRed {
			continue
		}
		units[u.Side]++
		ap[u.Side] += max(u.MaxAP, 0)
		for _, c := range []Carried{u.Hand, u.OffHand, u.Holster} {
			if !c.Empty() {
				drops++
			}
		}
	}
	perRound := 0
	for side := range 2 {
		enemies := units[1-side]
		perRound += 1 + ap[side] + 2*units[side] + enemies*(1+units[side])
	}
	return turns*perRound + drops, true
}
