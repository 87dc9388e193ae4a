package systems

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// pts builds a frame's fingers from id, x, y triples.
func pts(v ...float64) []TouchPoint {
	var out []TouchPoint
	for i := 0; i+2 < len(v); i += 3 {
		out = append(out, TouchPoint{ID: int(v[i]), X: v[i+1], Y: v[i+2]})
	}
	return out
}

// describe lists intents as "Kind(x,y d=dx,dy)" for failure messages and
// comparisons; every intent must be marked Touch.
func describe(t *testing.T, in []Intent) string {
	t.Helper()
	var b strings.Builder
	for _, it := range in {
		if !it.Touch {
			t.Errorf("intent %+v is not marked Touch", it)
		}
		name := map[IntentKind]string{IntentAnyKey: "AnyKey", IntentHover: "Hover", IntentClick: "Click",
			IntentDrag: "Drag", IntentZoom: "Zoom"}[it.Kind]
		fmt.Fprintf(&b, "%s(%.0f,%.0f d=%.2f,%.2f) ", name, it.X, it.Y, it.DX, it.DY)
	}
	return strings.TrimSpace(b.String())
}

func TestTouchesTapDragPinch(t *testing.T) {
	tests := []struct {
		name   string
		frames [][]TouchPoint
		want   []string // the intents made at each frame
	}{
		{"a tap clicks where the finger touched, when it lifts",
			[][]TouchPoint{pts(1, 100, 200), pts(1, 104, 203), nil, nil},
			[]string{"", "", "AnyKey(100,200 d=0.00,0.00) Hover(100,200 d=0.00,0.00) Click(100,200 d=0.00,0.00)", ""}},
		{"a long still press still taps",
			[][]TouchPoint{pts(1, 50, 50), pts(1, 50, 50), pts(1, 50, 50), pts(1, 50, 50), nil},
			[]string{"", "", "", "", "AnyKey(50,50 d=0.00,0.00) Hover(50,50 d=0.00,0.00) Click(50,50 d=0.00,0.00)"}},
		{"a finger moved past the slop drags, from where it touched, and does not tap",
			[][]TouchPoint{pts(1, 100, 100), pts(1, 110, 100), pts(1, 130, 100), pts(1, 130, 90), nil},
			[]string{"", "", "Drag(130,100 d=30.00,0.00)", "Drag(130,90 d=0.00,-10.00)", ""}},
		{"two fingers spreading zoom in around their centre and never tap",
			[][]TouchPoint{pts(1, 100, 100), pts(1, 100, 100, 2, 200, 100), pts(1, 90, 100, 2, 210, 100), pts(2, 210, 100), nil},
			[]string{"", "", fmt.Sprintf("Zoom(150,100 d=0.00,%.2f)", math.Log(1.2)/math.Log(zoomStep)), "", ""}},
		{"two fingers moving together drag by their centre",
			[][]TouchPoint{pts(1, 100, 100, 2, 200, 100), pts(1, 120, 110, 2, 220, 110), nil},
			[]string{"", "Drag(170,110 d=20.00,10.00)", ""}},
		{"two quick taps in a row are two taps",
			[][]TouchPoint{pts(1, 10, 10), nil, pts(2, 10, 12), nil},
			[]string{"", "AnyKey(10,10 d=0.00,0.00) Hover(10,10 d=0.00,0.00) Click(10,10 d=0.00,0.00)", "",
				"AnyKey(10,12 d=0.00,0.00) Hover(10,12 d=0.00,0.00) Click(10,12 d=0.00,0.00)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tt Touches
			for i, f := range tc.frames {
				if have := describe(t, tt.Step(f, nil)); have != tc.want[i] {
					t.Errorf("frame %d, fingers %v:\nhave %q\nwant %q", i, f, have, tc.want[i])
				}
			}
			if tt.Down() {
				t.Error("a finger is still down after they all lifted")
			}
		})
	}
}

// TestPinchZoomsAroundCentre checks the camera end: a pinch's Zoom keeps
// the world point under the pinch's centre in place and scales by the
// fingers' spread.
func TestPinchZoomsAroundCentre(t *testing.T) {
	c := &Camera{ViewW: 1280, ViewH: 720, WorldW: 4000, WorldH: 4000, Zoom: 1, MinZoom: 0.25, MaxZoom: maxZoom}
	c.CenterOn(2000, 2000)
	var tt Touches
	tt.Step(pts(1, 500, 300, 2, 700, 300), nil)
	before := c.ScreenToWorld(600, 300)
	c.Apply(tt.Step(pts(1, 450, 300, 2, 750, 300), nil)) // spread 200 -> 300
	if !approx(c.Zoom, 1.5) {
		t.Errorf("zoom after spreading the fingers by half: have %.4f, want 1.5", c.Zoom)
	}
	if after := c.ScreenToWorld(600, 300); !approx(after.X, before.X) || !approx(after.Y, before.Y) {
		t.Errorf("the point under the pinch moved from %v to %v", before, after)
	}
	// One finger dragging right moves the map right: the view goes left.
	var one Touches
	one.Step(pts(1, 600, 300), nil)
	x0 := c.X
	c.Apply(one.Step(pts(1, 660, 300), nil))
	if want := x0 - 60/c.Zoom; !approx(c.X, want) {
		t.Errorf("a 60 px drag right: camera x %.2f, want %.2f", c.X, want)
	}
}
