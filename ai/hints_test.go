package ai

import (
	"slices"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

func pt(x, y int) rules.Point { return rules.Point{X: x, Y: y} }

// A patrol walks its loop leg by leg, with no memory of the walk.
func TestNextWaypoint(t *testing.T) {
	square := []rules.Point{pt(0, 0), pt(6, 0), pt(6, 6), pt(0, 6)}
	line := []rules.Point{pt(0, 0), pt(4, 0)}
	for _, tt := range []struct {
		name  string
		route []rules.Point
		have  rules.Point
		want  rules.Point
	}{
		{"at the start", square, pt(0, 0), pt(6, 0)},
		{"along the first leg", square, pt(3, 0), pt(6, 0)},
		{"beside the first leg", square, pt(3, 1), pt(6, 0)},
		{"a tile short of a corner", square, pt(5, 0), pt(6, 6)},
		{"at a corner", square, pt(6, 0), pt(6, 6)},
		{"along the second leg", square, pt(6, 3), pt(6, 6)},
		{"on the leg home", square, pt(0, 3), pt(0, 0)},
		{"at the last corner", square, pt(0, 6), pt(0, 0)},
		{"a line, at its start", line, pt(0, 0), pt(4, 0)},
		{"a line, at its end: back", line, pt(4, 0), pt(0, 0)},
		{"one point", []rules.Point{pt(2, 2)}, pt(0, 0), pt(2, 2)},
	} {
		if got := nextWaypoint(tt.route, tt.have); got != tt.want {
			t.Errorf("%s: at %v, have %v, want %v", tt.name, tt.have, got, tt.want)
		}
	}
}

// Ambushes, then patrols, each take the nearest unit not yet taken.
func TestPostFor(t *testing.T) {
	s, err := rules.ParseASCII(`
R.........R
...........
R.........B`)
	if err != nil {
		t.Fatal(err)
	}
	m := match.New(s, 1)
	v := *m.View(rules.SideRed)
	v.Hints = []rules.Hint{
		{Side: rules.SideRed, Kind: rules.HintPatrol, Route: []rules.Point{pt(1, 0), pt(5, 0)}},
		{Side: rules.SideRed, Kind: rules.HintAmbush, Zone: rules.Rect{Min: pt(0, 1), Max: pt(1, 2)}, Route: []rules.Point{pt(5, 1)}},
		{Side: rules.SideRed, Kind: rules.HintAmbush, Zone: rules.Rect{Min: pt(1, 1), Max: pt(2, 2)}},
	}
	// Units 1 (0,0) and 3 (0,2) are both a tile from the first ambush:
	// the lower ID takes it, 3 the second, and the patrol gets 2 (10,0).
	want := map[int]post{
		1: {kind: rules.HintAmbush, zone: v.Hints[1].Zone, watch: pt(5, 1), hasWatch: true, on: true},
		3: {kind: rules.HintAmbush, zone: v.Hints[2].Zone, on: true},
		2: {kind: rules.HintPatrol, zone: rules.Rect{Min: pt(5, 0), Max: pt(6, 1)}, on: true},
	}
	for id, w := range want {
		have, ok := postFor(&v, m.State(), m.State().Unit(id), nil, nil)
		if !ok || have != w {
			t.Errorf("unit %d: have %+v %v, want %+v", id, have, ok, w)
		}
	}
	if _, ok := postFor(&v, m.State(), m.State().Unit(4), nil, nil); ok {
		t.Error("Blue's unit took a Red hint")
	}
	enemy := []*rules.Unit{m.State().Unit(4)}
	if p, _ := postFor(&v, m.State(), m.State().Unit(1), enemy, enemy); p.on {
		t.Error("an ambush still leads with an enemy in sight")
	}
	if p, _ := postFor(&v, m.State(), m.State().Unit(2), nil, enemy); p.on {
		t.Error("a patrol still leads with an enemy known")
	}
}

// playRed plays turns of a match where Blue only ends its turns and the
// computer plays Red, calling each after every Red command.
func playRed(t *testing.T, m *match.Match, c *Computer, turns int, each func(rules.Command)) {
	t.Helper()
	for range turns {
		for m.State().Side == rules.SideBlue {
			if _, err := m.Apply(rules.EndTurn{}); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; m.State().Side == rules.SideRed; i++ {
			if i > 20 {
				t.Fatal("Red never ended its turn")
			}
			cmd := c.Next(m.View(rules.SideRed))
			if _, err := m.Apply(cmd); err != nil {
				t.Fatalf("%+v: %v", cmd, err)
			}
			each(cmd)
		}
	}
}

// Unseen by Blue behind the wall, a Red unit with an ambush post goes to
// it and watches toward the point the designer drew; one with a patrol
// walks its waypoints in order; one told to defend a zone goes there and
// stays.
func TestComputerFollowsHints(t *testing.T) {
	const board = `
R..................###B
...................###.
...................###.
...................###.`
	for _, tt := range []struct {
		name  string
		hint  rules.Hint
		turns int
		check func(t *testing.T, m *match.Match, cmds []rules.Command)
	}{
		{"ambush", rules.Hint{Side: rules.SideRed, Kind: rules.HintAmbush, Zone: rules.Rect{Min: pt(12, 2), Max: pt(13, 3)}, Route: []rules.Point{pt(18, 0)}}, 4,
			func(t *testing.T, m *match.Match, cmds []rules.Command) {
				u := m.State().Unit(1)
				if u.Pos != pt(12, 2) || !u.Status.Overwatch {
					t.Fatalf("Red ends at %v, overwatch %v: want at its post (12,2), watching; commands %+v", u.Pos, u.Status.Overwatch, cmds)
				}
				var watched bool
				for _, c := range cmds {
					if o, ok := c.(rules.Overwatch); ok {
						watched = o.At == pt(18, 0)
					}
				}
				if !watched {
					t.Errorf("it did not watch toward (18,0): %+v", cmds)
				}
			}},
		{"patrol", rules.Hint{Side: rules.SideRed, Kind: rules.HintPatrol, Route: []rules.Point{pt(0, 0), pt(8, 0), pt(8, 3)}}, 6,
			func(t *testing.T, m *match.Match, cmds []rules.Command) {
				var path []rules.Point
				for _, c := range cmds {
					if mv, ok := c.(rules.Move); ok {
						path = append(path, mv.To)
					}
				}
				next := 1
				route := []rules.Point{pt(0, 0), pt(8, 0), pt(8, 3)}
				for _, p := range path {
					if chebyshev(p, route[next%3]) <= 1 {
						next++
					}
				}
				if next < 4 {
					t.Errorf("in 6 turns it reached %d waypoints in order, want the loop round to the start: moves %v", next-1, path)
				}
			}},
		{"defend", rules.Hint{Side: rules.SideRed, Kind: rules.HintDefend, Zone: rules.Rect{Min: pt(6, 0), Max: pt(9, 4)}}, 4,
			func(t *testing.T, m *match.Match, cmds []rules.Command) {
				if u := m.State().Unit(1); u.Pos.X < 6 || u.Pos.X > 8 {
					t.Errorf("Red ends at %v, outside the zone x 6..8", u.Pos)
				}
			}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, board)
			s.Hints = []rules.Hint{tt.hint}
			m := match.New(s, 1)
			var cmds []rules.Command
			playRed(t, m, NewComputer(Normal), tt.turns, func(c rules.Command) { cmds = append(cmds, c) })
			tt.check(t, m, cmds)
		})
	}
}

