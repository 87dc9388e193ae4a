package systems

import (
	"strings"
	"testing"

	"sightline/actions"
	"sightline/internal/ruletest"
	"sightline/rules"
)

// troopers parses an ASCII map of troopers whose low cover is wood.
func troopers(t *testing.T, m string) *rules.State {
	t.Helper()
	return ruletest.Wood(ruletest.Troopers(t, m), "")
}

func TestActionBarLegality(t *testing.T) {
	tests := []struct {
		name string
		m    string
		prep func(s *rules.State)
		// on and off list actions that must be enabled and disabled; why
		// holds a fragment of each disabled action's reason.
		on  []actions.ID
		off map[actions.ID]string
	}{
		{"in the open", `
			B.....R
			.......`, nil,
			[]actions.ID{actions.Move, actions.Attack, actions.Crouch, actions.Prone, actions.Aim, actions.Overwatch, actions.Drop},
			map[actions.ID]string{actions.TakeCover: "", actions.Stand: "", actions.Reload: "full", actions.Blind: "", actions.Pile: "destructible cover"}},
		{"behind low cover", `
			Bl....R
			.......`, nil,
			[]actions.ID{actions.TakeCover, actions.Attack, actions.Pile},
			map[actions.ID]string{actions.Stand: ""}},
		{"no AP left", `
			B.....R`, func(s *rules.State) { s.Units[0].AP = 0 },
			nil,
			map[actions.ID]string{actions.Move: "", actions.Attack: "AP", actions.Aim: "AP", actions.Crouch: "AP", actions.Pile: "AP"}},
		{"empty hands", `
			B.....R`, func(s *rules.State) { s.Units[0].Hand = rules.Carried{} },
			[]actions.ID{actions.DrawHolster},
			map[actions.ID]string{actions.Reload: "nothing", actions.Drop: "nothing", actions.Overwatch: "ranged"}},
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
				if !strings.Contains(actions.Reason(err), frag) {
					t.Errorf("%s: reason %q, want it to mention %q", id, actions.Reason(err), frag)
				}
				if want := id.Check(s, 1, nil); want == nil || want.Error() != err.Error() {
					t.Errorf("%s: bar says %v, the catalogue's Check says %v", id, err, want)
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
	for _, id := range []actions.ID{actions.TakeCover, actions.Stand, actions.Crouch, actions.Prone, actions.Aim, actions.Reload, actions.DrawHolster, actions.Drop} {
		want := rules.Check(s, id.Command(s, 1, actions.Target{}))
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
	if bar.Enabled(actions.Move) {
		t.Error("with nobody selected Move should be disabled")
	}
}
