package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// guardBoard: Red keeps the low cover standing (Blue must destroy it);
// the wall east of it hides it from the tiles beyond, and Red sees both
// sides of the wall.
const guardBoard = `
		....#.......
		..l.#.......
		....#.......
		............
		............
		B.......R...`

// TestGuardShot: a shot at a Blue trooper standing where it may shoot
// the low cover is worth 1+GuardShot times as much to Red, one behind
// the wall or to a profile without GuardShot the same.
func TestGuardShot(t *testing.T) {
	tests := []struct {
		name  string
		at    rules.Point
		guard float64
		want  float64
	}{
		{"a firing point on the cover", rules.Point{X: 2, Y: 3}, 0.5, 1.5},
		{"behind the wall", rules.Point{X: 6, Y: 1}, 0.5, 1},
		{"a firing point, a profile without guardShot", rules.Point{X: 2, Y: 3}, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, guardBoard)
			destroyLow(rules.SideBlue)(s)
			blue := s.Unit(1)
			blue.Pos = tt.at
			red := *s.Unit(2)
			prev, ok := s.ForecastShot(red, *blue)
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
