package systems

import (
	"math"
	"testing"

	"sightline/rules"
)

func approx(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestCameraFit(t *testing.T) {
	tests := []struct {
		name         string
		worldW, wldH float64
		top, bottom  float64
		fits         bool
		zoom         float64
	}{
		{"small map zooms in to at most 2", 320, 320, 0, 0, true, 2},
		{"24x24 map fits between the HUD bars", 768, 768, 48, 64, true, fitRoom * 608 / 768},
		{"wide map fits by width", 1600, 600, 0, 0, true, fitRoom * 1280 / 1600},
		{"34x30 map (Ironstride) fits over the battle's bar", 1088, 960, 48, 187, true, fitRoom * 485 / 960},
		{"64x64 map is too small to read fitted", 2048, 2048, 48, 64, false, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Camera{ViewW: 1280, ViewH: 720, WorldW: tc.worldW, WorldH: tc.wldH, InsetTop: tc.top, InsetBottom: tc.bottom, MaxZoom: maxZoom}
			fits := c.Fit()
			if fits != tc.fits || !approx(c.Zoom, tc.zoom) {
				t.Fatalf("Fit: have fits %v zoom %.4f, want %v %.4f", fits, c.Zoom, tc.fits, tc.zoom)
			}
			// The map's centre is at the centre of the free screen.
			x, y := c.WorldToScreen(rules.Vec{X: tc.worldW / 2, Y: tc.wldH / 2})
			if !approx(x, 640) || !approx(y, tc.top+(720-tc.top-tc.bottom)/2) {
				t.Errorf("map centre on screen at (%.1f, %.1f)", x, y)
			}
			if tc.fits {
				// Every corner of the map is on the free screen.
				for _, w := range []rules.Vec{{}, {X: tc.worldW, Y: tc.wldH}} {
					if !c.Shows(w, 0) {
						sx, sy := c.WorldToScreen(w)
						t.Errorf("corner %v drawn at (%.1f, %.1f), off the free screen", w, sx, sy)
					}
				}
			}
		})
	}
}

func TestCameraRoundTripAndZoomAt(t *testing.T) {
	c := &Camera{ViewW: 1280, ViewH: 720, WorldW: 4096, WorldH: 4096, Zoom: 1, MinZoom: 0.25, MaxZoom: 3}
	c.CenterOn(2000, 2000)
	w := rules.Vec{X: 1900.5, Y: 2100.25}
	sx, sy := c.WorldToScreen(w)
	if back := c.ScreenToWorld(sx, sy); !approx(back.X, w.X) || !approx(back.Y, w.Y) {
		t.Fatalf("round trip: %v -> (%.2f, %.2f) -> %v", w, sx, sy, back)
	}
	// Zooming keeps the world point under the cursor in place.
	under := c.ScreenToWorld(300, 200)
	c.ZoomAt(1.5, 300, 200)
	if c.Zoom != 1.5 {
		t.Fatalf("zoom %.2f, want 1.5", c.Zoom)
	}
	if after := c.ScreenToWorld(300, 200); !approx(after.X, under.X) || !approx(after.Y, under.Y) {
		t.Errorf("point under cursor moved from %v to %v", under, after)
	}
	c.ZoomAt(100, 0, 0)
	if c.Zoom != 3 {
		t.Errorf("zoom in clamps to %.2f, want 3", c.Zoom)
	}
	c.ZoomAt(0.001, 0, 0)
	if c.Zoom != 0.25 {
		t.Errorf("zoom out clamps to %.2f, want 0.25", c.Zoom)
	}
}

