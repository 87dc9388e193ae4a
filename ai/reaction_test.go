package ai

import (
	"testing"

	"sightline/rules"
)

// TestReactionFire: a path through the cone of an enemy on overwatch (or
// laying covering fire) that the side sees costs the damage its shot may
// do there; the same path is free when the enemy watches the other way or
// does not watch.
func TestReactionFire(t *testing.T) {
	s, err := rules.ParseASCII(`
R.........
..........
..........
..........
B.........`)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range s.Units {
		if err := s.Rules().Equip(u, "trooper"); err != nil {
			t.Fatal(err)
		}
	}
	blue, red := s.Units[1], s.Units[0]
	path := []rules.Point{{X: 1, Y: 4}, {X: 2, Y: 4}, {X: 3, Y: 4}}
	for _, c := range []struct {
		name            string
		watch, covering bool
		dir             rules.Dir
		fire            bool
	}{
		{"watching the path", true, false, rules.South, true},
		{"watching away", true, false, rules.North, false},
		{"not watching", false, false, rules.South, false},
		{"covering fire on the path", false, true, rules.South, true},
		{"covering fire away", false, true, rules.North, false},
	} {
		red.Status.Overwatch, red.Status.WatchDir = c.watch, c.dir
		red.Status.Covering, red.Status.CoverDir = c.covering, c.dir
		zones := watchZones(s, []*rules.Unit{red})
		have := reactionFire(s, blue, path, zones)
		if (have > 0) != c.fire {
			t.Errorf("%s: reaction fire %v, want some: %v", c.name, have, c.fire)
		}
	}
}
