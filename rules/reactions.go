package rules

// watchReact fires every overwatch that sees u in its cone (seeds 003 and
// 000: the first enemy that moves or acts, peeks included), in unit order,
// before u's action resolves. It stops when u falls.
func watchReact(s *State, u *Unit, rng *RNG) []Event {
	return react(s, u, false, rng)
}

// moveReact is the reaction to u stepping onto a tile: every overwatch and
// every covering fire zone (seed 003) that has u in its cone fires, in
// unit ID order (a unit never holds both), until u falls.
func moveReact(s *State, u *Unit, rng *RNG) []Event {
	return react(s, u, true, rng)
}

// react runs the overwatch shots, and while moving the covering fire zone
// shots, at u in unit ID order.
func react(s *State, u *Unit, moving bool, rng *RNG) []Event {
	var out []Event
	for _, w := range s.Units {
		if !u.Alive() {
			break
		}
		if !w.Alive() || w.Side == u.Side {
			continue
		}
		if w.Status.Overwatch {
			out = append(out, watchShot(s, w, u, rng)...)
		}
		if moving && w.Status.Covering {
			out = append(out, coverZoneShot(s, w, u, rng)...)
		}
	}
	return out
}

// watchShot is w's overwatch shot at u, if u is in its cone.
func watchShot(s *State, w, u *Unit, rng *RNG) []Event {
	tn := s.Rules().Tuning
	wp := s.wielded(w)
	if wp.Melee || !oracleWatch(s, w, w.Status.WatchDir, float64(tn.WatchConeDegrees), wp.Range*tn.WatchRangeIncrements, u) {
		return nil
	}
	p, err := planAttack(s, w, u, wp, attackOpts{kind: KindOverwatch, threat: w.Status.WatchThreat})
	if err != nil || p.view.Peek != LeanNone {
		return nil
	}
	w.Hand.Ammo--
	out := p.resolve(s, rng)
	return append(out, endOverwatch(w, "fired")...)
}

// endOverwatch stops a unit's overwatch and the peek it held for it.
func endOverwatch(w *Unit, reason string) []Event {
	if !w.Status.Overwatch {
		return nil
	}
	w.Status.Overwatch, w.Status.WatchThreat = false, 0
	out := []Event{OverwatchEnded{Unit: w.ID, Reason: reason}}
	if w.Status.Lean != LeanNone {
		w.Status.Lean = LeanNone
		out = append(out, PeekEnded{Unit: w.ID})
	}
	return out
}

// opportunityReact lets every enemy in reach of u strike it once this
// turn (seed 000: peeking next to an enemy; leaving an enemy's reach).
// only, when non-nil, limits it to enemies that only reports true.
func opportunityReact(s *State, u *Unit, only func(e *Unit) bool, rng *RNG) []Event {
	var out []Event
	for _, e := range s.Units {
		if !u.Alive() {
			break
		}
		if !e.Alive() || e.Side == u.Side || e.Status.Reacted {
			continue
		}
		if gx, gy := oracleGap(e, u); gx != 0 || gy != 0 {
			continue
		}
		if only != nil && !only(e) {
			continue
		}
		w := s.wielded(e)
		if !w.Melee && e.Hand.Ammo < 1 {
			w = s.meleeWeapon(e)
			if !w.Melee {
				continue
			}
		}
		p, err := planAttack(s, e, u, w, attackOpts{kind: KindOpportunity})
		if err != nil || p.view.Peek != LeanNone {
			continue
		}
		e.Status.Reacted = true
		if !w.Melee {
			e.Hand.Ammo--
		}
		out = append(out, p.resolve(s, rng)...)
	}
	return out
}

// acting runs the reactions to u acting and reports whether it can go on.
func acting(s *State, u *Unit, rng *RNG) ([]Event, bool) {
	ev := watchReact(s, u, rng)
	if !u.Alive() {
		return ev, false
	}
	return ev, true
}
