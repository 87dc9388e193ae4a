package ai

import (
	"sightline/match"
	"sightline/rules"
)

// winWorth is what winning the battle is worth, in the profile's Kill
// weights: more than any turn of shooting, so a command that wins now is
// always taken.
const winWorth = 12

// winsAt reports whether unit u standing on p, the rest of its side where
// it stands, wins the battle for its side now or as its turn ends, where
// it would not without u there: it stands in a zone to reach, or is the
// last to stand in the zone to extract from, or its standing in a hold
// zone completes the hold (by the side's belief s of where the enemy is).
func winsAt(s *rules.State, v *match.View, u *rules.Unit, p rules.Point) bool {
	for i, o := range v.Objectives {
		if o.Side != v.Side || (o.Turns > 0 && v.Turn > o.Turns && o.Goal != rules.GoalHold) || !o.Zone.Contains(p) {
			continue
		}
		switch o.Goal {
		case rules.GoalReach:
			return true
		case rules.GoalExtract:
			if allIn(s, u, o.Zone) {
				return true
			}
		case rules.GoalHold:
			held := 0
			if i < len(v.Progress) {
				held = v.Progress[i]
			}
			if held+1 >= o.Turns && !holds(s, u, o.Zone, false) && holds(s, u, o.Zone, true) {
				return true
			}
		}
	}
	return false
}

// allIn reports whether every living unit of u's side but u stands in z.
func allIn(s *rules.State, u *rules.Unit, z rules.Rect) bool {
	for _, f := range s.Units {
		if f.Side == u.Side && f.ID != u.ID && f.Alive() && !z.Contains(f.Pos) {
			return false
		}
	}
	return true
}

// holds reports whether u's side holds zone z, with u in it (in) or out
// of it: a unit of the side in z and no enemy believed there.
func holds(s *rules.State, u *rules.Unit, z rules.Rect, in bool) bool {
	ours := in
	for _, f := range s.Units {
		if !f.Alive() || f.ID == u.ID || !z.Contains(f.Pos) {
			continue
		}
		if f.Side != u.Side {
			return false
		}
		ours = true
	}
	return ours
}

// lastEnemy reports whether t is the last enemy of v's side standing, as
// far as the side knows: every other enemy it has known of is down, and
// it knows of no enemy beyond those.
func lastEnemy(s *rules.State, v *match.View, t int) bool {
	for _, e := range s.Units {
		if e.Side == v.Side || e.ID == t {
			continue
		}
		if e.Alive() {
			return false
		}
		if v.Unit(e.ID) == nil && !fallen(v, e.ID) {
			return false // never seen, or not for long: it may stand
		}
	}
	return true
}

// fallen reports whether v's side saw enemy id fall.
func fallen(v *match.View, id int) bool {
	for _, c := range v.Contacts {
		if c.Unit == id {
			return !c.Alive
		}
	}
	return false
}

// urgency returns how the objectives' clocks scale the unit's risk and
// its pull toward the objective zone (1 and 1 without a clock): a side
// that must survive N more turns weighs its risk by 1+1/N, one whose
// enemy must survive them by N/(N+1) (time runs against it); a hold,
// either side's, pulls harder the longer it has been held (1+held/turns).
func urgency(v *match.View) (risk, zone float64) {
	risk, zone = 1, 1
	for i, o := range v.Objectives {
		switch o.Goal {
		case rules.GoalSurvive:
			left := float64(max(o.Turns-v.Turn+1, 1))
			if o.Side == v.Side {
				risk *= 1 + 1/left
			} else {
				risk *= left / (left + 1)
			}
		case rules.GoalHold:
			if i < len(v.Progress) && o.Turns > 0 {
				zone = max(zone, 1+float64(v.Progress[i])/float64(o.Turns))
			}
		}
	}
	return risk, zone
}