// The account names an ambush's watch by the way its cone points from
// the unit, not by the part of the map the watched tile is in: from the
// north-west corner, a tile in the map's north but east and a row down
// is watched to the south-east, as the cone turns.
func TestAmbushWhyNamesTheConesWay(t *testing.T) {
	for _, tt := range []struct {
		name  string
		watch rules.Point
		want  string
	}{
		{"along the north edge", pt(6, 0), "watching toward the east"},
		{"a row down", pt(6, 1), "watching toward the south-east"},
		{"straight down", pt(0, 3), "watching toward the south"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, `
R.......###B
........###.
........###.
........###.`)
			s.Hints = []rules.Hint{{Side: rules.SideRed, Kind: rules.HintAmbush, Zone: rules.Rect{Min: pt(0, 0), Max: pt(1, 1)}, Route: []rules.Point{tt.watch}}}
			m := match.New(s, 1)
			if _, err := m.Apply(rules.EndTurn{}); err != nil {
				t.Fatal(err)
			}
			c := NewComputer(Normal)
			cmd := c.Next(m.View(rules.SideRed))
			if o, ok := cmd.(rules.Overwatch); !ok || o.At != tt.watch {
				t.Fatalf("have %+v, want overwatch at %v", cmd, tt.watch)
			}
			why := c.Why()
			if why == nil {
				t.Fatal("no account of the decision")
			}
			if !slices.ContainsFunc(why.Lines, func(l string) bool { return strings.Contains(l, tt.want) }) {
				t.Errorf("the account %q does not say %q", why.Lines, tt.want)
			}
		})
	}
}
