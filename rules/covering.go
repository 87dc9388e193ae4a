package rules

// zoneHit counts the covering-fire attacks Shooter's zone made at Target
// (seed 003: at most once per target per attack action).
type zoneHit struct {
	Shooter, Target, N int
}

// zoneTally returns how many times shooter's covering fire attacked t.
func (s *State) zoneTally(shooter, t int) int {
	for _, h := range s.zoneHits {
		if h.Shooter == shooter && h.Target == t {
			return h.N
		}
	}
	return 0
}

// noteZoneHit counts one more covering-fire attack by shooter at t.
func (s *State) noteZoneHit(shooter, t int) {
	for i := range s.zoneHits {
		if h := &s.zoneHits[i]; h.Shooter == shooter && h.Target == t {
			h.N++
			return
		}
	}
	s.zoneHits = append(s.zoneHits, zoneHit{Shooter: shooter, Target: t, N: 1})
}

// clearZoneHits forgets the tallies of shooter's covering fire.
func (s *State) clearZoneHits(shooter int) {
	var keep []zoneHit
	for _, h := range s.zoneHits {
		if h.Shooter != shooter {
			keep = append(keep, h)
		}
	}
	s.zoneHits = keep
}

// inCoverZone reports whether enemy t is in w's covering-fire cone toward
// dir: the watch cone's angle, as long as the weapon's range increment,
// where w can see t.
func inCoverZone(s *State, w *Unit, dir Dir, t *Unit) bool {
	wp := s.wielded(w)
	if wp.Melee || !t.Alive() || t.Side == w.Side {
		return false
	}
	return oracleWatch(s, w, dir, float64(s.Rules().Tuning.WatchConeDegrees), wp.Range, t)
}

// coverZoneShot is w's covering fire zone reacting to enemy u moving in
// it (seed 003: "enemies ... that move inside the area, can be attacked
// by this action"): one attack unless w's attack actions have each hit u
// already. Movers get no Reflex save to dive.
func coverZoneShot(s *State, w, u *Unit, rng *RNG) []Event {
	if !w.Status.Covering || s.zoneTally(w.ID, u.ID) >= w.Status.CoverActions || !inCoverZone(s, w, w.Status.CoverDir, u) {
		return nil
	}
	p, err := planAttack(s, w, u, s.wielded(w), attackOpts{kind: KindCovering})
	if err != nil || p.view.Peek != LeanNone {
		return nil
	}
	s.noteZoneHit(w.ID, u.ID)
	return p.resolve(s, rng)
}

// endCovering ends w's covering fire zone, if any, and reports why.
func endCovering(s *State, w *Unit, reason string) []Event {
	if !w.Status.Covering {
		return nil
	}
	w.Status.Covering, w.Status.CoverActions = false, 0
	s.clearZoneHits(w.ID)
	return []Event{CoveringZoneEnded{Unit: w.ID, Reason: reason}}
}
