package scenes

import (
	"io/fs"
	"math"
	"path"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// minStartTile is the smallest a tile may be drawn at the start of a
// battle, in screen pixels, on a map at most maxFillRows tiles high.
const (
	minStartTile = 24
	maxFillRows  = 24
)

// TestMapFillsTheScreen: every shipped level opens with its map framed
// right of the left column and under the top bar, at every interface
// size: a map up to 24 tiles high is drawn whole with tiles of at least
// 24 pixels, and neither it nor a bigger map is pushed under the top bar
// or the left column, before or after the player pans to a corner.
func TestMapFillsTheScreen(t *testing.T) {
	var maps []string
	err := fs.WalkDir(levels.Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".tmx") && path.Dir(p) == "maps" {
			maps = append(maps, p)
		}
		return err
	})
	if err != nil || len(maps) == 0 {
		t.Fatalf("no shipped maps found (%v)", err)
	}
	for _, scale := range settings.UIScales {
		for _, file := range maps {
			lv, err := levels.Load(levels.Embedded(), file)
			if err != nil {
				t.Fatal(err)
			}
			env := testEnv(t)
			st := settings.Default()
			st.UIScale = scale
			env.Settings = st
			b := NewBattle(env, SetupFromLevel(lv))
			if path.Base(file) == "bridge.tmx" { // the widest 24-row map
				h := newHarness(t, env, func(*Env) Scene { return b })
				h.settle()
				screenshot(t, h, "mapfill-bridge-"+itoa(scale)+".png")
			}
			cam := b.Camera()
			bd := b.State().Board
			tile := cam.Zoom * float64(bd.TileSize)
			name := file + " at " + itoa(scale) + "%"
			top, left := cam.InsetTop, cam.InsetLeft
			if top < 40 || left < 250 {
				t.Errorf("%s: insets top %.0f, left %.0f: the top bar and the left column are not kept clear", name, top, left)
			}
			whole := func() bool {
				return cam.Shows(rules.Vec{}, 0) && cam.Shows(rules.Vec{X: cam.WorldW, Y: cam.WorldH}, 0)
			}
			if bd.Height <= maxFillRows {
				if tile < minStartTile {
					t.Errorf("%s (%dx%d): tiles start at %.1f px, want at least %d", name, bd.Width, bd.Height, tile, minStartTile)
				}
				if !whole() {
					t.Errorf("%s: the map does not start whole on the free screen", name)
				}
			}
			// Pan hard to every corner: the map's near edges never pass
			// under the top bar or the left column.
			for _, d := range [][2]float64{{-5000, -5000}, {5000, 5000}, {-5000, 5000}, {5000, -5000}} {
				cam.Apply([]systems.Intent{{Kind: systems.IntentPan, DX: d[0], DY: d[1]}})
				x0, y0 := cam.WorldToScreen(rules.Vec{})
				x1, y1 := cam.WorldToScreen(rules.Vec{X: cam.WorldW, Y: cam.WorldH})
				if d[0] < 0 && x0 < left-0.5 || d[1] < 0 && y0 < top-0.5 {
					t.Errorf("%s: panned to a top or left edge, the map starts at (%.0f, %.0f), under the bars", name, x0, y0)
				}
				if x1 < left || y1 < top {
					t.Errorf("%s: the map's far corner at (%.0f, %.0f) is under the bars", name, x1, y1)
				}
			}
		}
	}
}

// TestMapReframedWhenTheInterfaceGrows: the interface size changed during
// a battle (the pause menu's settings) frames the map again in what the
// bars leave: a map shown whole at the start stays whole, clear of the
// bars, with tiles of at least 24 pixels; a map the player zoomed in on
// keeps its zoom and the point at the view's centre.
func TestMapReframedWhenTheInterfaceGrows(t *testing.T) {
	lv, err := levels.Load(levels.Embedded(), "maps/crossroads.tmx")
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv(t)
	b := NewBattle(env, SetupFromLevel(lv))
	h := newHarness(t, env, func(*Env) Scene { return b })
	h.settle()
	cam := b.Camera()
	tile := float64(b.State().Board.TileSize)
	grow := func(scale int) {
		t.Helper()
		st := env.prefs()
		st.UIScale = scale
		env.Settings = st
		h.step()
	}
	for _, scale := range []int{150, 125, 100, 150} {
		grow(scale)
		if cam.Zoom*tile < minStartTile {
			t.Errorf("at %d%%: tiles of %.1f px, want at least %d", scale, cam.Zoom*tile, minStartTile)
		}
		x0, y0 := cam.WorldToScreen(rules.Vec{})
		x1, y1 := cam.WorldToScreen(rules.Vec{X: cam.WorldW, Y: cam.WorldH})
		if x0 < cam.InsetLeft-0.5 || y0 < cam.InsetTop-0.5 || x1 > cam.ViewW-cam.InsetRight+0.5 || y1 > cam.ViewH-cam.InsetBottom+0.5 {
			t.Errorf("at %d%%: the map spans (%.0f, %.0f)-(%.0f, %.0f), past the free screen inside insets top %.0f, bottom %.0f, left %.0f",
				scale, x0, y0, x1, y1, cam.InsetTop, cam.InsetBottom, cam.InsetLeft)
		}
	}
	// Zoomed in on the middle, the player keeps the zoom and the spot.
	cx, cy := (cam.InsetLeft+cam.ViewW-cam.InsetRight)/2, (cam.InsetTop+cam.ViewH-cam.InsetBottom)/2
	cam.ZoomBy(4, cx, cy)
	zoom := cam.Zoom
	mid := cam.ScreenToWorld(cx, cy)
	grow(100)
	if cam.Zoom != zoom {
		t.Errorf("the zoom went from %.3f to %.3f when the interface shrank", zoom, cam.Zoom)
	}
	cx, cy = (cam.InsetLeft+cam.ViewW-cam.InsetRight)/2, (cam.InsetTop+cam.ViewH-cam.InsetBottom)/2
	if now := cam.ScreenToWorld(cx, cy); math.Abs(now.X-mid.X) > 1 || math.Abs(now.Y-mid.Y) > 1 {
		t.Errorf("the view's centre moved from (%.0f, %.0f) to (%.0f, %.0f)", mid.X, mid.Y, now.X, now.Y)
	}
}
