package systems

import (
	"fmt"
	"testing"
)

// TestLegendsScaleWithInterface: the cone's and the move preview's keys
// grow with the interface's size (a phone's page uses 150%), stay on the
// screen, above the bottom band and right of the left column, and the
// preview's key never covers the hovered unit's card.
func TestLegendsScaleWithInterface(t *testing.T) {
	const sw, sh = 1280.0, 720.0
	_, _, w1, h1 := TargetLegendBox(sh, 1)
	_, _, pw1, ph1 := PreviewLegendBox(sw, sh, 1, false, 3)
	tests := []struct {
		scale float64
		hover bool
		lines int
	}{
		{1, false, 0}, {1, true, 3}, {1.25, false, 3}, {1.25, true, 3},
		{1.5, false, 3}, {1.5, true, 3}, {1.5, true, 6},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%.0f%% hover=%v lines=%d", 100*tt.scale, tt.hover, tt.lines), func(t *testing.T) {
			s := tt.scale
			in := func(name string, x, y, w, h float64) {
				t.Helper()
				if x < LeftColumnW*s || y < topBarH*s || x+w > sw || y+h > sh-bottomBandH*s {
					t.Errorf("the %s %v leaves the map's part of the screen", name, [4]float64{x, y, w, h})
				}
			}
			x, y, w, h := TargetLegendBox(sh, s)
			if have, want := [2]float64{w, h}, [2]float64{w1 * s, h1 * s}; have != want {
				t.Errorf("the cone's key is %v, want %v", have, want)
			}
			in("cone's key", x, y, w, h)
			x, y, w, h = PreviewLegendBox(sw, sh, s, tt.hover, tt.lines)
			if tt.lines == 3 {
				if have, want := [2]float64{w, h}, [2]float64{pw1 * s, ph1 * s}; have != want {
					t.Errorf("the preview's key is %v, want %v", have, want)
				}
			}
			in("preview's key", x, y, w, h)
			if tt.hover {
				hud := &HUD{h: sh / s}
				cx, cy, cw, ch := hud.HoverCardBox()
				cx, cy, cw, ch = cx*s, cy*s, cw*s, ch*s
				if x < cx+cw && cx < x+w && y < cy+ch && cy < y+h {
					t.Errorf("the preview's key %v covers the hovered card %v", [4]float64{x, y, w, h}, [4]float64{cx, cy, cw, ch})
				}
			}
		})
	}
}
