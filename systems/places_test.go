package systems

import (
	"testing"

	"sightline/rules"
)

// The log names a tile by the cover beside it, or by the part of the
// map it is in: never by numbers the screen does not show.
func TestPlaceNamesTilesInWords(t *testing.T) {
	s := troopers(t, `
		B.l......
		.........
		.........
		.......#R`)
	r := NewRoster(s)
	tests := []struct {
		at           rules.Point
		place, where string
	}{
		{rules.Point{X: 1, Y: 0}, "beside the low cover", "the low cover"},
		{rules.Point{X: 3, Y: 1}, "beside the low cover", "the low cover"}, // diagonal
		{rules.Point{X: 0, Y: 3}, "in the open to the south-west", "the south-west"},
		{rules.Point{X: 4, Y: 2}, "in the open in the middle of the map", "the middle of the map"},
		{rules.Point{X: 4, Y: 1}, "in the open to the north", "the north"},
		{rules.Point{X: 6, Y: 3}, "beside the wall", "the wall"},
		{rules.Point{X: 8, Y: 0}, "in the open to the north-east", "the north-east"},
	}
	for _, tc := range tests {
		if have := r.Place(tc.at); have != tc.place {
			t.Errorf("Place(%v): have %q, want %q", tc.at, have, tc.place)
		}
		if have := r.Toward(tc.at); have != tc.where {
			t.Errorf("Toward(%v): have %q, want %q", tc.at, have, tc.where)
		}
	}
}
