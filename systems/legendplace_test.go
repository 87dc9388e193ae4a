package systems

import (
	"fmt"
	"testing"
)

// TestPreviewLegendKeepsOffTheTile: the move preview's key stays in its
// corner while that is clear; when it would cover the hovered tile or a
// unit it moves under the top bar, unless that covers more.
func TestPreviewLegendKeepsOffTheTile(t *testing.T) {
	const sw, sh = 1280.0, 720.0
	for _, s := range []float64{1, 1.25, 1.5} {
		bx, by, bw, bh := PreviewLegendBox(sw, sh, s, false, 3)
		inside := [4]float64{bx + 10, by + 10, 40, 40} // a tile under the corner's key
		topY := (topBarH + 8) * s
		above := [4]float64{bx + 10, topY + 10, 40, 40} // a unit where the key would go
		tests := []struct {
			name  string
			avoid [][4]float64
			wantY float64
		}{
			{"nothing under it", nil, by},
			{"clear of the tile", [][4]float64{{bx + bw + 20, by, 40, 40}}, by},
			{"the tile under it", [][4]float64{inside}, topY},
			{"the tile under it, a unit above", [][4]float64{inside, above, above}, by},
		}
		for _, tc := range tests {
			t.Run(fmt.Sprintf("%.0f%% %s", 100*s, tc.name), func(t *testing.T) {
				x, y, w, h := PreviewLegendAt(sw, sh, s, false, 3, tc.avoid)
				if y != tc.wantY || w != bw || h != bh {
					t.Fatalf("the key is at %v, want y %.0f and size %.0f×%.0f", [4]float64{x, y, w, h}, tc.wantY, bw, bh)
				}
				if y == topY && coveredArea(x, y, w, h, tc.avoid) > 0 {
					t.Errorf("moved under the top bar, the key still covers %v", tc.avoid)
				}
				if x < LeftColumnW*s || y < topBarH*s || y+h > sh-bottomBandH*s {
					t.Errorf("the key %v leaves the map's part of the screen", [4]float64{x, y, w, h})
				}
			})
		}
	}
}
