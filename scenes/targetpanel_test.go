package scenes

import "testing"

// TestTargetPanelX checks the targeting panel leaves its top-left corner
// for the top-right one only when the target would be under it.
func TestTargetPanelX(t *testing.T) {
	const sw, w, h = 1280.0, 430.0, 360.0
	right := sw - targetPanelMargin - w
	tests := []struct {
		name   string
		tx, ty float64
		want   float64
	}{
		{"target on the right half", 900, 300, targetPanelMargin},
		{"target under the panel", 412, 180, right},
		{"target just right of the panel, its tag would touch it", 16 + w + 40, 200, right},
		{"target clear of the panel's right edge", 16 + w + 100, 200, targetPanelMargin},
		{"target below the panel", 300, 64 + h + 100, targetPanelMargin},
		{"target just below the panel, its tag would touch it", 300, 64 + h + 50, right},
	}
	for _, tt := range tests {
		if got := targetPanelX(sw, w, h, tt.tx, tt.ty); got != tt.want {
			t.Errorf("%s: targetPanelX(%v, %v) = %v, want %v", tt.name, tt.tx, tt.ty, got, tt.want)
		}
	}
}
