package places

import (
	"slices"
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
			if have := n.Toward(tc.at); have != tc.dest {
				t.Errorf("%s: Toward(%v): have %q, want %q", name, tc.at, have, tc.dest)
			}
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
