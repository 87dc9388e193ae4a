//go:build !js

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// touchTimeout bounds the touch run: some 3-4 minutes on a loaded
// machine, each tap a few of the page's frames down and a few after.
const touchTimeout = 20 * time.Minute

// touchReport is what smoke.mjs's touch run saw (OUT-touch.json).
type touchReport struct {
	Viewport        struct{ Width, Height int } `json:"viewport"`
	TitleTaps       int                         `json:"titleTaps"`
	StillOnLevels   bool                        `json:"stillOnLevels"`
	LevelTaps       int                         `json:"levelTaps"`
	SelectTaps      int                         `json:"selectTaps"`
	PreviewKeptUnit bool                        `json:"previewKeptUnit"`
	TouchMode       bool                        `json:"touchMode"`
	Moved           bool                        `json:"moved"`
	CameraBefore    touchCamera                 `json:"cameraBefore"`
	CameraPinched   touchCamera                 `json:"cameraPinched"`
	CameraDragged   touchCamera                 `json:"cameraDragged"`
	Seconds         float64                     `json:"seconds"`
}

// touchCamera is the battle camera as window.sightlineBattle gives it.
type touchCamera struct{ X, Y, Zoom float64 }

// TestBrowserTouch plays the js/wasm game by finger in Chromium
// with a phone's viewport (390×844, touch and mobile emulation), through
// the DevTools protocol's touch events: a tap on the title's Hot-seat, a
// tap on a level's row (shows its card) and two on another (starts it),
// a tap on the briefing, a tap selecting a Blue unit, a tap on a tile that
// only previews the move and a second that makes it, a pinch that zooms
// in and a drag that pans. It runs alone (not in parallel): two software
// rendered browsers at once on a small machine would time each other out.
func TestBrowserTouch(t *testing.T) {
	if os.Getenv("SIGHTLINE_BROWSER_SMOKE") != "1" {
		t.Skip("set SIGHTLINE_BROWSER_SMOKE=1 to run the browser touch test (make test does)")
	}
	node, chromium, url := serveBrowserBuild(t)
	shots := t.TempDir()
	base := filepath.Join(shots, "browser.png")
	err := runSmokeJS(t, node, chromium, "touch", touchTimeout, nil, url, base)
	for _, name := range []string{"title", "levels", "preview", "moved", "camera"} {
		if f := filepath.Join(shots, "browser-touch-"+name+".png"); fileExists(f) {
			saveOut(t, f, "browser-touch-"+name+".png")
		}
	}
	if err != nil {
		if failure := filepath.Join(shots, "browser-failure.png"); fileExists(failure) {
			saveOut(t, failure, "browser-touch-failure.png")
		}
		t.Fatalf("browser touch run: %v", err)
	}
	file := filepath.Join(shots, "browser-touch.json")
	saveOut(t, file, "browser-touch.json")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var r touchReport
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("out/browser-touch.json: %v\n%s", err, b)
	}
	if r.Viewport.Width != 390 || r.Viewport.Height != 844 {
		t.Errorf("viewport %dx%d, want a phone's 390x844", r.Viewport.Width, r.Viewport.Height)
	}
	if !r.StillOnLevels {
		t.Error("a first tap on a level's row started it; it must only show its card")
	}
	if !r.TouchMode {
		t.Error("the battle did not switch to the touch controls")
	}
	if !r.PreviewKeptUnit {
		t.Error("the first tap on a tile moved the unit; it must only preview the move")
	}
	if !r.Moved {
		t.Error("the second tap on the tile did not move the unit")
	}
	if r.CameraPinched.Zoom <= r.CameraBefore.Zoom {
		t.Errorf("a pinch outward: zoom %.3f -> %.3f, want it larger", r.CameraBefore.Zoom, r.CameraPinched.Zoom)
	}
	if r.CameraDragged.X <= r.CameraPinched.X || r.CameraDragged.Y <= r.CameraPinched.Y {
		t.Errorf("a drag left and up: camera (%.1f,%.1f) -> (%.1f,%.1f), want it to the right and down",
			r.CameraPinched.X, r.CameraPinched.Y, r.CameraDragged.X, r.CameraDragged.Y)
	}
	t.Logf("by finger in %.0f s: %d taps on the title, %d on the level, %d to select; zoom %.2f -> %.2f",
		r.Seconds, r.TitleTaps, r.LevelTaps, r.SelectTaps, r.CameraBefore.Zoom, r.CameraPinched.Zoom)
}
