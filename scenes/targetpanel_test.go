package scenes

import "testing"

// TestPlacePanel checks the targeting panel stays in the map's part of
// the screen, clear of the shooter, the target and the furniture floating
// over the map: a top corner or the top's middle, else the bottom row,
// else beside a unit; with no clear place, the one covering the least of
// the units.
func TestPlacePanel(t *testing.T) {
	const w, h = 430.0, 360.0
	area := box{316, 48, 964, 626} // 1280×720 less the column and the bars
	unit := func(x, y float64) box { return box{x - 30, y - 30, 60, 60} }
	pill := box{700, 54, 180, 26}
	left, mid, right := 316+8.0, 316+(964-w)/2, 1280-8-w
	top, bottom := 48+8.0, 720-46-8-h
	tests := []struct {
		name         string
		room         panelRoom
		wantX, wantY float64
	}{
		{"units on the right: top left", panelRoom{area: area, units: []box{unit(900, 300), unit(1000, 400)}}, left, top},
		{"shooter under the top left: the top's middle", panelRoom{area: area, units: []box{unit(400, 150), unit(700, 500)}}, mid, top},
		{"the objective across the top: bottom right", panelRoom{area: area, units: []box{unit(400, 150), unit(700, 500)}, keep: []box{pill}}, right, bottom},
		{"units along the top: the bottom row", panelRoom{area: area, units: []box{unit(400, 150), unit(700, 150), unit(1100, 150)}}, left, bottom},
		{"units under every corner and middle: beside one", panelRoom{area: area, units: []box{unit(600, 100), unit(1100, 300), unit(400, 600), unit(800, 500)}}, 600 + 30 + 8, top},
		{"no clear place: the first of the least covered", panelRoom{area: box{0, 0, 500, 400}, units: []box{unit(250, 200)}}, 8, 8},
	}
	for _, tt := range tests {
		x, y := placePanel(tt.room, w, h)
		if x != tt.wantX || y != tt.wantY {
			t.Errorf("%s: have (%v, %v), want (%v, %v)", tt.name, x, y, tt.wantX, tt.wantY)
		}
		in := tt.room.area
		if x < in.x || y < in.y || x+w > in.x+in.w || y+h > in.y+in.h {
			t.Errorf("%s: the panel at (%v, %v) leaves the map's part of the screen %v", tt.name, x, y, in)
		}
	}
}
