package ai

import (
	"testing"

	"sightline/internal/ruletest"
)

// TestBehindCover: a hit on a limb the low wall hides loses the wall's DE
// first, so the shot at the trooper behind it is expected to deal less
// with coverDE, and its fall is less likely; in the open, or without a
// DE, the odds are oddsOf's.
func TestBehindCover(t *testing.T) {
	tests := []struct {
		name  string
		board string
		de    int
		less  bool
	}{
		{"behind the low wall", `
			B.......
			........
			......lR`, 4, true},
		{"behind the low wall of no DE", `
			B.......
			........
			......lR`, 0, false},
		{"in the open", `
			B......l
			........
			.......R`, 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, tt.board)
			for _, o := range s.Board.Obstacles {
				o.DE = tt.de
			}
			p, ok := s.ForecastShot(*s.Unit(1), *s.Unit(2))
			if !ok {
				t.Fatal("no shot")
			}
			w := weaponOf(s, p.Weapon)
			plain, have := oddsOf(p, w), behindCover(s, p, w)
			hp := s.Unit(2).HP
			pm, hm := plain.mean(), have.mean()
			pf, hf := fellOdds(hp/2, []shotOdds{plain, plain}, nil), fellOdds(hp/2, []shotOdds{have, have}, nil)
			if tt.less && (hm >= pm || hf >= pf) {
				t.Errorf("mean %.3f, fall %.3f with the DE; want below %.3f, %.3f", hm, hf, pm, pf)
			}
			if !tt.less && (hm != pm || hf != pf) {
				t.Errorf("mean %.3f, fall %.3f with the DE; want %.3f, %.3f", hm, hf, pm, pf)
			}
		})
	}
}
