package systems

import "testing"

// The path's cost label sits above the path's end, unless the last step
// came down from above: then it goes below, off the path and the walker.
func TestPathLabelY(t *testing.T) {
	const ey, half = 300.0, 20.0
	for _, tt := range []struct {
		name      string
		py        float64
		wantBelow bool
	}{
		{"from above", ey - 40, true},
		{"from below", ey + 40, false},
		{"from the side", ey, false},
	} {
		y := pathLabelY(ey, tt.py, half)
		below := y >= ey+half
		clear := y+20 <= ey-half || y >= ey+half
		if below != tt.wantBelow || !clear {
			t.Errorf("%s: label at y %.0f (20 tall) for a tile %.0f±%.0f: below %v, want %v, clear of the tile",
				tt.name, y, ey, half, below, tt.wantBelow)
		}
		// Never on the previous step's tile.
		if y < tt.py+half && y+20 > tt.py-half && tt.py != ey {
			t.Errorf("%s: label at y %.0f covers the previous step at %.0f", tt.name, y, tt.py)
		}
	}
}
