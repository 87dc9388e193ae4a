package rules

import (
	"errors"
	"testing"
)

// Seed 003, Covering Fire: "He can only hit an enemy once for each attack
// action made", and after the first action enemies in the area "can make
// a Reflex save DC 15 to take cover".
func TestSeed003CoveringFireOncePerTargetPerAction(t *testing.T) {
	m := `
..........
..........
B.....R...
.......R..
......h...`
	for seed := uint64(1); seed < 40; seed++ {
		s := battle(t, m, "")
		for _, u := range s.Units {
			u.HP = 1000
		}
		ev := mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 6, Y: 2}}, NewRNG(seed))
		if s.Unit(1).AP != 0 {
			t.Fatalf("covering fire left %d AP", s.Unit(1).AP)
		}
		// Split the attacks into attack actions: a new action starts when a
		// target repeats.
		perAction := []map[int]int{{}}
		saves := 0
		for _, e := range ev {
			switch e := e.(type) {
			case Attacked:
				cur := perAction[len(perAction)-1]
				if cur[e.Target] > 0 {
					cur = map[int]int{}
					perAction = append(perAction, cur)
				}
				cur[e.Target]++
			case Saved:
				saves++
				if e.Kind != "reflex" || e.DC != 15 {
					t.Errorf("save %+v, want Reflex DC 15", e)
				}
				if e.Success != (e.Roll+e.Bonus >= 15) {
					t.Errorf("save %+v: success disagrees with the roll", e)
				}
			}
		}
		if len(perAction) > 3 {
			t.Fatalf("seed %d: %d attack actions from 3 AP", seed, len(perAction))
		}
		if saves != 2 && len(eventsOf[Attacked](ev)) > 0 {
			t.Errorf("seed %d: %d Reflex saves, want one per enemy in the cone after the first action", seed, saves)
		}
		for _, d := range eventsOf[Dived](ev) {
			if !d.Prone {
				u := s.Unit(d.Unit)
				if v := oracleCover(s, s.Unit(1), u); v.LoS && v.Grade < CoverHalf {
					t.Errorf("seed %d: %s dove to %v with no cover (%v)", seed, u.Name, d.To, v.Grade)
				}
			}
		}
	}
}

func TestCoveringFireNeedsAutomatic(t *testing.T) {
	s := battle(t, `B.....R`, "marksman")
	if _, err := Apply(s, CoveringFire{Unit: 1, At: Point{X: 6, Y: 0}}, NewRNG(1)); !errors.Is(err, ErrWrongWeapon) {
		t.Errorf("sniper covering fire: have %v, want ErrWrongWeapon", err)
	}
}

func TestSuppressiveFire(t *testing.T) {
	m := `
..........
B.....R...
......R...`
	for seed := uint64(1); seed < 30; seed++ {
		s := battle(t, m, "gunner")
		for _, u := range s.Units {
			u.HP = 1000
		}
		ev := mustApply(t, s, SuppressiveFire{Unit: 1, At: Point{X: 6, Y: 1}}, NewRNG(seed))
		g := s.Unit(1)
		if g.AP != 1 || g.Hand.Ammo != g.Hand.Weapon.Magazine-10 {
			t.Fatalf("gunner have AP %d ammo %d, want 2 AP and 10 rounds spent", g.AP, g.Hand.Ammo)
		}
		a := eventsOf[Attacked](ev)[0]
		if a.Breakdown.Target() != 10 {
			t.Errorf("area defence have %d, want 10", a.Breakdown.Target())
		}
		sup := eventsOf[Suppressed](ev)
		if (a.Outcome == OutcomeHit) != (len(sup) == 2) {
			t.Errorf("outcome %s but %d suppressed", a.Outcome, len(sup))
		}
		for _, sv := range eventsOf[Saved](ev) {
			hurt := false
			for _, d := range eventsOf[Damaged](ev) {
				hurt = hurt || d.Unit == sv.Unit
			}
			if hurt == sv.Success {
				t.Errorf("save %+v: hurt %v", sv, hurt)
			}
		}
		if len(sup) == 2 {
			mustApply(t, s, EndTurn{}, NewRNG(1))
			r := s.Unit(2)
			if MoveBudget(r) != r.AP*(r.Speed/2)*2 {
				t.Errorf("suppressed move budget %d, want half speed", MoveBudget(r))
			}
			mustApply(t, s, EndTurn{}, NewRNG(1))
			if r.Status.Suppressed {
				t.Errorf("suppression outlived the unit's turn")
			}
			return
		}
	}
	t.Fatal("no seed suppressed anyone")
}

