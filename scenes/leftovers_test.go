package scenes

import (
	"testing"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// wideMap is bigger than the screen once zoomed in.
const wideMap = `
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
..B.................................R...
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................
........................................`

// TestPreviewLeavesWithThePointer: the path to the hovered tile goes
// when the pointer leaves the map for the furniture or the window (the
// desktop reports a pointer off the window where it went, and the map,
// zoomed in, goes on there).
func TestPreviewLeavesWithThePointer(t *testing.T) {
	h, b := rangeBattle(t, wideMap)
	h.settle()
	bx, by := b.ScreenOf(rules.Point{X: 2, Y: 12})
	h.step(hover(bx, by), click(bx, by))
	if b.Selected() == nil {
		t.Fatal("clicking Blue 1 should select it")
	}
	// Zoomed in, the map's left edge 200 px off the window.
	cam := b.Camera()
	cam.ZoomAt(2.5/cam.Zoom, 0, 0)
	x0, _ := cam.WorldToScreen(rules.Vec{})
	_, y12 := b.ScreenOf(rules.Point{X: 2, Y: 12})
	cam.Pan(x0+200, y12-400)
	for _, tc := range []struct {
		name string
		x, y float64
	}{
		{"off the window's left", -30, 300},
		{"off the window's bottom", 700, ScreenHeight + 20},
		{"on the top bar", 700, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tx, ty := b.ScreenOf(rules.Point{X: 7, Y: 12})
			h.step(hover(tx, ty))
			if b.hover.pathView == nil {
				t.Fatalf("no path shown to a reachable tile: selected %v, reach %v, hovered %v %v at (%.0f, %.0f), unit %d", b.Selected() != nil, b.hover.reach != nil, b.hover.tile, b.hover.ok, tx, ty, b.hover.unit)
			}
			if _, ok := b.mapView.TileAt(tc.x, tc.y); !ok && tc.y != 10 {
				t.Fatalf("the test wants the map to go on under (%g, %g)", tc.x, tc.y)
			}
			h.step(hover(tc.x, tc.y))
			if b.hover.pathView != nil || b.hover.ok {
				t.Errorf("the pointer at (%g, %g): the path (%v) and the hovered tile (%v) stay", tc.x, tc.y, b.hover.pathView != nil, b.hover.ok)
			}
		})
	}
}

// TestPanKeepsTheMode: panning with the arrow keys or WASD, or at the
// screen's edge, in Attack mode stays in Attack mode.
func TestPanKeepsTheMode(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	bx, by := b.ScreenOf(rules.Point{X: 2, Y: 3})
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2'))
	if b.Mode() != actions.Attack {
		t.Fatalf("key 2: mode %v, want Attack", b.Mode())
	}
	pan := func(dx, dy float64) systems.Intent {
		return systems.Intent{Kind: systems.IntentPan, X: bx, Y: by, DX: dx, DY: dy}
	}
	for _, tc := range []struct {
		name string
		in   []systems.Intent
	}{
		{"arrow left", []systems.Intent{{Kind: systems.IntentAnyKey}, {Kind: systems.IntentLeft, X: bx, Y: by}, pan(-12, 0)}},
		{"arrow down", []systems.Intent{{Kind: systems.IntentAnyKey}, {Kind: systems.IntentDown, X: bx, Y: by}, pan(0, 12)}},
		{"arrow up", []systems.Intent{{Kind: systems.IntentAnyKey}, {Kind: systems.IntentUp, X: bx, Y: by}, pan(0, -12)}},
		{"arrow right", []systems.Intent{{Kind: systems.IntentAnyKey}, {Kind: systems.IntentRight, X: bx, Y: by}, pan(12, 0)}},
		{"key d", []systems.Intent{{Kind: systems.IntentAnyKey}, systems.KeyIntent('d'), pan(12, 0)}},
		{"key s", []systems.Intent{{Kind: systems.IntentAnyKey}, systems.KeyIntent('s'), pan(0, 12)}},
		{"held", []systems.Intent{pan(12, 0)}},
	} {
		h.step(append(tc.in, hover(bx, by))...)
		h.step(pan(5, 0), hover(bx, by))
		if b.Mode() != actions.Attack || b.Selected() == nil {
			t.Fatalf("%s: mode %v, selected %v: want still Attack with the unit", tc.name, b.Mode(), b.Selected() != nil)
		}
	}
}
