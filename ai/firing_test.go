package ai

import (
	"slices"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// firingBoard is a room holding the object Blue must destroy (the low
// cover), seen from outside through a gap in its west wall; two Red
// troopers wait out of sight south of it.
const firingBoard = `
		..........#######...
		..........#.....#...
		.............l..#...
		..........#.....#...
		####.#####.##.###...
		B...................
		....................
		.......####.........
		.......#R...........
		.......#R...........`

// firingState is firingBoard with troopers and the low cover as the
// object Blue must destroy.
func firingState(t *testing.T) *rules.State {
	t.Helper()
	s := ruletest.Troopers(t, firingBoard)
	destroyLow(rules.SideBlue)(s)
	return s
}

// TestObjectShot: a tile is worth the shot it gives at the object Blue
// must destroy where it sees it (through the gap), nothing behind the
// wall, with no AP for a shot or without the profile's AimObject.
func TestObjectShot(t *testing.T) {
	tests := []struct {
		name  string
		at    rules.Point
		shots int
		aim   bool
		want  bool
	}{
		{"in line with the gap, two shots", rules.Point{X: 7, Y: 2}, 2, true, true},
		{"in line with the gap, one shot", rules.Point{X: 7, Y: 2}, 1, true, true},
		{"behind the wall", rules.Point{X: 3, Y: 5}, 2, true, false},
		{"no AP for a shot", rules.Point{X: 7, Y: 2}, 0, true, false},
		{"a profile without aimObject", rules.Point{X: 7, Y: 2}, 2, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := firingState(t)
			p := Normal
			p.AimObject = tt.aim
			c := NewComputer(p)
			c.view = match.New(s.Clone(), 1).View(rules.SideBlue)
			u := *s.Unit(1)
			u.Pos = tt.at
			v, id := c.objectShot(s, &u, tt.shots)
			if have := v > 0; have != tt.want {
				t.Errorf("have %.2f (object %d), want a shot: %v", v, id, tt.want)
			}
		})
	}
	// Two shots are likelier to break it than one.
	s := firingState(t)
	c := NewComputer(Normal)
	c.view = match.New(s.Clone(), 1).View(rules.SideBlue)
	u := *s.Unit(1)
	u.Pos = rules.Point{X: 7, Y: 2}
	one, _ := c.objectShot(s, &u, 1)
	two, _ := c.objectShot(s, &u, 2)
	if two <= one {
		t.Errorf("two shots worth %.2f, one %.2f: want more for two", two, one)
	}
}

// TestWhyNamesTheFiringPoint: with no sight of the object where it
// stands, Blue walks to a tile in line with the gap, and the why overlay
// says it can shoot the object from there.
func TestWhyNamesTheFiringPoint(t *testing.T) {
	m := match.New(firingState(t), 1)
	c := NewComputer(Normal)
	cmd := c.Next(m.View(rules.SideBlue))
	mv, ok := cmd.(rules.Move)
	if !ok {
		t.Fatalf("have %v, want a move to a firing point", cmd)
	}
	u := *m.State().Unit(1)
	u.Pos = mv.To
	if v, _ := c.objectShot(m.State(), &u, 1); v <= 0 {
		t.Errorf("moved to %v, which gives no shot at the object", mv.To)
	}
	if !slices.ContainsFunc(c.Why().Lines, func(l string) bool {
		return strings.HasPrefix(l, "From there it can shoot the low cover, its objective")
	}) {
		t.Errorf("the why lines do not name the firing point: %q", c.Why().Lines)
	}
}
