package match

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// coverMap: Blue 1 looks along the top row at the wall piece at (3,0);
// the full wall in row 2 hides it from Red 2, who sees only the row's
// wall pieces next to it.
const coverMap = `
B..#..
......
######
......
R.....`

// A side sees an event about cover when it saw a tile of the cover just
// before the command, even when the command removed it; an ID that names
// no obstacle is seen by nobody.
func TestWitnessSeesCoverRemoved(t *testing.T) {
	tests := []struct {
		name      string
		at        rules.Point // the obstacle razed; none: an unknown ID
		blue, red bool
	}{
		{"the piece only Blue sees", rules.Point{X: 3, Y: 0}, true, false},
		{"a piece of the wall both see", rules.Point{X: 0, Y: 2}, true, true},
		{"no such obstacle", rules.Point{X: -1, Y: -1}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, coverMap)
			id := 999
			for _, o := range s.Board.Obstacles {
				if lo, _ := o.Shape.Bounds(); int(lo.X)/s.Board.TileSize == tt.at.X && int(lo.Y)/s.Board.TileSize == tt.at.Y {
					id = o.ID
				}
			}
			var before, after [2]*Visibility
			for side := range before {
				before[side] = ComputeVisibility(s, rules.Side(side), nil)
			}
			w := NewWitness(s, before)
			s.Board.RemoveObstacle(id) // as a command that razes it does
			for side := range after {
				after[side] = ComputeVisibility(s, rules.Side(side), nil)
			}
			w.After(s, after)
			ev := rules.ObstacleRemoved{Obstacle: id}
			if have := w.Sees(rules.SideBlue, ev); have != tt.blue {
				t.Errorf("Blue sees it: have %v, want %v", have, tt.blue)
			}
			if have := w.Sees(rules.SideRed, ev); have != tt.red {
				t.Errorf("Red sees it: have %v, want %v", have, tt.red)
			}
		})
	}
}
