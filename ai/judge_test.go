package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// TestCoverBlind: a profile with CoverBlind judges its shots as if no
// cover stood near the target, so it fires at the near enemy in cover
// where the profile that weighs cover fires at the far one in the open;
// the odds of the shot it fires are the rules' own.
func TestCoverBlind(t *testing.T) {
	tests := []struct {
		name   string
		m      string
		seeing int // the target of the profile that weighs cover
		blind  int // the target of the cover-blind profile
		judges int // the sign of the cover-blind judgement less the rules' odds
	}{
		{"half cover near, open ground far", `
..............
B...lR........
..............
..............
.............R`, 3, 2, 1},
		{"a wall near, open ground far", `
..............
B...#R........
..............
..............
.............R`, 3, 2, 1},
		{"both in the open: the same target, judged harder without the open's bonus", `
..............
B....R........
..............
..............
.............R`, 2, 2, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, tt.m)
			for _, blind := range []bool{false, true} {
				p := Normal
				p.CoverBlind = blind
				c := NewComputer(p)
				w := c.start(match.New(s.Clone(), 1).View(rules.SideBlue))
				best, ok := choose(w.s, c.options(w))
				a, shot := best.cmd.(rules.Attack)
				want := tt.seeing
				if blind {
					want = tt.blind
				}
				if !ok || !shot || a.Target != want {
					t.Errorf("cover-blind %v: have %+v (%s), want a shot at Red %d", blind, best.cmd, best.why, want)
					continue
				}
				truth, err := w.s.PreviewShot(*w.u, *w.s.Unit(a.Target))
				if err != nil {
					t.Fatal(err)
				}
				judged, sign := c.judged(w.s, truth), 0
				if blind {
					sign = tt.judges
				}
				if d := judged.Chance - truth.Chance; d*float64(sign) <= 0 && (sign != 0 || d != 0) {
					t.Errorf("cover-blind %v: judges %.2f against the rules' %.2f", blind, judged.Chance, truth.Chance)
				}
			}
		})
	}
}
