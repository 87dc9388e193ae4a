package systems

import (
	"image/color"
	"slices"
	"testing"

	"sightline/rules"
)

// TestWhyOverlayTints: a tile weighed against the enemy fire is tinted
// by its score on the range of those tiles' scores; a tile set aside
// before that fire was weighed is grey, and its score (the most it could
// score, not its score) stretches no range.
func TestWhyOverlayTints(t *testing.T) {
	tiles := []rules.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 2, Y: 0}}
	tests := []struct {
		name   string
		scores []float64
		aside  []bool
		want   []color.NRGBA
	}{
		{"every tile weighed", []float64{0, 5, 10}, nil, []color.NRGBA{Heat(0), Heat(0.5), Heat(1)}},
		{"the best bound set aside", []float64{0, 10, 100}, []bool{false, false, true}, []color.NRGBA{Heat(0), Heat(1), ColorAside}},
		{"a low bound set aside", []float64{-50, 0, 10}, []bool{true, false, false}, []color.NRGBA{ColorAside, Heat(0), Heat(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := &WhyOverlay{Tiles: tiles, Scores: tt.scores, Aside: tt.aside}
			if have := o.tints(); !slices.Equal(have, tt.want) {
				t.Errorf("have %v, want %v", have, tt.want)
			}
		})
	}
}
