package ai

import (
	"math"
	"testing"

	"sightline/rules"
)

// TestReady: a tile weighs the best shot the unit would have from it
// next turn at an enemy its side believes in, Ready times that shot's
// value, whether or not the AP left buys a shot now, where no enemy's
// shot at it is as likely to hit; from behind a wall, where the enemy
// hits it as likely, or when its side has an objective of its own to go
// and win, it weighs nothing.
func TestReady(t *testing.T) {
	s, err := rules.ParseASCII(`
...#........
B..#.....R..
...#........
............
............
............
.l..........
............
............`)
	if err != nil {
		t.Fatal(err)
	}
	u, e := s.Unit(1), s.Unit(2)
	for _, x := range []*rules.Unit{u, e} {
		if err := s.Rules().Equip(x, "trooper"); err != nil {
			t.Fatal(err)
		}
	}
	threats := []*rules.Unit{e}
	plain := NewComputer(Profile{Offence: 1, Kill: 8})
	ready := NewComputer(Profile{Offence: 1, Kill: 8, Ready: 0.5})
	open := *u
	open.Pos = rules.Point{X: 0, Y: 6} // behind the low wall
	bare := rules.Point{X: 6, Y: 7}    // where the enemy hits it as likely
	_, shot, ok := plain.bestShot(s, open, threats)
	if !ok || shot <= 0 {
		t.Fatalf("no shot from %v at %v", open.Pos, e.Pos)
	}
	for _, tt := range []struct {
		name    string
		p       rules.Point
		ap      int
		targets []*rules.Unit
		goal    bool    // the side has an objective of its own to go and win
		want    float64 // the tile's score with Ready less without
	}{
		{"behind the low wall, no AP left", open.Pos, 0, threats, false, 0.5 * shot},
		{"behind the low wall, no AP left, the enemy believed in only", open.Pos, 0, nil, false, 0.5 * shot},
		{"behind the low wall, AP for three shots", open.Pos, 3, threats, false, 0.5 * shot},
		{"behind the low wall, AP for three shots, the enemy believed in only", open.Pos, 3, nil, false, 0.5 * shot},
		{"where the enemy hits it as likely, no AP left", bare, 0, threats, false, 0},
		{"where the enemy hits it as likely, AP for three shots", bare, 3, threats, false, 0},
		{"behind the low wall, no AP left, with an objective of its own", open.Pos, 0, threats, true, 0},
		{"behind the wall", u.Pos, 0, threats, false, 0},
		{"behind the wall, AP for three shots", u.Pos, 3, threats, false, 0},
	} {
		ready.goal, plain.goal = tt.goal, tt.goal
		have := ready.tile(s, u, tt.p, tt.ap, threats, tt.targets, 1) - plain.tile(s, u, tt.p, tt.ap, threats, tt.targets, 1)
		if math.Abs(have-tt.want) > 1e-9 {
			t.Errorf("%s: have %.3f, want %.3f", tt.name, have, tt.want)
		}
	}
}
