package rules

import (
	"testing"
)

// attackUntil applies an attack with seeds 1..n on fresh battles until
// pick accepts the events; it returns them with their battle.
func attackUntil(t *testing.T, m string, setup func(s *State), cmd Command, pick func(s *State, ev []Event) bool) (*State, []Event) {
	t.Helper()
	for seed := uint64(1); seed < 500; seed++ {
		s := battle(t, m, "")
		if setup != nil {
			setup(s)
		}
		ev := mustApply(t, s, cmd, NewRNG(seed))
		if pick(s, ev) {
			return s, ev
		}
	}
	t.Fatalf("no seed gave the wanted outcome")
	return nil, nil
}

func TestAttackCoverBonus(t *testing.T) {
	tests := []struct {
		name  string
		m     string
		grade string
		bonus int
		src   string
	}{
		{"open field: exposed", `
..........
B......R..
..........`, "exposed", -2, srcExposed},
		{"low cover: half", `
..........
B.....lR..
..........`, "half", 2, "seed 004, Low cover"},
		{"high cover: three-quarter", `
..........
B.....hR..
..........`, "three-quarter", 3, "seed 004, High cover"},
		{"arrow slit: improved", `
..........
B.....aR..
..........`, "improved", 4, srcImproved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			ev := mustApply(t, s, Attack{Unit: 1, Target: 2}, NewRNG(1))
			at := eventsOf[Attacked](ev)
			if len(at) != 1 {
				t.Fatalf("have %d attacks", len(at))
			}
			a := at[0]
			if a.Grade != tt.grade {
				t.Errorf("grade have %s, want %s", a.Grade, tt.grade)
			}
			found := false
			for _, m := range a.Breakdown.Mods {
				if m.Kind == ModDefence && m.Value == tt.bonus && m.Source == tt.src {
					found = true
				}
			}
			if !found {
				t.Errorf("breakdown %+v lacks a %+d entry from %q", a.Breakdown.Mods, tt.bonus, tt.src)
			}
			if a.Chance != a.Breakdown.HitChance() {
				t.Errorf("shown chance %v is not the breakdown's %v", a.Chance, a.Breakdown.HitChance())
			}
			if hit := a.Outcome == OutcomeHit || a.Outcome == OutcomeCritical; hit != a.Breakdown.Hits(a.Roll) {
				t.Errorf("roll %d outcome %s disagrees with the breakdown", a.Roll, a.Outcome)
			}
			if s.Unit(1).AP != 2 || s.Unit(1).Hand.Ammo != s.Unit(1).Hand.Weapon.Magazine-1 {
				t.Errorf("attacker have AP %d ammo %d, want 2 AP and one round spent", s.Unit(1).AP, s.Unit(1).Hand.Ammo)
			}
		})
	}
}

// Seed 004, Attacking Cover: "Attacker B rolls 9 damage. That's greater
// than the DE of the cover, which is therefore penetrated with 6 damage."
func TestSeed004FenceExample(t *testing.T) {
	m := `
..........
B.....lR..
..........`
	setup := func(s *State) {
		fixedDamage(s.Unit(1), 9)
		s.Unit(1).Stats.Attack = 30 // the roll to hit succeeds
	}
	fence := Point{X: 6, Y: 1}
	s, ev := attackUntil(t, m, setup, Attack{Unit: 1, Obstacle: 1, Target: 2}, func(*State, []Event) bool { return true })
	a := eventsOf[Attacked](ev)[0]
	for _, md := range a.Breakdown.Mods {
		if md.Kind == ModDefence && md.Value > 0 && md.Label != "Base" {
			t.Errorf("attacking cover has a defence entry %+v; seed 004: no penalty", md)
		}
	}
	hits := eventsOf[CoverDamaged](ev)
	if len(hits) != 1 || hits[0].DE != 3 || hits[0].Penetrated != 6 || hits[0].Wounds != 2 {
		t.Fatalf("cover hit have %+v, want 9 vs DE 3: 6 through, 2 wounds", hits)
	}
	dmg := eventsOf[Damaged](ev)
	if len(dmg) != 1 || dmg[0].Unit != 2 || dmg[0].Amount != 6 {
		t.Fatalf("damage have %+v, want 6 to unit 2", dmg)
	}
	if s.Unit(2).HP != s.Unit(2).MaxHP-6 {
		t.Errorf("HP have %d, want %d", s.Unit(2).HP, s.Unit(2).MaxHP-6)
	}
	_ = fence
}

// Seed 004, Destroying Cover: "A fence with DE 3 is hit with 13 damage.
// That's 10 damage that penetrates and therefore three wounds to the
// fence. 3D6 are rolled, and any result of 6 ... destroyed."
func TestSeed004DestructionExample(t *testing.T) {
	if th, w := CoverDamage(13, 3); th != 10 || w != 3 {
		t.Fatalf("CoverDamage(13, 3) have %d through %d wounds, want 10 and 3", th, w)
	}
	m := `
..........
B.....lR..
..........`
	setup := func(s *State) {
		fixedDamage(s.Unit(1), 13)
		s.Unit(1).Stats.Attack = 30
	}
	for _, destroyed := range []bool{true, false} {
		s, ev := attackUntil(t, m, setup, Attack{Unit: 1, Obstacle: 1}, func(s *State, ev []Event) bool {
			h := eventsOf[CoverDamaged](ev)
			return len(h) == 1 && h[0].Destroyed == destroyed
		})
		h := eventsOf[CoverDamaged](ev)[0]
		six := false
		for _, r := range h.Rolls {
			six = six || r == 6
		}
		if h.Wounds != 3 || len(h.Rolls) != 3 || six != destroyed {
			t.Errorf("have %+v, want 3 wounds, 3d6, destroyed iff a 6", h)
		}
		if gone := s.Board.Obstacle(1) == nil; gone != destroyed {
			t.Errorf("obstacle on the board: %v, destroyed %v", !gone, destroyed)
		}
		if destroyed {
			if r := eventsOf[ObstacleRemoved](ev); len(r) != 1 {
				t.Errorf("no obstacle_removed event")
			}
			// The oracle forgets the fence: the target is exposed now.
			if v := oracleCover(s, s.Unit(1), s.Unit(2)); v.Grade == CoverHalf {
				t.Errorf("destroyed fence still gives %v", v.Grade)
			}
		}
		if d := eventsOf[Damaged](ev); len(d) != 1 || d[0].Amount != 10 {
			t.Errorf("unit behind have %+v, want 10 damage", d)
		}
	}
}

