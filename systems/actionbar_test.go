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

// In the upright grid (PlaceGrid, a phone held upright) every label is
// drawn at one size, no label shrunk below the others to fit: a label
// too wide for one line ("Pile Through") is cut at its space onto two,
// each line inside its button and both inside its height. Laid out for a
// finger (no key badges) and for the mouse (a badge in each corner).
func TestActionBarGridLabelsOneSize(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	s := troopers(t, `
		Bl....R
		.......`)
	for _, tt := range []struct {
		name  string
		touch bool
		min   float64
	}{
		{"finger", true, 12},
		{"mouse", false, 12},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bar := NewActionBar(fonts)
			bar.Touch = tt.touch
			bar.Refresh(s, 1, 0)
			bar.PlaceGrid(0, 1000, 480, UprightBarCols, UprightTapH)
			buttons := bar.Buttons()
			pile := ""
			for _, b := range buttons {
				if b.Size != buttons[0].Size || b.Size < tt.min {
					t.Errorf("%q is drawn at %.0f, %q at %.0f: want one size, at least %.0f", b.Label, b.Size, buttons[0].Label, buttons[0].Size, tt.min)
				}
				if over := b.Overflow(fonts); over > 0 {
					t.Errorf("%q runs %.0f px past its button", b.Label, over)
				}
				lines := strings.Split(b.Label, "\n")
				if h := float64(len(lines)) * b.Size * barLineH; len(lines) > 2 || h > b.H-2*buttonPad {
					t.Errorf("%q: %d lines, %.0f px high in a button %.0f high", b.Label, len(lines), h, b.H)
				}
				if strings.Join(lines, " ") == "Pile Through" {
					pile = b.Label
				}
			}
			if pile != "Pile\nThrough" {
				t.Errorf("Pile Through is drawn %q, want it cut onto two lines", pile)
			}
		})
	}
}
