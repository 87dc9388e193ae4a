package systems

import (
	"math"
	"slices"
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
	z.Update(s, [2]int{1, 1})
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
	z.Update(s, [2]int{1, 1})
	if len(z.Zones) != 2 {
		t.Error("recomputed with an unchanged key")
	}
	w.Status.Overwatch = true
	z.Know = seeing{known: func(id int) bool { return id != 1 }}
	z.Update(s, [2]int{1, 2})
	if len(z.Zones) != 1 || z.Zones[0].Unit != 2 {
		t.Errorf("with Red 1 hidden: zones %+v, want Red 2's only", z.Zones)
	}
}

func TestZonePreview(t *testing.T) {
	// Red 1 points its overwatch: the preview is the cone the zone will
	// hold, toward the hovered tile, and nothing on its own tile.
	s := troopers(t, `
		.....#....
		.....#..R.
		.....#....
		..........`)
	u := s.Unit(1)
	var z ZoneOverlay
	z.Update(s, [2]int{1, 1})
	tests := []struct {
		at       rules.Point
		covering bool
		ok       bool
		want     bool // a preview is shown
		in, out  rules.Point
	}{
		{rules.Point{X: 2, Y: 1}, false, true, true, rules.Point{X: 6, Y: 1}, rules.Point{X: 9, Y: 1}},
		{rules.Point{X: 8, Y: 3}, true, true, true, rules.Point{X: 8, Y: 2}, rules.Point{X: 8, Y: 0}},
		{rules.Point{X: 8, Y: 1}, false, true, false, rules.Point{}, rules.Point{}}, // its own tile
		{rules.Point{X: 2, Y: 1}, false, false, false, rules.Point{}, rules.Point{}},
	}
	for _, tc := range tests {
		z.SetPreview(s, 1, tc.covering, tc.at, tc.ok)
		if (z.Preview != nil) != tc.want {
			t.Fatalf("at %v ok %v: preview %+v, want shown %v", tc.at, tc.ok, z.Preview, tc.want)
		}
		if !tc.want {
			continue
		}
		// The preview is what the unit would hold once the rules set it.
		zone, _ := ZoneOf(s, u, tc.covering, rules.DirTo(u.Pos, tc.at))
		if !slices.Equal(z.Preview.Tiles, zone.Tiles) || z.Preview.Covering != tc.covering {
			t.Errorf("at %v: preview %v, want %v", tc.at, z.Preview.Tiles, zone.Tiles)
		}
		if !slices.Contains(z.Preview.Tiles, tc.in) || slices.Contains(z.Preview.Tiles, tc.out) {
			t.Errorf("at %v: preview %v must hold %v and not %v", tc.at, z.Preview.Tiles, tc.in, tc.out)
		}
	}
	// Once on overwatch toward (2,1), the zone in force equals the preview.
	u.Status.Overwatch, u.Status.WatchDir = true, rules.DirTo(u.Pos, rules.Point{X: 2, Y: 1})
	z.SetPreview(s, 1, false, rules.Point{X: 2, Y: 1}, true)
	prev := slices.Clone(z.Preview.Tiles)
	z.Update(s, [2]int{2, 1})
	if len(z.Zones) != 1 || !slices.Equal(z.Zones[0].Tiles, prev) {
		t.Errorf("zone %+v, the preview showed %v", z.Zones, prev)
	}
	if z.Preview != nil {
		t.Error("Update kept a stale preview")
	}
}

// The zone's outline is the cone itself: two sides from the unit at half
// the cone's angle either side of its direction, and an arc at its reach,
// clipped to the board.
func TestConeEdges(t *testing.T) {
	s, err := rules.ParseASCII(`
		..........
		..........
		..........
		..........
		..........`)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	ts := float64(b.TileSize)
	w, h := float64(b.Width)*ts, float64(b.Height)*ts
	for _, tt := range []struct {
		name   string
		origin rules.Vec
		dir    rules.Dir
		reach  float64
		clip   bool
	}{
		{"inside", rules.Vec{X: 2.5 * ts, Y: 2.5 * ts}, rules.East, 2 * ts, false},
		{"cut by the board", rules.Vec{X: 2.5 * ts, Y: 2.5 * ts}, rules.East, 9 * ts, true},
	} {
		segs := coneEdges(b, tt.origin, rules.East, 90, tt.reach)
		if len(segs) < 2 || !tt.clip && len(segs) != 2+24 {
			t.Fatalf("%s: %d segments", tt.name, len(segs))
		}
		for _, sg := range segs {
			for _, p := range sg {
				if p.X < -1e-9 || p.Y < -1e-9 || p.X > w+1e-9 || p.Y > h+1e-9 {
					t.Errorf("%s: point %v off the %vx%v board", tt.name, p, w, h)
				}
			}
		}
		// The sides leave the origin at 45 degrees either side of east.
		for i, want := range []float64{-45, 45} {
			d := segs[i][1].Sub(segs[i][0])
			if got := math.Atan2(d.Y, d.X) * 180 / math.Pi; math.Abs(got-want) > 1e-6 || segs[i][0] != tt.origin {
				t.Errorf("%s: side %d leaves %v at %.1f degrees, want %v at %v", tt.name, i, segs[i][0], got, tt.origin, want)
			}
		}
		if !tt.clip {
			for _, sg := range segs[2:] {
				if r := sg[0].Sub(tt.origin).Len(); math.Abs(r-tt.reach) > 1e-6 {
					t.Errorf("%s: the arc is %.2f from the unit, want %.2f", tt.name, r, tt.reach)
				}
			}
		}
	}
}
