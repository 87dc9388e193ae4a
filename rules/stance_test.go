package rules

import "testing"

// TestFluidMovement: seed 000's "First Change Stance per turn is free"
// for a type with Fluid Movement (the scout); every other change, and
// every change by a type without it, costs 1 AP.
func TestFluidMovement(t *testing.T) {
	tests := []struct {
		name    string
		typ     string
		changes []Stance
		// wantAP is the AP each change costs, in order.
		wantAP []int
	}{
		{"scout's first change is free", "scout", []Stance{Crouched}, []int{0}},
		{"scout's second change costs", "scout", []Stance{Crouched, Prone, Standing}, []int{0, 1, 1}},
		{"trooper pays every change", "trooper", []Stance{Crouched, Prone}, []int{1, 1}},
	}
	for _, tt := range tests {
		s := battle(t, `
B.......
........
.......R`, tt.typ)
		u := s.Unit(1)
		for i, st := range tt.changes {
			before := u.AP
			if have := StanceCost(u); have != tt.wantAP[i] {
				t.Errorf("%s: change %d: StanceCost have %d, want %d", tt.name, i+1, have, tt.wantAP[i])
			}
			ev := eventsOf[StanceChanged](mustApply(t, s, ChangeStance{Unit: 1, To: st}, NewRNG(1)))
			if len(ev) != 1 {
				t.Fatalf("%s: change %d: have %d StanceChanged events, want 1", tt.name, i+1, len(ev))
			}
			if have := before - u.AP; have != tt.wantAP[i] || ev[0].AP != tt.wantAP[i] {
				t.Errorf("%s: change %d: spent %d AP (event says %d), want %d", tt.name, i+1, have, ev[0].AP, tt.wantAP[i])
			}
		}
	}
}

// TestFluidMovementEachTurn: the free change comes back at the start of
// the unit's next turn, and a scout with no AP left can still make it.
func TestFluidMovementEachTurn(t *testing.T) {
	s := battle(t, `
B.......
........
.......R`, "scout")
	u := s.Unit(1)
	mustApply(t, s, ChangeStance{Unit: 1, To: Crouched}, NewRNG(1))
	mustApply(t, s, EndTurn{}, NewRNG(1))
	mustApply(t, s, EndTurn{}, NewRNG(1))
	u.AP = 0
	if _, err := Apply(s, ChangeStance{Unit: 1, To: Prone}, NewRNG(1)); err != nil {
		t.Fatalf("free change with 0 AP on a new turn: %v", err)
	}
	if u.Stance != Prone || u.AP != 0 {
		t.Errorf("have %s with %d AP, want prone with 0", u.Stance, u.AP)
	}
	if _, err := Apply(s, ChangeStance{Unit: 1, To: Standing}, NewRNG(1)); err == nil {
		t.Error("second change with 0 AP: have no error, want ErrNoAP")
	}
}
