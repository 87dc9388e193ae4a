package rules

import (
	"errors"
	"testing"
)

func TestCharge(t *testing.T) {
	s := battle(t, `
..........
B.......R.
..........`, "breacher")
	b := s.Unit(1)
	mustApply(t, s, Drop{Unit: 1}, NewRNG(1))
	mustApply(t, s, Draw{Unit: 1}, NewRNG(1))
	if b.Hand.Weapon.Name != "knife" {
		t.Fatal("no knife")
	}
	b.AP = 3
	ev := mustApply(t, s, Charge{Unit: 1, Target: 2}, NewRNG(1))
	if b.Pos != (Point{X: 7, Y: 1}) || b.AP != 0 || !b.Status.Charged {
		t.Errorf("after charge: at %v AP %d charged %v", b.Pos, b.AP, b.Status.Charged)
	}
	a := eventsOf[Attacked](ev)
	if len(a) != 1 || a[0].Kind != KindCharge || a[0].Weapon != "knife" {
		t.Fatalf("attacks %+v, want one charge strike with the knife", a)
	}
	plus := false
	for _, m := range a[0].Breakdown.Mods {
		plus = plus || (m.Source == srcCharge && m.Value == 2 && m.Kind == ModAttack)
	}
	if !plus {
		t.Errorf("no +2 charge entry in %+v", a[0].Breakdown.Mods)
	}
	// The charger is at -2 defence until its next turn.
	mustApply(t, s, EndTurn{}, NewRNG(1))
	ev = mustApply(t, s, Attack{Unit: 2, Target: 1}, NewRNG(1))
	minus := false
	for _, m := range eventsOf[Attacked](ev)[0].Breakdown.Mods {
		minus = minus || (m.Source == srcCharge && m.Value == -2)
	}
	if !minus {
		t.Error("no -2 defence for the charger")
	}
}

func TestChargeNeedsClearPath(t *testing.T) {
	tests := []struct {
		name string
		m    string
		want error
	}{
		{"cover in the way", `
..........
B...l...R.
..........`, ErrBlockedPath},
		{"too far", `
..................
B................R
..................`, ErrUnreachable},
		{"out of sight", `
.....#....
B....#..R.
.....#....`, ErrNoLoS},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			if _, err := Apply(s, Charge{Unit: 1, Target: 2}, NewRNG(1)); !errors.Is(err, tt.want) {
				t.Errorf("have %v, want %v", err, tt.want)
			}
		})
	}
}

// Seed 004, Close combat over cover: units in contact with the cover on
// opposite sides fight as if adjacent, -1 to hit, +1 to dodge.
func TestCloseCombatOverCover(t *testing.T) {
	s := battle(t, `
.......
..BlR..
.......`, "")
	mustApply(t, s, Drop{Unit: 1}, NewRNG(1))
	mustApply(t, s, Draw{Unit: 1}, NewRNG(1))
	ev := mustApply(t, s, Attack{Unit: 1, Target: 2}, NewRNG(1))
	a := eventsOf[Attacked](ev)[0]
	var hit, dodge bool
	for _, m := range a.Breakdown.Mods {
		if m.Source == srcOverCover {
			hit = hit || (m.Kind == ModAttack && m.Value == -1)
			dodge = dodge || (m.Kind == ModDefence && m.Value == 1)
		}
	}
	if !hit || !dodge {
		t.Errorf("breakdown %+v lacks -1 to hit / +1 dodge", a.Breakdown.Mods)
	}
	// Not opposite each other: out of reach.
	s = battle(t, `
.......
..Bl...
...lR..`, "")
	s.Unit(1).Hand = Carried{}
	if _, err := Apply(s, Attack{Unit: 1, Target: 2}, NewRNG(1)); !errors.Is(err, ErrNotAdjacent) {
		t.Errorf("diagonal across cover: %v", err)
	}
}

// Seed 003, Charge: "If you don't have line of sight to the opponent at
// the start of your turn, you can't Charge"; "A Charge requires a
// full-round action to use"; "you must move to the closest space from
// which you can attack the opponent. (If this space is occupied or
// otherwise blocked, you can't Charge)".
func TestChargeIsAFullRoundToTheClosestSpace(t *testing.T) {
	tests := []struct {
		name   string
		m      string
		typ    string
		target int
		before Command // applied first, in the same turn
		want   error
		at     Point // where the charger strikes from when want is nil
	}{
		{"a charge from a standing start", `
..........
B.......R.
..........`, "", 2, nil, nil, Point{X: 7, Y: 1}},
		{"after moving a step: refused", `
..........
B.......R.
..........`, "", 2, Move{Unit: 1, To: Point{X: 1, Y: 1}}, ErrNoAP, Point{}},
		{"after changing stance: refused", `
..........
B.......R.
..........`, "", 2, ChangeStance{Unit: 1, To: Crouched}, ErrNoAP, Point{}},
		{"after a free stance change (Fluid Movement): refused", `
..........
B.......R.
..........`, "scout", 2, ChangeStance{Unit: 1, To: Crouched}, ErrNoAP, Point{}},
		{"no sight of the target from where it stands: refused", `
.....#....
B....#..R.
.....#....`, "", 2, nil, ErrNoLoS, Point{}},
		{"the closest space held by an ally: refused", `
..........
B......BR.
..........`, "", 3, nil, ErrBlockedPath, Point{}},
		{"the closest space holds low cover: refused", `
..........
B......lR.
..........`, "", 2, nil, ErrBlockedPath, Point{}},
		{"from above the row: the closest space, on the diagonal", `
B.........
.......R..
..........`, "", 2, nil, nil, Point{X: 6, Y: 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, tt.typ)
			s.Unit(tt.target).HP = 1000
			if tt.before != nil {
				mustApply(t, s, tt.before, NewRNG(1))
			}
			_, err := Apply(s, Charge{Unit: 1, Target: tt.target}, NewRNG(1))
			if !errors.Is(err, tt.want) {
				t.Fatalf("have %v, want %v", err, tt.want)
			}
			if err == nil && s.Unit(1).Pos != tt.at {
				t.Errorf("struck from %v, want %v", s.Unit(1).Pos, tt.at)
			}
		})
	}
}