// Seed 003, Blind Fire: 50% miss chance, and half the shots at empty
// squares without a perception check; no aim or cover benefits.
func TestSeed003BlindFire(t *testing.T) {
	s := battle(t, `
...R......
..........
..#####...
...B......`, "")
	b := s.Unit(2)
	s.Side = SideRed
	mustApply(t, s, EndTurn{}, NewRNG(1))
	if oracleLoS(s, b, s.Unit(1)) {
		t.Fatal("test map: B sees R")
	}
	b.Status.Aiming = true
	ev := mustApply(t, s, BlindFire{Unit: 2, Target: 1}, NewRNG(1))
	a := eventsOf[Attacked](ev)[0]
	misses, threat := 0, 0
	for _, md := range a.Breakdown.Mods {
		if md.Kind == ModMiss {
			misses++
		}
		if md.Kind == ModThreat {
			threat++
		}
		if md.Source == srcBrace {
			t.Errorf("blind fire braced on cover")
		}
	}
	if misses != 2 || threat != 0 {
		t.Errorf("blind fire: %d miss entries, %d threat entries; want 2 and no aim", misses, threat)
	}
	if want := float64(a.Breakdown.HitFaces()) / 20 / 4; a.Chance != want {
		t.Errorf("chance have %v, want %v", a.Chance, want)
	}
	ev = mustApply(t, s, BlindFire{Unit: 2, Target: 1, Spot: true}, NewRNG(2))
	sv := eventsOf[Saved](ev)
	if len(sv) != 1 || sv[0].Kind != "perception" || b.AP != 0 {
		t.Fatalf("spotting: saves %+v AP %d, want one perception check and 2 AP spent", sv, b.AP)
	}
	a = eventsOf[Attacked](ev)[0]
	n := 0
	for _, md := range a.Breakdown.Mods {
		if md.Kind == ModMiss {
			n++
		}
	}
	if want := 1 + boolToInt(!sv[0].Success); n != want {
		t.Errorf("after perception %v: %d miss entries, want %d", sv[0].Success, n, want)
	}
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Seed 004, Flanking: a unit in cover attacked from where the cover does
// not help, with no dive out of it (high cover cannot be dived over),
// dives at -2.
func TestFlankedDivePenalty(t *testing.T) {
	s := battle(t, `
..........
B.....Rh..
..........`, "")
	s.Unit(2).HP = 1000
	if v := oracleCover(s, s.Unit(1), s.Unit(2)); !v.Flanked {
		t.Fatalf("test map: R not flanked (%v)", v.Grade)
	}
	ev := mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 6, Y: 1}}, NewRNG(1))
	sv := eventsOf[Saved](ev)
	if len(sv) != 1 {
		t.Fatalf("saves %+v", sv)
	}
	found := false
	for _, m := range sv[0].Mods {
		found = found || (m.Label == "Flanked" && m.Value == -2 && m.Source == srcFlanking)
	}
	if !found || sv[0].Bonus != s.Unit(2).Stats.Reflex-2 {
		t.Errorf("save %+v lacks the -2 flanked entry", sv[0])
	}
	a := eventsOf[Attacked](ev)[0]
	if !a.Flanked || a.Grade != "none" {
		t.Errorf("attack on a flanked unit: grade %s flanked %v", a.Grade, a.Flanked)
	}
}

