//go:build !js

package main

import (
	"os"
	"path/filepath"
	"testing"
)

// tourPhoneShots are the tour run's screens (smoke.mjs, SIGHTLINE_SMOKE=tour)
// and the names the tour gives them: 30 on, after the desktop screens of
// scenes.TestTour (its upright ones 16-29), so the two never share a name.
var tourPhoneShots = [][2]string{
	{"upright", "30-phone-upright-title.png"},
	{"settings-upright", "31-phone-upright-settings.png"},
	{"title", "32-phone-title.png"},
	{"levels-upright", "33-phone-upright-level-select.png"},
	{"levels", "34-phone-level-select.png"},
	{"briefing", "35-phone-briefing.png"},
	{"battle", "36-phone-battle.png"},
	{"battle-upright", "37-phone-upright-battle.png"},
}

// TestTourBrowser is the browser part of `make tour`: the js/wasm build on
// a phone-sized page in headless Chromium, upright and then sideways, its
// screens copied to SIGHTLINE_TOUR. Without that folder it does nothing.
func TestTourBrowser(t *testing.T) {
	dir := os.Getenv("SIGHTLINE_TOUR")
	if dir == "" {
		t.Skip("SIGHTLINE_TOUR names no folder")
	}
	node, chromium, url := serveBrowserBuild(t)
	shots := t.TempDir()
	err := runSmokeJS(t, node, chromium, "tour", touchTimeout, nil, url, filepath.Join(shots, "browser.png"))
	for _, s := range tourPhoneShots {
		if f := filepath.Join(shots, "browser-tour-"+s[0]+".png"); fileExists(f) {
			copyFile(t, f, filepath.Join(dir, s[1]))
		}
	}
	if err != nil {
		if f := filepath.Join(shots, "browser-failure.png"); fileExists(f) {
			copyFile(t, f, filepath.Join(dir, "phone-failure.png"))
		}
		t.Fatalf("the tour run: %v", err)
	}
}
