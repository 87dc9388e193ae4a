package systems

import (
	"testing"

	"sightline/rules"
)

func TestWhyLinesEqualPreviewBreakdown(t *testing.T) {
	tests := []struct {
		name string
		m    string
		// cause is a line that must name its cause ("" to skip).
		label, cause string
	}{
		{"open ground", `
			B.....R`, "Exposed: no cover anywhere near", "Red 2"},
		{"behind low cover", `
			B....lR
			.......`, "Half cover", "low cover"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := troopers(t, tc.m)
			pv, err := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
			if err != nil {
				t.Fatal(err)
			}
			lines := WhyLines(s, pv.Breakdown)
			if len(lines) != len(pv.Breakdown.Mods) {
				t.Fatalf("have %d lines, want one per modifier (%d)", len(lines), len(pv.Breakdown.Mods))
			}
			found := false
			for i, m := range pv.Breakdown.Mods {
				ln := lines[i]
				if ln.Label != m.Label || ln.Source != m.Source || ln.Kind != m.Kind {
					t.Errorf("line %d: have %+v, want %+v", i, ln, m)
				}
				want := signedNum(m.Value)
				if i == 0 {
					want = itoa(m.Value)
				}
				if ln.Value != want {
					t.Errorf("line %d value: have %q, want %q", i, ln.Value, want)
				}
				if ln.Label == tc.label {
					found = true
					if ln.Cause != tc.cause {
						t.Errorf("%s: cause %q, want %q", ln.Label, ln.Cause, tc.cause)
					}
				}
			}
			if !found {
				t.Errorf("no %q line in %+v", tc.label, lines)
			}
			tp := NewTargetPanel(s, "Attack", "Blue 1 → Red 2", pv, nil)
			if tp.Preview.Chance != pv.Chance || len(tp.Lines) != len(lines) {
				t.Error("the panel must show the preview it was given")
			}
		})
	}
}
