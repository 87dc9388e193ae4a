package match

import (
	"strings"
	"testing"

	"sightline/rules"
)

// fogMap draws what the side to move sees: '.' seen, '~' hidden.
func fogMap(v *Visibility) string {
	var sb strings.Builder
	for y := 0; y < v.Height; y++ {
		for x := 0; x < v.Width; x++ {
			if v.Seen(rules.Point{X: x, Y: y}) {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('~')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestVisibility(t *testing.T) {
	for _, tc := range []struct {
		name  string
		m     string
		want  string // the seen tiles; '~' hidden
		known []int  // IDs of the units shown
	}{
		{"a wall hides the tiles and the enemy behind it", `
.....#...
B....#...
.....#.R.
.....#...
.....#...`, `
......~~~
......~~~
......~~~
......~~~
......~~~`, []int{1}},
		{"an enemy in the open is shown", `
.....#...
B....#...
.....#...
.....#...
.R...#...`, `
......~~~
......~~~
......~~~
......~~~
......~~~`, []int{1, 2}},
		{"glass hides nothing", `
B....g...
.....g.R.
.....g...`, `
.........
.........
.........`, []int{1, 2}},
		{"smoke hides what is behind it", `
.....s...
B....s...
.....s.R.
.....s...
.....s...`, `
......~~~
......~~~
......~~~
......~~~
......~~~`, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			v := ComputeVisibility(s, rules.SideBlue, nil)
			want := strings.TrimPrefix(tc.want, "\n") + "\n"
			if have := fogMap(v); have != want {
				t.Errorf("map:%s\nhave:\n%swant:\n%s", tc.m, have, want)
			}
			for _, u := range s.Units {
				wantKnown := false
				for _, id := range tc.known {
					wantKnown = wantKnown || id == u.ID
				}
				if v.Knows(u.ID) != wantKnown {
					t.Errorf("unit %d (%v): shown %v, want %v", u.ID, u.Side, v.Knows(u.ID), wantKnown)
				}
			}
			// The same answer through the Sightlines cache.
			w := ComputeVisibility(s, rules.SideBlue, rules.NewSightlines(s, 0))
			if fogMap(w) != fogMap(v) {
				t.Errorf("through Sightlines:\n%swithout:\n%s", fogMap(w), fogMap(v))
			}
		})
	}
}

// mixedMap has walls, low and high cover, glass and smoke between two
// Blue and three Red units (one prone).
const mixedMap = `
B..#....l...h...
...#..R.l.......
......#.....R...
..hh..#...g.....
B.....s.......r.
......s...#.....`

// TestVisibilityIsTheOracleUnion checks every tile and unit against the
// union of the side's FieldOfView and LineOfSight answers.
func TestVisibilityIsTheOracleUnion(t *testing.T) {
	s, err := rules.ParseASCII(mixedMap)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		v := ComputeVisibility(s, side, rules.NewSightlines(s, 0))
		for y := 0; y < s.Board.Height; y++ {
			for x := 0; x < s.Board.Width; x++ {
				p := rules.Point{X: x, Y: y}
				want := false
				for _, u := range s.Units {
					want = want || (u.Side == side && u.Alive() && s.SeesTile(u, p))
				}
				if v.Seen(p) != want {
					t.Errorf("%v: tile %v seen %v, oracle %v", side, p, v.Seen(p), want)
				}
			}
		}
		for _, e := range s.Units {
			want := e.Side == side
			for _, u := range s.Units {
				want = want || (u.Side == side && u.Alive() && e.Alive() && s.LineOfSight(u, e))
			}
			if v.Knows(e.ID) != want {
				t.Errorf("%v: unit %d shown %v, oracle %v", side, e.ID, v.Knows(e.ID), want)
			}
		}
	}
}

// TestVisibilityGlimpsesPeeks: a unit in Full cover shows the enemies it
// would see by leaning out (seed 000), so its side can target them; a
// unit away from the wall does not lean.
func TestVisibilityGlimpsesPeeks(t *testing.T) {
	tests := []struct {
		name string
		m    string
		want bool
	}{
		{"behind the wall's middle, leaning right", `
.....R....
..........
..........
####......
..B.......
..........`, true},
		{"walled in on three sides", `
.....R....
..........
..........
#######...
.#B#......
.###......`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			r, b := s.Unit(1), s.Unit(2)
			if s.LineOfSight(b, r) {
				t.Fatal("test map: Blue already sees Red")
			}
			if v := ComputeVisibility(s, rules.SideBlue, nil); v.Knows(r.ID) != tc.want {
				t.Errorf("Red shown %v, want %v", v.Knows(r.ID), tc.want)
			}
			if v := ComputeVisibility(s, rules.SideRed, nil); v.Knows(b.ID) {
				t.Error("Red, in the open, glimpses Blue behind the wall")
			}
		})
	}
}

// The fog shows a side exactly the units rules.State.Knows says it knows:
// moves are planned with what is shown.
func TestFogIsTheRulesKnowledge(t *testing.T) {
	s, err := rules.ParseASCII(mixedMap)
	if err != nil {
		t.Fatal(err)
	}
	s.Unit(5).Status.Revealed = true
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		v := ComputeVisibility(s, side, rules.NewSightlines(s, 0))
		for _, u := range s.Units {
			if have, want := v.Knows(u.ID), s.Knows(side, u); have != want {
				t.Errorf("%v: the fog shows %s %v, the rules know it %v", side, u.Name, have, want)
			}
		}
	}
}
