package systems

import (
	"testing"

	"sightline/rules"
	"sightline/rules/places"
)

// The log names a tile in rules/places' words, by the cover the roster
// knows: on a board it has just noted, every tile as places names it on
// that board, and a cone's end by its way from where it noted the unit
// (the words themselves are places' tests).
func TestPlaceNamesTilesInWords(t *testing.T) {
	s := troopers(t, `
		B.l......
		.........
		.........
		.......#R`)
	r := NewRoster(s)
	words := places.Of(s.Board)
	for y := range s.Board.Height {
		for x := range s.Board.Width {
			p := rules.Point{X: x, Y: y}
			if have, want := r.Place(p), words.Place(p); have != want {
				t.Errorf("Place(%v): have %q, want %q", p, have, want)
			}
			if have, want := r.ConeToward(1, p), words.ConeToward(s.Units[0].Pos, p); have != want {
				t.Errorf("ConeToward(Blue 1, %v): have %q, want %q", p, have, want)
			}
			if have, want := r.ConeToward(2, p), words.ConeToward(s.Units[1].Pos, p); have != want {
				t.Errorf("ConeToward(Red 2, %v): have %q, want %q", p, have, want)
			}
			if have, want := r.ConeToward(99, p), words.ConeToward(p, p); have != want {
				t.Errorf("ConeToward(unknown, %v): have %q, want %q", p, have, want)
			}
		}
	}
	if have := r.Place(rules.Point{X: 1, Y: 0}); have != "beside the low cover" {
		t.Errorf("Place beside the low cover: have %q", have)
	}
	if have := r.ConeToward(2, rules.Point{X: 8, Y: 0}); have != "the north" {
		t.Errorf("Red 2 toward the north-east corner: have %q, want the north", have)
	}
}
