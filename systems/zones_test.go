package systems

import (
	"testing"

	"sightline/rules"
)

func TestZoneOverlay(t *testing.T) {
	// Red 1 watches west along row 1, where a wall cuts its cone; Red 2
	// holds covering fire north.
	s := troopers(t, `
		.....#....
		.....#..R.
		.....#....
		..........
		..........
		.......R..`)
	w, c := s.Unit(1), s.Unit(2)
	w.Status.Overwatch, w.Status.WatchDir = true, rules.West
	c.Status.Covering, c.Status.CoverDir = true, rules.North
	var z ZoneOverlay
	z.Update(s, nil, [2]int{1, 1})
	if len(z.Zones) != 2 || z.Zones[0].Covering || !z.Zones[1].Covering {
		t.Fatalf("zones %+v, want Red 1's overwatch then Red 2's covering fire", z.Zones)
	}
	tests := []struct {
		p        rules.Point
		covering bool
		want     bool
	}{
		{rules.Point{X: 6, Y: 1}, false, true},  // in front of the watcher
		{rules.Point{X: 2, Y: 1}, false, false}, // behind the wall
		{rules.Point{X: 9, Y: 1}, false, false}, // behind the watcher
		{rules.Point{X: 7, Y: 3}, true, true},   // north of the covering unit
		{rules.Point{X: 7, Y: 5}, true, false},  // its own tile
		{rules.Point{X: 2, Y: 5}, true, false},  // west of the covering unit
	}
	for _, tc := range tests {
		if have := z.Has(tc.p, tc.covering); have != tc.want {
			t.Errorf("tile %v covering %v: have %v, want %v", tc.p, tc.covering, have, tc.want)
		}
	}
	// The same key: nothing recomputed; a new key with Red 1 hidden: only
	// Red 2's zone.
	w.Status.Overwatch = false
	z.Update(s, nil, [2]int{1, 1})
	if len(z.Zones) != 2 {
		t.Error("recomputed with an unchanged key")
	}
	w.Status.Overwatch = true
	z.Update(s, func(id int) bool { return id != 1 }, [2]int{1, 2})
	if len(z.Zones) != 1 || z.Zones[0].Unit != 2 {
		t.Errorf("with Red 1 hidden: zones %+v, want Red 2's only", z.Zones)
	}
}
