package rules

import "sightline/rules/sight"

// canDive reports whether target, in cover yet open to attacker, could
// dive out of the attack (seed 004, Flanking: "When a unit is in cover and
// is being attacked from a direction where they cannot dive into cover or
// dive to prone out of line-of-sight of an attack they are flanked"; "A
// unit can dive over low cover or around a corner and if they can do this
// they are not considered flanked"). It tries the target prone where it
// is and prone on every tile a dive reaches (diveReach: the reach the
// covering fire dive uses, so one reach decides both); a spot counts when
// the attacker would not see it there or it would have at least Half
// cover. Units in the way do not count: "that unit can be moved enough to
// make room". x is the caller's query and others the bodies that may give
// cover.
func (s *State) canDive(x *sight.Query, attacker, target body, others []body) bool {
	try := func(p Point) bool {
		t := target
		t.Pos, t.Stance = p, Prone
		c := x.Cover(attacker, t, others, sight.LoSUnknown)
		return !c.LoS || c.Grade >= CoverHalf
	}
	if try(target.Pos) {
		return true
	}
	u := s.Unit(target.ID)
	if u == nil {
		return false
	}
	probe := *u
	probe.Pos, probe.Size, probe.Stance = target.Pos, max(target.Size, 1), target.Stance
	for _, p := range s.diveReach(&probe).Tiles() {
		if p != target.Pos && try(p) {
			return true
		}
	}
	return false
}

// diveReach is where u can dive: within half its speed (at least one
// tile), vaulting cover as a move does, with no unit in the way (seed 003,
// Covering Fire: "dive ... within half their speed"; seed 004: a unit in
// the way "can be moved enough to make room").
func (s *State) diveReach(u *Unit) *Reach {
	return s.reach(u, max(1, u.Speed/2)*stepOrth, make([]bool, len(s.Units)))
}
