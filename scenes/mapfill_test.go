package scenes

import (
	"io/fs"
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
