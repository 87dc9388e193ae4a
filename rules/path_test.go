package rules

import (
	"fmt"
	"strings"
	"testing"
)

// drawPath renders the map with the path marked by '*'.
func drawPath(s *State, path []Point) string {
	var sb strings.Builder
	on := map[Point]bool{}
	for _, p := range path {
		on[p] = true
	}
	for y := 0; y < s.Board.Height; y++ {
		for x := 0; x < s.Board.Width; x++ {
			p := Point{x, y}
			switch {
			case on[p]:
				sb.WriteByte('*')
			case s.UnitAt(p) != nil:
				sb.WriteByte('U')
			case !s.Board.Passable(p):
				sb.WriteByte('#')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestReachPath(t *testing.T) {
	tests := []struct {
		name string
		m    string
		to   Point
		want string // map with the path; "" when unreachable
		cost int
	}{
		{
			name: "straight",
			m: `
B....
.....`,
			to:   Point{4, 0},
			want: "U****\n.....\n",
			cost: 8,
		},
		{
			name: "diagonal costs one and a half",
			m: `
B..
...
...`,
			to:   Point{2, 2},
			want: "U..\n.*.\n..*\n",
			cost: 6,
		},
		{
			name: "around a wall without cutting corners",
			m: `
B#.
.#.
...`,
			to:   Point{2, 0},
			want: "U#*\n*#*\n***\n",
			cost: 6 * 2,
		},
		{
			name: "walled off",
			m: `
B#.
##.
...`,
			to:   Point{2, 2},
			want: "",
			cost: -1,
		},
		{
			name: "units block",
			m: `
BR.
R..`,
			to:   Point{2, 0},
			want: "",
			cost: -1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseASCII(tt.m)
			if err != nil {
				t.Fatal(err)
			}
			r := s.Reach(1, -1)
			if have := r.Cost(tt.to); have != tt.cost {
				t.Errorf("map:%s\ncost have %d, want %d", tt.m, have, tt.cost)
			}
			path := r.Path(tt.to)
			have := ""
			if path != nil {
				have = drawPath(s, path)
			}
			if have != tt.want {
				t.Errorf("map:%s\npath have:\n%s\nwant:\n%s", tt.m, have, tt.want)
			}
		})
	}
}

func TestReachBudget(t *testing.T) {
	s, err := ParseASCII(`
B.........`)
	if err != nil {
		t.Fatal(err)
	}
	r := s.Reach(1, 6)
	for x := 0; x < 10; x++ {
		if have, want := r.Reachable(Point{x, 0}), x <= 3; have != want {
			t.Errorf("x=%d: reachable have %v, want %v", x, have, want)
		}
	}
	if have := len(r.Tiles()); have != 4 {
		t.Errorf("tiles have %d, want 4", have)
	}
}

func TestReachMech(t *testing.T) {
	s, err := ParseASCII(`
......
......
..#...
......`)
	if err != nil {
		t.Fatal(err)
	}
	u := DefaultUnit(SideBlue, Point{0, 0})
	u.Size = 2
	m := s.AddUnit(u)
	r := s.Reach(m.ID, -1)
	for _, tc := range []struct {
		p    Point
		want bool
	}{
		{Point{4, 0}, true},  // fits in columns 4-5
		{Point{5, 0}, false}, // would stick out of the board
		{Point{1, 1}, false}, // would overlap the wall at (2,2)
		{Point{3, 2}, true},  // right of the wall
	} {
		if have := r.Reachable(tc.p); have != tc.want {
			t.Errorf("2x2 at %v: have %v, want %v", tc.p, have, tc.want)
		}
	}
}

func TestMoveAP(t *testing.T) {
	for _, tc := range []struct{ cost, speed, want int }{
		{0, 5, 0}, {1, 5, 1}, {10, 5, 1}, {11, 5, 2}, {30, 5, 3}, {4, 0, 2},
	} {
		t.Run(fmt.Sprintf("%d/%d", tc.cost, tc.speed), func(t *testing.T) {
			if have := MoveAP(tc.cost, tc.speed); have != tc.want {
				t.Errorf("have %d, want %d", have, tc.want)
			}
		})
	}
}
