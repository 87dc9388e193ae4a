package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// A suppressed unit in the open, a rifleman (3) with a shot at it and a
// wall to hide behind only its full speed reaches: when its suppressor (2)
// has no round left, breaking out costs nothing and the computer runs for
// the wall with Dash; the easy profile, which does not break out, and a
// unit that is not suppressed walk at their speed.
func TestBreaksOutOfSuppression(t *testing.T) {
	board := `
...........#####.......
B..........#####......R
...........#####.......
......................R`
	easy, err := ProfileNamed("easy")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name       string
		profile    Profile
		suppressed bool
		wantDash   bool
	}{
		{"normal, suppressed, a free break-out", Normal, true, true},
		{"easy does not break out", easy, true, false},
		{"not suppressed: no dash", Normal, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, board)
			b := s.Unit(1)
			s.Unit(2).Hand.Ammo = 0
			b.Status.Suppressed, b.Status.SuppressedBy = tt.suppressed, 2
			m := match.New(s, 1)
			cmd := NewComputer(tt.profile).Next(m.View(rules.SideBlue))
			mv, ok := cmd.(rules.Move)
			if mv.Dash != tt.wantDash {
				t.Fatalf("have %T %+v, want a move with Dash %v", cmd, cmd, tt.wantDash)
			}
			if err := rules.Check(s, cmd); err != nil {
				t.Fatalf("%+v is illegal: %v", cmd, err)
			}
			if ok && tt.wantDash && s.Reach(1, rules.MoveBudget(b)).Reachable(mv.To) {
				t.Errorf("dashed to %v, which it could walk to", mv.To)
			}
		})
	}
}
