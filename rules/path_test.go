package rules

import (
	"fmt"
	"math"
	"slices"
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
			p := Point{X: x, Y: y}
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
			to:   Point{X: 4, Y: 0},
			want: "U****\n.....\n",
			cost: 8,
		},
		{
			name: "diagonal costs one and a half",
			m: `
B..
...
...`,
			to:   Point{X: 2, Y: 2},
			want: "U..\n.*.\n..*\n",
			cost: 6,
		},
		{
			name: "around a wall without cutting corners",
			m: `
B#.
.#.
...`,
			to:   Point{X: 2, Y: 0},
			want: "U#*\n*#*\n***\n",
			cost: 6 * 2,
		},
		{
			name: "walled off",
			m: `
B#.
##.
...`,
			to:   Point{X: 2, Y: 2},
			want: "",
			cost: -1,
		},
		{
			name: "units block",
			m: `
BR.
R..`,
			to:   Point{X: 2, Y: 0},
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
		if have, want := r.Reachable(Point{X: x, Y: 0}), x <= 3; have != want {
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
	u := DefaultUnit(SideBlue, Point{X: 0, Y: 0})
	u.Size = 2
	m := s.AddUnit(u)
	r := s.Reach(m.ID, -1)
	for _, tc := range []struct {
		p    Point
		want bool
	}{
		{Point{X: 4, Y: 0}, true},  // fits in columns 4-5
		{Point{X: 5, Y: 0}, false}, // would stick out of the board
		{Point{X: 1, Y: 1}, false}, // would overlap the wall at (2,2)
		{Point{X: 3, Y: 2}, true},  // right of the wall
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

// TestReachIsWhatMoveCharges checks that the range and path the battle
// shows (Reach) are exactly what Move accepts and charges: vaulting low
// cover, the extra tiles for high cover, and half speed while aiming.
func TestReachIsWhatMoveCharges(t *testing.T) {
	tests := []struct {
		name  string
		m     string
		aim   bool
		to    Point
		ap    int
		vault bool
	}{
		{"vault low cover", `
			B.l..
			..l..
			..l.R`, false, Point{X: 3, Y: 0}, 1, true},
		{"vault high cover costs more", `
			B.h..
			..h..
			..h.R`, false, Point{X: 3, Y: 0}, 2, true},
		{"aiming halves speed", `
			B.....
			.....R`, true, Point{X: 2, Y: 0}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			for _, o := range s.Board.Obstacles {
				o.Vaultable = true
			}
			u := s.Unit(1)
			u.Speed = 3
			if tt.aim {
				if _, err := Apply(s, Aim{Unit: 1}, NewRNG(1)); err != nil {
					t.Fatal(err)
				}
			}
			r := s.Reach(1, MoveBudget(u))
			if !r.Reachable(tt.to) {
				t.Fatalf("map:%s\n%v not shown as reachable", tt.m, tt.to)
			}
			if have := r.AP(tt.to); have != tt.ap {
				t.Errorf("shown AP have %d, want %d", have, tt.ap)
			}
			path := r.Path(tt.to)
			if tt.vault && len(path) > 0 && path[len(path)-1] != tt.to {
				t.Errorf("path %v does not end at %v", path, tt.to)
			}
			before := u.AP
			ev, err := Apply(s, Move{Unit: 1, To: tt.to}, NewRNG(1))
			if err != nil {
				t.Fatalf("Move refused what Reach showed: %v", err)
			}
			if spent := before - u.AP; spent != tt.ap {
				t.Errorf("Move charged %d AP, Reach showed %d (events %v)", spent, tt.ap, ev)
			}
			vaulted := false
			for _, e := range ev {
				if _, ok := e.(Vaulted); ok {
					vaulted = true
				}
			}
			if vaulted != tt.vault {
				t.Errorf("vaulted have %v, want %v (events %v)", vaulted, tt.vault, ev)
			}
		})
	}
}

// TestPileReach: the search of a move that piles through cover reaches
// past destructible cover that the plain search stops at, as Move with
// Pile does.
func TestPileReach(t *testing.T) {
	s := battle(t, `
#####
B..h.
#####`, "")
	obstacleAt(t, s, Point{X: 3, Y: 1}).Vaultable = false // a brick wall
	s.AddUnit(DefaultUnit(SideRed, Point{X: 4, Y: 0}))    // so the battle is on
	beyond := Point{X: 4, Y: 1}
	if s.Reach(1, -1).Reachable(beyond) {
		t.Fatal("the plain search walks through high cover")
	}
	pr := s.PileReach(1, MoveBudget(s.Unit(1)))
	if !pr.Reachable(beyond) {
		t.Fatalf("PileReach does not reach %v", beyond)
	}
	if err := Check(s, Move{Unit: 1, To: beyond, Pile: true}); err != nil {
		t.Errorf("Move with Pile refuses what PileReach reaches: %v", err)
	}
	for _, tt := range []struct {
		st   int
		want float64
	}{{8, 2.0 / 6}, {12, 1}, {4, 0}} { // brick DE 12
		if have := pr.PileOdds(beyond, tt.st); math.Abs(have-tt.want) > 1e-9 {
			t.Errorf("ST %d: odds have %v, want %v", tt.st, have, tt.want)
		}
	}
	if have := pr.PileOdds(Point{X: 2, Y: 1}, 0); have != 1 {
		t.Errorf("odds of a walk that piles through nothing: have %v, want 1", have)
	}
	wall := obstacleAt(t, s, Point{X: 3, Y: 1}).ID
	if have := pr.PiledThrough(beyond); !slices.Equal(have, []int{wall}) {
		t.Errorf("piled through on the way to %v: have %v, want [%d]", beyond, have, wall)
	}
	if have := pr.PiledThrough(Point{X: 2, Y: 1}); len(have) != 0 {
		t.Errorf("a walk that piles through nothing: have %v, want none", have)
	}
	if s.PileReach(99, -1).Reachable(beyond) {
		t.Error("an unknown unit reaches something")
	}
}
