package ai

import (
	"slices"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
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

// TestShootsTheOneTheWallDoesNotShield: Blue, boxed in by low walls,
// sees two Red troopers: one four tiles off behind a low brick wall (DE
// 12) that hides its legs, one thirty-one tiles off in the open. Any hit
// on a leg behind the wall loses 12 first, about all a rifle deals, so
// the shot at the open one is worth more though likelier to miss: hard
// with coverDE fires at it first, and without it at the one
// behind the wall.
func TestShootsTheOneTheWallDoesNotShield(t *testing.T) {
	tc := brickWall()
	for _, tt := range []struct {
		name    string
		coverDE bool
		want    int
	}{{"hard with coverDE", true, 3}, {"hard without coverDE", false, 2}} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ProfileNamed("hard")
			if err != nil {
				t.Fatal(err)
			}
			p.CoverDE = tt.coverDE
			r := playTactic(t, tc, p)
			if at := attacks(r.cmds); len(at) == 0 || at[0] != tt.want {
				t.Errorf("attacks %v (commands %v), want unit %d first", at, r.cmds, tt.want)
			}
		})
	}
}

// brickWall is TestShootsTheOneTheWallDoesNotShield's position.
func brickWall() tactic {
	const w = 39
	row0 := "lll" + strings.Repeat(".", w-3)
	board := "\n" + row0 + "\nlBl..lR" + strings.Repeat(".", w-7) + "\n" + row0 + "\n" +
		strings.Repeat(".", w) + "\n" + strings.Repeat(".", w-1) + "R"
	return tactic{board: board, prep: func(s *rules.State) {
		for _, o := range s.Board.Obstacles {
			o.DE, o.Material, o.Name = 12, "brick", "brick wall"
		}
	}}
}

// TestWhySaysWhatTheWallStops: hard's shot with coverDE at the trooper
// behind the brick wall says what share of it the wall hides and what a
// hit then deals.
func TestWhySaysWhatTheWallStops(t *testing.T) {
	s := ruletest.Troopers(t, brickWall().board)
	brickWall().prep(s)
	m := match.New(s, 1)
	p, _ := ProfileNamed("hard")
	p.CoverDE = true
	c := NewComputer(p)
	for range 10 {
		cmd := c.Next(m.View(rules.SideBlue))
		if a, ok := cmd.(rules.Attack); ok && a.Target == 2 {
			want := "The brick wall hides 30% of Red 2 and takes the first 12 of a hit there"
			if !slices.ContainsFunc(c.Why().Lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
				t.Errorf("the why lines do not say what the wall stops: %q", c.Why().Lines)
			}
			return
		}
		if _, err := m.Apply(cmd); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no shot at Red 2")
}
