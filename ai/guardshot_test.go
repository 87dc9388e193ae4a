package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// guardBoard: Red keeps the low cover standing (Blue must destroy it);
// the wall east of it hides it from the tiles beyond, and Red sees both
// sides of the wall. The second Blue trooper (unit 3, the last row) is
// moved next to Red where a case wants it, else far away behind a wall.
const guardBoard = `
		....#.......
		..l.#.......
		....#.......
		............
		............
		B.......R...
		#.#.........
		B#..........`

// TestGuardShot: a shot at a Blue trooper standing where it may shoot
// the low cover is worth 1+GuardShot times as much to Red, unless
// another Blue trooper's shot at Red is likelier than its shot at the
// cover; one behind the wall, or to a profile without GuardShot, the
// same.
func TestGuardShot(t *testing.T) {
	tests := []struct {
		name  string
		at    rules.Point
		other rules.Point // where Blue's second trooper stands
		guard float64
		want  float64
	}{
		{"a firing point on the cover", rules.Point{X: 2, Y: 3}, rules.Point{X: 0, Y: 7}, 0.5, 1.5},
		{"behind the wall", rules.Point{X: 6, Y: 1}, rules.Point{X: 0, Y: 7}, 0.5, 1},
		{"a firing point, a profile without guardShot", rules.Point{X: 2, Y: 3}, rules.Point{X: 0, Y: 7}, 0, 1},
		{"a firing point, a likelier shot at Red beside it", rules.Point{X: 0, Y: 3}, rules.Point{X: 8, Y: 4}, 0.5, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, guardBoard)
			destroyLow(rules.SideBlue)(s)
			blue, red, other := s.Unit(1), s.Unit(2), s.Unit(3)
			blue.Pos, other.Pos = tt.at, tt.other
			prev, ok := s.ForecastShot(*red, *blue)
			if !ok {
				t.Fatalf("Red has no shot at %v", tt.at)
			}
			p, _ := ProfileNamed("hard")
			p.GuardShot = 0
			plain := NewComputer(p)
			plain.view = match.New(s.Clone(), 1).View(rules.SideRed)
			p.GuardShot = tt.guard
			c := NewComputer(p)
			c.view = match.New(s.Clone(), 1).View(rules.SideRed)
			base, have := plain.shotValue(s, prev, blue), c.shotValue(s, prev, blue)
			if base <= 0 || have/base < tt.want-1e-9 || have/base > tt.want+1e-9 {
				t.Errorf("have %.3f against %.3f (×%.2f), want ×%.2f", have, base, have/base, tt.want)
			}
		})
	}
}