func TestCameraClamp(t *testing.T) {
	c := &Camera{ViewW: 1280, ViewH: 720, WorldW: 2048, WorldH: 2048, Zoom: 1, MinZoom: 0.25, MaxZoom: 3, InsetTop: 48}
	c.Pan(-10000, -10000)
	if !approx(c.X, -cameraMargin) || !approx(c.Y, -cameraMargin-48) {
		t.Errorf("pan past the top-left: at (%.1f, %.1f), want (%d, %d)", c.X, c.Y, -cameraMargin, -cameraMargin-48)
	}
	c.Pan(10000, 10000)
	if !approx(c.X, 2048-1280+cameraMargin) || !approx(c.Y, 2048-720+cameraMargin) {
		t.Errorf("pan past the bottom-right: at (%.1f, %.1f)", c.X, c.Y)
	}
	// A drag moves the map with the cursor: the view goes the other way.
	x := c.X
	c.Apply([]Intent{{Kind: IntentDrag, DX: 40}})
	if !approx(c.X, x-40) {
		t.Errorf("drag right by 40: X %.1f, want %.1f", c.X, x-40)
	}
	// A map smaller than the view stays centred whatever the pan.
	s := &Camera{ViewW: 1280, ViewH: 720, WorldW: 320, WorldH: 320, Zoom: 1}
	s.Pan(500, -500)
	if x, y := s.WorldToScreen(rules.Vec{X: 160, Y: 160}); !approx(x, 640) || !approx(y, 360) {
		t.Errorf("small map centre at (%.1f, %.1f), want (640, 360)", x, y)
	}
}

// TestCameraZoomSteps: from the zoom a map opens at, every wheel notch
// in or out scales the map by the same factor, down to the smallest zoom
// and up to the largest, the last step included, and still after a pinch
// left the zoom between two steps.
func TestCameraZoomSteps(t *testing.T) {
	tests := []struct {
		name           string
		worldW, worldH float64
	}{
		{"small map, fits close", 12 * 32, 6 * 32},
		{"24 rows", 32 * 32, 24 * 32},
		{"big map, opens at zoom 1", 64 * 32, 64 * 32},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Camera{ViewW: 1280, ViewH: 720, InsetTop: 48, InsetLeft: 316, WorldW: tc.worldW, WorldH: tc.worldH, Zoom: 1}
			c.Fit()
			walk := func(dir float64, limit float64) {
				t.Helper()
				for i := 0; i < 60 && !approx(c.Zoom, limit); i++ {
					before := c.Zoom
					c.Apply([]Intent{{Kind: IntentZoom, X: 700, Y: 400, DY: dir}})
					ratio := math.Pow(c.Zoom/before, dir)
					if math.Abs(ratio-zoomStep) > 1e-6 {
						t.Fatalf("step %d from zoom %.4f to %.4f: ratio %.4f, want %g (limits %.4f to %.4f)", i, before, c.Zoom, ratio, zoomStep, c.MinZoom, c.MaxZoom)
					}
				}
				if !approx(c.Zoom, limit) {
					t.Fatalf("zoom %.4f never reached its limit %.4f", c.Zoom, limit)
				}
			}
			if c.MaxZoom > maxZoom+1e-9 || c.MaxZoom < maxZoom/zoomStep || c.MinZoom < minZoomFloor {
				t.Fatalf("limits %.4f to %.4f, want within %g to %g and the top one step from %g", c.MinZoom, c.MaxZoom, minZoomFloor, maxZoom, maxZoom)
			}
			walk(1, c.MaxZoom)
			walk(-1, c.MinZoom)
			// A pinch leaves the zoom between two steps; the next notch
			// lands on one, and the steps go on even.
			c.Apply([]Intent{{Kind: IntentZoom, X: 700, Y: 400, DY: 2.37}})
			c.Apply([]Intent{{Kind: IntentZoom, X: 700, Y: 400, DY: 1}})
			if k := math.Log(c.Zoom/c.MinZoom) / math.Log(zoomStep); math.Abs(k-math.Round(k)) > 1e-6 {
				t.Fatalf("after a pinch and a notch the zoom is %.4f, %.3f steps above the least", c.Zoom, k)
			}
			walk(1, c.MaxZoom)
		})
	}
}