// Seed 004, Destroying Cover: "Damage greater than DE but less than or
// equal to DEx2 causes 1 wound", and its worked example: "A fence with DE
// 3 is hit with 13 damage. That's 10 damage that penetrates and therefore
// three wounds". Damage up to DE does nothing.
func TestCoverWounds(t *testing.T) {
	for _, tt := range []struct {
		damage, de          int
		through, wantWounds int
	}{
		{3, 3, 0, 0},   // not above DE: nothing
		{4, 3, 1, 1},   // above DE, up to 2xDE: 1 wound
		{5, 3, 2, 1},   // the same
		{6, 3, 3, 1},   // 2xDE: still 1
		{9, 3, 6, 2},   // a full DE of excess twice over
		{13, 3, 10, 3}, // the worked example
		{1, 0, 1, 1},   // no DE: whatever hits goes through, 1 wound
		{0, 0, 0, 0},
	} {
		th, w := CoverDamage(tt.damage, tt.de)
		if th != tt.through || w != tt.wantWounds {
			t.Errorf("CoverDamage(%d, %d): have %d through, %d wounds; want %d, %d", tt.damage, tt.de, th, w, tt.through, tt.wantWounds)
		}
	}
}

// Seed 002: "If an attack would miss ... of a creature behind cover, the
// attack is instead applied to the obstacle."
func TestSeed002MissIntoCover(t *testing.T) {
	m := `
..........
B.....lR..
..........`
	_, ev := attackUntil(t, m, func(s *State) { fixedDamage(s.Unit(1), 5) }, Attack{Unit: 1, Target: 2}, func(s *State, ev []Event) bool {
		return eventsOf[Attacked](ev)[0].Outcome == OutcomeCover
	})
	a := eventsOf[Attacked](ev)[0]
	if a.Breakdown.Hits(a.Roll) || !a.Breakdown.HitsCover(a.Roll) || a.Roll+a.Breakdown.Attack() < a.Breakdown.Target()-2 {
		t.Errorf("roll %d: not a miss only because of cover (%+v)", a.Roll, a.Breakdown)
	}
	h := eventsOf[CoverDamaged](ev)
	if len(h) != 1 || h[0].Obstacle != 1 || h[0].Damage != 5 || h[0].Wounds != 1 || len(h[0].Rolls) != 1 {
		t.Errorf("cover hit have %+v, want 5 damage to obstacle 1 (DE 3: 2 through, 1 wound, 1 roll)", h)
	}
	if d := eventsOf[Damaged](ev); len(d) != 0 {
		t.Errorf("a miss into cover hurt %+v", d)
	}
}

// A hit on a limb the cover hides must beat the cover's DE first.
func TestCoveredLimbPenetration(t *testing.T) {
	m := `
..........
B.....hR..
..........`
	_, ev := attackUntil(t, m, func(s *State) {
		fixedDamage(s.Unit(1), 8)
		s.Unit(1).Stats.Attack = 30
		obstacleAt(t, s, Point{X: 6, Y: 1}).Destructible = false
	}, Attack{Unit: 1, Target: 2}, func(s *State, ev []Event) bool {
		return eventsOf[Attacked](ev)[0].Covered
	})
	d := eventsOf[Damaged](ev)
	if len(d) != 1 || d[0].Rolled != 8 || d[0].Absorbed != 8 || d[0].Amount != 0 {
		t.Errorf("damage have %+v, want all 8 stopped by DE 12", d)
	}
	_, ev = attackUntil(t, m, func(s *State) {
		fixedDamage(s.Unit(1), 8)
		s.Unit(1).Stats.Attack = 30
	}, Attack{Unit: 1, Target: 2}, func(s *State, ev []Event) bool {
		return !eventsOf[Attacked](ev)[0].Covered
	})
	if d := eventsOf[Damaged](ev); len(d) != 1 || d[0].Amount != 8 || eventsOf[Attacked](ev)[0].Location != "head" {
		t.Errorf("uncovered hit have %+v, want 8 to the head (high cover hides the rest)", d)
	}
}

func TestCriticalMultiplies(t *testing.T) {
	m := `
..........
B......R..
..........`
	_, ev := attackUntil(t, m, func(s *State) {
		s.Unit(1).Hand.Weapon.Damage = Dice{N: 3, Sides: 1}
		s.Unit(1).Hand.Weapon.Crit = 3
	}, Attack{Unit: 1, Target: 2}, func(s *State, ev []Event) bool {
		return eventsOf[Attacked](ev)[0].Outcome == OutcomeCritical
	})
	if a := eventsOf[Attacked](ev)[0]; a.Roll != 20 {
		t.Errorf("critical on %d with threat 20", a.Roll)
	}
	if d := eventsOf[Damaged](ev); d[0].Amount != 9 {
		t.Errorf("critical damage have %d, want 3 x3", d[0].Amount)
	}
}
