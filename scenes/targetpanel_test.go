package scenes

import "testing"

// TestPlacePanel checks the targeting panel keeps clear of the shooter,
// the target and the other panels: top left, else under the log on the
// right, else top right with the log hidden, else the middle; with no
// clear place, the one covering the least of the units.
func TestPlacePanel(t *testing.T) {
	const sw, w, h = 1280.0, 430.0, 360.0
	log := box{964, 60, 300, 90}
	tall := box{964, 60, 300, 220}
	room := func(lg box, units ...box) panelRoom {
		return panelRoom{sw: sw, top: 64, left: 584, right: 596, middle: 520, units: units, log: lg}
	}
	unit := func(x, y float64) box { return box{x - 30, y - 30, 60, 60} }
	right := sw - 16 - w
	tests := []struct {
		name     string
		room     panelRoom
		h        float64
		wantX    float64
		wantY    float64
		wantHide bool
	}{
		{"units on the right: top left", room(log, unit(900, 300), unit(1000, 400)), h, 16, 64, false},
		{"shooter under the top left: under the log", room(log, unit(200, 200), unit(700, 300)), h, right, 158, false},
		{"target under the top left: under the log", room(log, unit(700, 300), unit(200, 200)), h, right, 158, false},
		{"a tall log leaves no room under it: top right, log hidden", room(tall, unit(200, 200)), h, right, 64, true},
		{"no log: top right", room(box{}, unit(200, 200)), h, right, 64, false},
		{"units left and right: the middle", room(log, unit(200, 200), unit(1100, 300)), h, (sw - w) / 2, 64, false},
		{"a panel too tall for any place: the least spill", room(log, unit(1100, 300)), 540, 16, 64, false},
		{"units everywhere: the least covered", room(log, unit(200, 200), unit(640, 200), unit(1100, 200), unit(1100, 380)), h, 16, 64, false},
	}
	for _, tt := range tests {
		x, y, hide := placePanel(tt.room, w, tt.h)
		if x != tt.wantX || y != tt.wantY || hide != tt.wantHide {
			t.Errorf("%s: have (%v, %v) hide log %v, want (%v, %v) %v", tt.name, x, y, hide, tt.wantX, tt.wantY, tt.wantHide)
		}
	}
}
