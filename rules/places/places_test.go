package places

import (
	"slices"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// A tile is named by the landmark on or beside it, the one sharing an
// edge first, else by the third of the map it is in; the obstacles'
// order does not change the words.
func TestNamerNamesTilesInWords(t *testing.T) {
	s := ruletest.Wood(ruletest.Troopers(t, `
		B.l......
		.........
		.........
		.......#R`), "")
	tests := []struct {
		at          rules.Point
		place, dest string
	}{
		{rules.Point{X: 1, Y: 0}, "beside the low cover", "the low cover"},
		{rules.Point{X: 3, Y: 1}, "beside the low cover", "the low cover"}, // diagonal
		{rules.Point{X: 0, Y: 3}, "in the open to the south-west", "the south-west"},
		{rules.Point{X: 4, Y: 2}, "in the open in the middle of the map", "the middle of the map"},
		{rules.Point{X: 4, Y: 1}, "in the open to the north", "the north"},
		{rules.Point{X: 6, Y: 3}, "beside the wall", "the wall"},
		{rules.Point{X: 7, Y: 3}, "beside the wall", "the wall"}, // on it
		{rules.Point{X: 8, Y: 0}, "in the open to the north-east", "the north-east"},
	}
	var obs []rules.Obstacle
	for _, o := range s.Board.Obstacles {
		obs = append(obs, *o)
	}
	reversed := slices.Clone(obs)
	slices.Reverse(reversed)
	bd := s.Board
	for name, n := range map[string]Namer{
		"of the board":       Of(bd),
		"obstacles reversed": New(bd.Width, bd.Height, bd.TileSize, reversed),
	} {
		for _, tc := range tests {
			if have := n.Place(tc.at); have != tc.place {
				t.Errorf("%s: Place(%v): have %q, want %q", name, tc.at, have, tc.place)
			}
			if have := n.Toward(tc.at, tc.at); have != tc.dest {
				t.Errorf("%s: Toward(%v): have %q, want %q", name, tc.at, have, tc.dest)
			}
		}
	}
}

// A direction is the compass way from the unit to the tile, after the
// landmark beside the tile when there is one: a unit in the north-east
// corner looking along the north edge looks west, though the tile is in
// the map's north.
func TestTowardIsTheWayFromTheUnit(t *testing.T) {
	s := ruletest.Troopers(t, `
		........B
		.........
		.l.......
		.........
		.........
		.........`)
	from := s.Units[0].Pos
	n := Of(s.Board)
	for _, tc := range []struct {
		at   rules.Point
		want string
	}{
		{rules.Point{X: 4, Y: 0}, "the west"},
		{rules.Point{X: 0, Y: 0}, "the west"},
		{rules.Point{X: 8, Y: 5}, "the south"},
		{rules.Point{X: 5, Y: 3}, "the south-west"},
		{rules.Point{X: 7, Y: 1}, "the south-west"},
		{rules.Point{X: 1, Y: 3}, "the low cover to the south-west"},
		{rules.Point{X: 2, Y: 2}, "the low cover to the west"},
		{rules.Point{X: 8, Y: 0}, "the north-east"}, // no way: the part of the map
	} {
		if have := n.Toward(from, tc.at); have != tc.want {
			t.Errorf("Toward(%v, %v): have %q, want %q", from, tc.at, have, tc.want)
		}
	}
}

// A cone's end is named by the way the rules turn the cone (rules.DirTo):
// a tile off the straight lines gets the diagonal, where Toward would
// give the nearest compass way.
func TestConeTowardIsTheConesWay(t *testing.T) {
	s := ruletest.Troopers(t, `
		........B
		.........
		.l.......
		.........`)
	from := s.Units[0].Pos
	n := Of(s.Board)
	for _, tc := range []struct {
		at          rules.Point
		cone, along string
	}{
		{rules.Point{X: 0, Y: 0}, "the west", "the west"},
		{rules.Point{X: 4, Y: 1}, "the south-west", "the west"},
		{rules.Point{X: 7, Y: 3}, "the south-west", "the south"},
		{rules.Point{X: 8, Y: 3}, "the south", "the south"},
		{rules.Point{X: 2, Y: 2}, "the low cover to the south-west", "the low cover to the west"},
		{rules.Point{X: 8, Y: 0}, "the north-east", "the north-east"},
	} {
		if have := n.ConeToward(from, tc.at); have != tc.cone {
			t.Errorf("ConeToward(%v, %v): have %q, want %q", from, tc.at, have, tc.cone)
		}
		if have := n.Toward(from, tc.at); have != tc.along {
			t.Errorf("Toward(%v, %v): have %q, want %q", from, tc.at, have, tc.along)
		}
		if tc.at != from && !strings.HasSuffix(tc.cone, Way(rules.DirTo(from, tc.at))) {
			t.Errorf("ConeToward(%v, %v) = %q does not end with the cone's way %v", from, tc.at, tc.cone, rules.DirTo(from, tc.at))
		}
	}
	for d, want := range map[rules.Dir]string{rules.North: "north", rules.SouthEast: "south-east", rules.West: "west", 8: "", -1: ""} {
		if have := Way(d); have != want {
			t.Errorf("Way(%d): have %q, want %q", d, have, want)
		}
	}
}

// Bearing is the nearest of the eight compass ways, north up the map.
func TestBearing(t *testing.T) {
	o := rules.Point{X: 10, Y: 10}
	for _, tc := range []struct {
		dx, dy int
		want   string
	}{
		{0, 0, ""},
		{0, -3, "north"},
		{0, 4, "south"},
		{-5, 0, "west"},
		{6, 0, "east"},
		{3, 1, "east"},         // 18° off east
		{2, 1, "south-east"},   // 27° off east
		{-1, -2, "north-west"}, // 27° off north
		{-1, -3, "north"},      // 18° off north
		{4, -4, "north-east"},
		{-7, 7, "south-west"},
	} {
		to := rules.Point{X: o.X + tc.dx, Y: o.Y + tc.dy}
		if have := Bearing(o, to); have != tc.want {
			t.Errorf("Bearing(%+d, %+d): have %q, want %q", tc.dx, tc.dy, have, tc.want)
		}
	}
}

// Beside two landmarks a tile is named by the one sharing an edge with
// it, and between two that both do, by the lower ID; smoke and nameless
// obstacles are no landmarks, and a board of no size names no thirds.
func TestNamerPicksOneLandmark(t *testing.T) {
	box := func(id int, name string, x, y float64, walk bool) rules.Obstacle {
		return rules.Obstacle{ID: id, Name: name, Walkable: walk, Shape: rules.RectShape(x*32, y*32, 32, 32)}
	}
	tests := []struct {
		name string
		obs  []rules.Obstacle
		w, h int
		want string
	}{
		{"edge before diagonal", []rules.Obstacle{box(1, "crate", 2, 2, false), box(9, "hedge", 1, 2, false)}, 3, 3, "beside the hedge"},
		{"lower ID", []rules.Obstacle{box(7, "crate", 1, 0, false), box(3, "hedge", 0, 1, false)}, 3, 3, "beside the hedge"},
		{"smoke is no landmark", []rules.Obstacle{box(1, "smoke", 1, 0, true)}, 3, 3, "in the open in the middle of the map"},
		{"nameless is no landmark", []rules.Obstacle{box(1, "", 1, 0, false)}, 9, 9, "in the open to the north-west"},
		{"no size", nil, 0, 0, "in the open in the middle of the map"},
	}
	for _, tc := range tests {
		if have := New(tc.w, tc.h, 32, tc.obs).Place(rules.Point{X: 1, Y: 1}); have != tc.want {
			t.Errorf("%s: have %q, want %q", tc.name, have, tc.want)
		}
	}
}
