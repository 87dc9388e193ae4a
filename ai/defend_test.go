package ai

import (
	"slices"
	"testing"

	"sightline/match"
	"sightline/rules"
)

// TestGuardTiles: the ground to watch round an object the enemy must
// destroy holds the tiles a standing soldier sees it from, and not those
// a full wall hides it from nor its own tile; a defender is worth more
// where it sees more of that ground.
func TestGuardTiles(t *testing.T) {
	s, err := rules.ParseASCII(`
		.......
		...l...
		.#####.
		.......
		B.....R`)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range s.Units {
		if err := s.Rules().Equip(u, "trooper"); err != nil {
			t.Fatal(err)
		}
	}
	var object int
	for _, o := range s.Board.Obstacles {
		if o.Height == rules.HeightLow {
			o.Destructible, object = true, o.ID
		}
	}
	s.Objectives = []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalDestroy, Target: object}}
	v := &match.View{Side: rules.SideBlue, Objectives: s.Objectives}
	c := NewComputer(Normal)
	u := s.Unit(1)
	tiles := c.guardTiles(s, v, u)
	for _, tc := range []struct {
		p    rules.Point
		want bool
	}{
		{rules.Point{X: 2, Y: 1}, true},  // beside it
		{rules.Point{X: 0, Y: 0}, true},  // the open row above
		{rules.Point{X: 6, Y: 1}, true},  // along its row
		{rules.Point{X: 3, Y: 1}, false}, // its own tile
		{rules.Point{X: 3, Y: 3}, false}, // behind the wall
		{rules.Point{X: 3, Y: 4}, false}, // farther behind it
	} {
		if have := slices.Contains(tiles, tc.p); have != tc.want {
			t.Errorf("%v on the ground to watch: have %v, want %v (%v)", tc.p, have, tc.want, tiles)
		}
	}
	open, hidden := c.guarding(s, u, rules.Point{X: 6, Y: 0}, tiles), c.guarding(s, u, rules.Point{X: 3, Y: 4}, tiles)
	if open <= hidden {
		t.Errorf("worth %.2f above the wall and %.2f behind it: want more above", open, hidden)
	}
	v.Objectives = nil
	if c.guardTiles(s, v, u) != nil {
		t.Error("ground to watch with no object to defend")
	}
}
