package systems

import (
	"errors"
	"strings"
	"testing"

	"sightline/rules"
)

// troopers parses an ASCII map and equips every unit as a trooper (rifle,
// knife holstered); low cover becomes destructible wood.
func troopers(t *testing.T, m string) *rules.State {
	t.Helper()
	s, err := rules.ParseASCII(m)
	if err != nil {
		t.Fatal(err)
	}
	d := rules.DefaultData()
	for _, u := range s.Units {
		st := u.Stance
		if err := d.Equip(u, "trooper"); err != nil {
			t.Fatal(err)
		}
		u.Stance = st
	}
	for _, o := range s.Board.Obstacles {
		if o.Height <= rules.HeightLow {
			o.Vaultable, o.Destructible, o.Material = true, true, "wood"
		}
	}
	return s
}

func TestActionBarLegality(t *testing.T) {
	tests := []struct {
		name string
		m    string
		prep func(s *rules.State)
		// on and off list actions that must be enabled and disabled; why
		// holds a fragment of each disabled action's reason.
		on  []ActionID
		off map[ActionID]string
	}{
		{"in the open", `
			B.....R
			.......`, nil,
			[]ActionID{ActMove, ActAttack, ActCrouch, ActProne, ActAim, ActOverwatch, ActDrop},
			map[ActionID]string{ActTakeCover: "", ActStand: "", ActReload: "full", ActBlind: "", ActPile: "destructible cover"}},
		{"behind low cover", `
			Bl....R
			.......`, nil,
			[]ActionID{ActTakeCover, ActAttack, ActPile},
			map[ActionID]string{ActStand: ""}},
		{"no AP left", `
			B.....R`, func(s *rules.State) { s.Units[0].AP = 0 },
			nil,
			map[ActionID]string{ActMove: "", ActAttack: "AP", ActAim: "AP", ActCrouch: "AP", ActPile: "AP"}},
		{"empty hands", `
			B.....R`, func(s *rules.State) { s.Units[0].Hand = rules.Carried{} },
			[]ActionID{ActDrawHolster},
			map[ActionID]string{ActReload: "nothing", ActDrop: "nothing", ActOverwatch: "ranged"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := troopers(t, tc.m)
			if tc.prep != nil {
				tc.prep(s)
			}
			bar := NewActionBar(nil)
			bar.Refresh(s, 1, 0)
			for _, id := range tc.on {
				if err := bar.Err(id); err != nil {
					t.Errorf("%s: have disabled (%v), want enabled", id, err)
				}
			}
			for id, frag := range tc.off {
				err := bar.Err(id)
				if err == nil {
					t.Errorf("%s: have enabled, want disabled", id)
					continue
				}
				if !strings.Contains(Reason(err), frag) {
					t.Errorf("%s: reason %q, want it to mention %q", id, Reason(err), frag)
				}
				if want := CheckAction(s, 1, id, nil); want == nil || want.Error() != err.Error() {
					t.Errorf("%s: bar says %v, CheckAction says %v", id, err, want)
				}
			}
		})
	}
}

func TestActionBarMatchesRulesCheck(t *testing.T) {
	s := troopers(t, `
		Bl....R
		.......`)
	bar := NewActionBar(nil)
	bar.Refresh(s, 1, 0)
	for _, id := range []ActionID{ActTakeCover, ActStand, ActCrouch, ActProne, ActAim, ActReload, ActDrawHolster, ActDrop} {
		want := rules.Check(s, Command(s, id, 1, 0, 0, rules.Point{}))
		have := bar.Err(id)
		if (want == nil) != (have == nil) || (want != nil && want.Error() != have.Error()) {
			t.Errorf("%s: bar %v, rules.Check %v", id, have, want)
		}
	}
}

func TestActionBarRecomputesOnlyOnChange(t *testing.T) {
	s := troopers(t, `B.....R`)
	bar := NewActionBar(nil)
	bar.Refresh(s, 1, 0)
	bar.Refresh(s, 1, 0)
	bar.Refresh(s, 1, 0)
	if bar.Computes != 1 {
		t.Fatalf("same selection and state: %d computes, want 1", bar.Computes)
	}
	bar.Refresh(s, 1, 1)
	bar.Refresh(s, 0, 1)
	if bar.Computes != 3 {
		t.Fatalf("after a state and a selection change: %d computes, want 3", bar.Computes)
	}
	if bar.Enabled(ActMove) {
		t.Error("with nobody selected Move should be disabled")
	}
}

func TestCheckActionTargets(t *testing.T) {
	// The enemy hides behind a wall: the attack fails with the rules'
	// reason; with a second, open enemy the attack is legal.
	s := troopers(t, `
		...#.
		B..#R
		...#.`)
	err := CheckAction(s, 1, ActAttack, nil)
	if err == nil {
		t.Fatal("attack on a hidden enemy: want an error")
	}
	if want := rules.Check(s, rules.Attack{Unit: 1, Target: 2}); want.Error() != err.Error() {
		t.Errorf("have %v, want the first target's failure %v", err, want)
	}
	s = troopers(t, `
		...#.
		B..#R
		...#.
		.....
		....R`)
	if err := CheckAction(s, 1, ActAttack, nil); err != nil {
		t.Errorf("one enemy in the open: have %v, want legal", err)
	}
	if _, ok := ActionForKey('2'); !ok || ActAttack.Spec().Key != '2' {
		t.Error("Attack's hotkey should be 2")
	}
	// Under the fog only the enemies the side sees are tried: with the open
	// enemy unknown, the hidden one must not be named.
	walled := func(id int) bool { return id != 3 }
	none := func(id int) bool { return id == 1 }
	if err, want := CheckAction(s, 1, ActAttack, walled), rules.Check(s, rules.Attack{Unit: 1, Target: 2}); err == nil || err.Error() != want.Error() {
		t.Errorf("only the walled-off enemy known: have %v, want %v", err, want)
	}
	for _, id := range []ActionID{ActAttack, ActCharge, ActBlind} {
		err := CheckAction(s, 1, id, none)
		if !errors.Is(err, ErrNoTarget) || Reason(err) != "No enemy in sight" {
			t.Errorf("%s with no enemy in sight: have %v, want %q", id, err, "No enemy in sight")
		}
	}
	if err := CheckAction(s, 1, ActOverwatch, none); err != nil && strings.Contains(err.Error(), "Red") {
		t.Errorf("overwatch with no enemy in sight names one: %v", err)
	}
	if !errors.Is(CheckAction(troopers(t, `B..`), 1, ActCharge, nil), ErrNoTarget) {
		t.Error("charge with no enemy left should say there is no target")
	}
}
