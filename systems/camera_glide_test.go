package systems

import (
	"testing"

	"sightline/rules"
)

func TestCameraGlide(t *testing.T) {
	tests := []struct {
		name     string
		a, b     rules.Vec
		zoom     float64
		moves    bool
		zoomsOut bool
	}{
		{"both on screen: no move", rules.Vec{X: 1000, Y: 1000}, rules.Vec{X: 1100, Y: 1050}, 1, false, false},
		{"both off screen, close together", rules.Vec{X: 3000, Y: 3000}, rules.Vec{X: 3200, Y: 3100}, 1, true, false},
		{"too far apart at this zoom: zooms out", rules.Vec{X: 200, Y: 2000}, rules.Vec{X: 2200, Y: 2000}, 2, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Camera{ViewW: 1280, ViewH: 720, InsetTop: 48, InsetBottom: 100, WorldW: 4096, WorldH: 4096, Zoom: tc.zoom, MinZoom: 0.25, MaxZoom: 3}
			c.CenterOn(1050, 1025)
			ticks := c.Glide(tc.a, tc.b, 32, 1)
			if (ticks > 0) != tc.moves {
				t.Fatalf("Glide: have %d ticks, want a move %v", ticks, tc.moves)
			}
			if !tc.moves {
				if c.Gliding() {
					t.Fatal("a glide started with nothing to move")
				}
				return
			}
			if ticks < frameMinTicks || ticks > frameMaxTicks {
				t.Errorf("the glide takes %d ticks, want %d to %d", ticks, frameMinTicks, frameMaxTicks)
			}
			x0, steps, prev := c.X, []float64{}, c.X
			for i := 0; i < ticks; i++ {
				c.Advance(StepSeconds)
				steps = append(steps, c.X-prev)
				prev = c.X
			}
			if c.Gliding() {
				t.Fatal("the glide is not over after its ticks")
			}
			if !c.Shows(tc.a, 32) || !c.Shows(tc.b, 32) {
				t.Errorf("after the glide: a at %v, b at %v not both on screen", fmt2(c.WorldToScreen(tc.a)), fmt2(c.WorldToScreen(tc.b)))
			}
			if tc.zoomsOut != (c.Zoom < tc.zoom) {
				t.Errorf("zoom %g -> %g, want zoomed out %v", tc.zoom, c.Zoom, tc.zoomsOut)
			}
			// Eased: the middle step is longer than the first and last.
			if x0 != c.X {
				mid := steps[len(steps)/2]
				if abs(steps[0]) >= abs(mid) || abs(steps[len(steps)-1]) >= abs(mid) {
					t.Errorf("steps %.1f … %.1f … %.1f: want eased in and out", steps[0], mid, steps[len(steps)-1])
				}
			}
		})
	}
}

func TestCameraGlideStops(t *testing.T) {
	c := &Camera{ViewW: 1280, ViewH: 720, WorldW: 4096, WorldH: 4096, Zoom: 1, MinZoom: 0.25, MaxZoom: 3}
	c.CenterOn(500, 500)
	c.Glide(rules.Vec{X: 3000, Y: 3000}, rules.Vec{X: 3100, Y: 3000}, 32, 1)
	c.Advance(StepSeconds * 3)
	c.Apply([]Intent{{Kind: IntentPan, DX: 10}})
	x := c.X
	c.Advance(StepSeconds * 3)
	if c.Gliding() || c.X != x {
		t.Fatal("a pan by the player did not stop the glide")
	}
	c.Glide(rules.Vec{X: 3000, Y: 3000}, rules.Vec{X: 3100, Y: 3000}, 32, 1)
	c.EndGlide()
	if c.Gliding() || !c.Shows(rules.Vec{X: 3000, Y: 3000}, 32) {
		t.Fatal("EndGlide did not put the view at the glide's end")
	}
}

func fmt2(x, y float64) [2]int { return [2]int{int(x), int(y)} }