// TestAimPerception: seed 003, Aiming: "a +5 bonus to Perception check in
// a 60-ft cone. However, checks to see something outside that cone receive
// a -5 penalty instead." The perception check the game makes is blind
// fire's spotting; the cone runs the way the aiming unit faces.
func TestAimPerception(t *testing.T) {
	for _, tc := range []struct {
		name   string
		aiming bool
		facing Dir
		want   int
	}{
		{"aiming toward the target", true, North, 5},
		{"aiming away from it", true, South, -5},
		{"not aiming", false, North, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := battle(t, `
...R......
..........
..#####...
...B......`, "")
			b := s.Unit(2)
			s.Side = SideRed
			mustApply(t, s, EndTurn{}, NewRNG(1))
			b.Status.Aiming, b.Facing = tc.aiming, tc.facing
			ev := mustApply(t, s, BlindFire{Unit: 2, Target: 1, Spot: true}, NewRNG(2))
			sv := eventsOf[Saved](ev)
			if len(sv) != 1 {
				t.Fatalf("saves %+v, want one perception check", sv)
			}
			have := 0
			for _, m := range sv[0].Mods {
				if m.Source == srcAiming {
					have += m.Value
				}
			}
			if have != tc.want {
				t.Errorf("aim modifier to the perception check %+d, want %+d (mods %+v)", have, tc.want, sv[0].Mods)
			}
		})
	}
}

// TestUntrainedSuppression: seed 003, Suppressive Fire: "If the character
// does not have the Advanced Firearms Proficiency feat, he or she takes a
// –4 penalty on the attack roll." A unit type marked untrained in the data
// file rolls at -4; a trained one does not.
func TestUntrainedSuppression(t *testing.T) {
	d := DefaultData()
	d.Units = append(d.Units, UnitType{Name: "militia", AP: 3, Speed: 5, HP: 10, Size: 1, Weapon: "smg", Holster: "knife", Untrained: true})
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{"scout", "militia"} {
		s := battle(t, `
..........
B.....R...
..........`, "")
		s.Data = d
		if err := d.Equip(s.Unit(1), typ); err != nil {
			t.Fatal(err)
		}
		ev := mustApply(t, s, SuppressiveFire{Unit: 1, At: Point{X: 6, Y: 1}}, NewRNG(1))
		have := 0
		for _, m := range eventsOf[Attacked](ev)[0].Breakdown.Mods {
			if m.Label == "Untrained in suppressive fire" {
				have += m.Value
			}
		}
		if want := map[string]int{"scout": 0, "militia": -4}[typ]; have != want {
			t.Errorf("%s: proficiency modifier %+d, want %+d", typ, have, want)
		}
	}
}

// Seed 003, Firing from cover: "reduce their total recoil penalty by 1
// for attacks made using the cover element to stabilize the attack". A
// rifleman (recoil -1) braces on cover the shot passes over, not on cover
// at its back or its side; a pistol has no recoil to reduce.
func TestBraceOnlyOnCoverTheShotCrosses(t *testing.T) {
	tests := []struct {
		name   string
		m      string
		weapon string
		want   int // the "Braced on cover" entry, 0 for none
	}{
		{"low wall in front", `
..........
.Bl.....R.
..........`, "rifle", 1},
		{"low wall at its back", `
..........
lB......R.
..........`, "rifle", 0},
		{"low wall at its side", `
.l........
.B......R.
..........`, "rifle", 0},
		{"pistol over a low wall: no recoil to reduce", `
..........
.Bl...R...
..........`, "pistol", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			w, ok := DefaultData().Weapon(tt.weapon)
			if !ok {
				t.Fatalf("no weapon %q", tt.weapon)
			}
			s.Unit(1).Hand = Carried{Weapon: w, Ammo: w.Magazine}
			pv, err := s.PreviewAttack(Attack{Unit: 1, Target: 2})
			if err != nil {
				t.Fatal(err)
			}
			have := 0
			for _, m := range pv.Breakdown.Mods {
				if m.Source == srcBrace {
					have = m.Value
				}
			}
			if have != tt.want {
				t.Errorf("braced %+d, want %+d", have, tt.want)
			}
		})
	}
}
