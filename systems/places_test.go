package systems

import (
	"testing"

	"sightline/rules"
	"sightline/rules/places"
)

// The log names a tile in rules/places' words, by the cover the roster
// knows: on a board it has just noted, every tile as places names it on
// that board (the words themselves are places' tests).
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
			if have, want := r.Toward(p), words.Toward(p); have != want {
				t.Errorf("Toward(%v): have %q, want %q", p, have, want)
			}
		}
	}
	if have := r.Place(rules.Point{X: 1, Y: 0}); have != "beside the low cover" {
		t.Errorf("Place beside the low cover: have %q", have)
	}
}
