package rules

// resolve rolls a planned attack and applies its outcome. The caller has
// already paid the AP and the ammunition.
func (p *attackPlan) resolve(s *State, rng *RNG) []Event {
	ev := Attacked{Attacker: p.a.ID, Kind: p.kind, Weapon: p.w.Name, Breakdown: p.bd,
		Chance: p.bd.HitChance(), CritChance: p.bd.CritChance(), Origin: p.view.Origin}
	if p.t != nil {
		ev.Target = p.t.ID
	}
	if p.o != nil {
		ev.Obstacle = p.o.ID
	} else if p.t != nil && !p.w.Melee {
		ev.Grade, ev.Flanked = p.view.Grade.String(), p.view.Flanked
	}
	ev.Roll = rng.D(20)
	hit := p.bd.Hits(ev.Roll)
	switch {
	case hit:
		ev.Outcome = OutcomeHit
		if p.bd.Crits(ev.Roll) {
			ev.Outcome = OutcomeCritical
		}
		for _, m := range p.bd.Mods {
			if m.Kind != ModMiss {
				continue
			}
			r := rng.D(100)
			ev.MissRolls = append(ev.MissRolls, r)
			if r <= m.Value {
				ev.Outcome = OutcomeBlind
				if m.Label != "Blind fire" {
					ev.Outcome = OutcomeEmpty
				}
				break
			}
		}
	case p.bd.HitsCover(ev.Roll) && p.view.By != nil && p.o == nil && !p.w.Melee:
		ev.Outcome = OutcomeCover
	case p.bd.HitsCover(ev.Roll) && p.view.ByUnit != nil && p.view.ByUnit.Alive() && p.o == nil && !p.w.Melee:
		ev.Outcome, ev.Intervening = OutcomeCover, p.view.ByUnit.ID
	default:
		ev.Outcome = OutcomeMiss
	}
	crit := ev.Outcome == OutcomeCritical
	switch {
	case ev.Outcome != OutcomeHit && ev.Outcome != OutcomeCritical && ev.Outcome != OutcomeCover:
		return []Event{ev}
	case p.o != nil:
		// Attacking cover directly (seed 004): the excess goes through.
		dmg, dice := rollDamage(p.w, crit, rng)
		through, evs := damageCover(s, p.o, dmg, rng)
		out := append([]Event{ev}, evs...)
		if p.t != nil && through > 0 {
			out = append(out, damageUnit(s, p.t, dice, dmg, dmg-through, through, "")...)
		}
		return out
	case ev.Outcome == OutcomeCover && ev.Intervening != 0:
		// Seed 002: the miss hits the intervening creature instead, with
		// no cover of its own from this shot.
		out := []Event{ev}
		hit, _ := hitUnit(s, p.view.ByUnit, coverView{}, p.w, false, nil, rng)
		return append(out, hit...)
	case ev.Outcome == OutcomeCover:
		// Seed 002: the miss hits the obstacle instead.
		dmg, _ := rollDamage(p.w, false, rng)
		_, evs := damageCover(s, p.view.By, dmg, rng)
		return append([]Event{ev}, evs...)
	}
	out, _ := hitUnit(s, p.t, p.view, p.w, crit, &ev, rng)
	return out
}

// hitUnit lands a hit on t: a hit location, the damage, and the cover's
// DE first when the limb is covered (seed 004 penetration, seed 000
// hardness). The attack event, if any, is filled in and placed first.
func hitUnit(s *State, t *Unit, v coverView, w Weapon, crit bool, ev *Attacked, rng *RNG) ([]Event, int) {
	loc := s.Rules().hitLocation(rng.D(20))
	covered := !w.Melee && v.By != nil && v.Limbs.Has(loc) && v.Grade >= CoverHalf
	var out []Event
	if ev != nil {
		ev.Location, ev.Covered = loc.String(), covered
		out = append(out, *ev)
	}
	dmg, dice := rollDamage(w, crit, rng)
	through := dmg
	if covered {
		var evs []Event
		through, evs = damageCover(s, v.By, dmg, rng)
		out = append(out, evs...)
	}
	out = append(out, damageUnit(s, t, dice, dmg, dmg-through, through, loc.String())...)
	return out, through
}

// rollDamage rolls a weapon's damage, multiplied on a critical hit.
func rollDamage(w Weapon, crit bool, rng *RNG) (int, []int) {
	dmg, dice := w.Damage.Roll(rng)
	if crit && w.Crit > 1 {
		dmg *= w.Crit
	}
	return dmg, dice
}

// CoverDamage is seed 004's penetration rule: damage up to DE does
// nothing; above it the excess goes through and wounds the section, once
// for each full DE of excess and at least once (Destroying Cover: above DE
// up to 2xDE is 1 wound; its example, 13 against DE 3, is 3).
func CoverDamage(damage, de int) (through, wounds int) {
	if damage <= de {
		return 0, 0
	}
	through = damage - de
	wounds = 1
	if de > 0 {
		wounds = max(through/de, 1)
	}
	return through, wounds
}

// damageCover applies damage to an obstacle: penetration, wounds, a d6
// per wound for destruction (a 6 destroys it, seed 004), and removal from
// the board. It returns the damage that goes through.
func damageCover(s *State, o *Obstacle, dmg int, rng *RNG) (int, []Event) {
	through, wounds := CoverDamage(dmg, o.DE)
	ev := CoverDamaged{Obstacle: o.ID, Damage: dmg, DE: o.DE, Penetrated: through, Wounds: wounds}
	if o.Destructible {
		o.Wounds += wounds
		s.Board.NoteObstacleChanged() // for the digests' trusted mode
		for i := 0; i < wounds; i++ {
			r := rng.D(6)
			ev.Rolls = append(ev.Rolls, r)
			if r == 6 {
				ev.Destroyed = true
			}
		}
	}
	out := []Event{ev}
	if ev.Destroyed {
		out = append(out, removeObstacle(s, o)...)
	}
	return through, out
}

// removeObstacle takes a destroyed obstacle off the board.
func removeObstacle(s *State, o *Obstacle) []Event {
	if !s.Board.RemoveObstacle(o.ID) {
		return nil
	}
	return []Event{ObstacleRemoved{Obstacle: o.ID}}
}

// damageUnit takes amount HP off t and reports it, and its death.
func damageUnit(s *State, t *Unit, dice []int, rolled, absorbed, amount int, limb string) []Event {
	if amount < 0 {
		amount = 0
	}
	t.HP -= amount
	if t.HP < 0 {
		t.HP = 0
	}
	out := []Event{Damaged{Unit: t.ID, Dice: dice, Rolled: rolled, Absorbed: absorbed, Amount: amount, Limb: limb, HP: t.HP}}
	if !t.Alive() {
		ended := endCovering(s, t, "fell")
		t.Status = Status{}
		t.AP = 0
		out = append(out, Killed{Unit: t.ID})
		out = append(out, ended...)
	}
	return out
}
