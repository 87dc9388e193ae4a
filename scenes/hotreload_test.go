package scenes

import (
	"fmt"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sightline/levels"
	"sightline/systems"
)

// diskLevels writes the embedded levels folder (maps, tilesets,
// templates, project) to a temporary folder and returns it.
func diskLevels(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(levels.Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(levels.Embedded(), p)
		if err != nil {
			return err
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		return os.WriteFile(full, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// edit replaces old with new in a file on disk, as an editor's save
// would, and moves its time on a second so a coarse clock cannot hide it.
func edit(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(file, time.Time{}, st.ModTime().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
}

// untilReload steps the harness until the battle on screen is no longer
// b, and returns the new one; it fails after 40 ticks.
func untilReload(t *testing.T, h *harness, b *Battle) *Battle {
	t.Helper()
	for range 40 {
		h.step()
		if nb, ok := h.m.Current().(*Battle); ok && nb != b {
			return nb
		}
	}
	t.Fatalf("no reload in 40 ticks (scene %s, error %q)", h.m.Current().Name(), b.ReloadError())
	return nil
}

// The designer's loop: a battle started with Reload follows its map on
// disk. Saving the map reloads it with the same players and camera; a
// save that breaks it shows the loader's error over the battle, which
// goes on; the next good save brings it back; editing a template the map
// uses reloads it too.
func TestHotReload(t *testing.T) {
	dir := diskLevels(t)
	mapFile := filepath.Join(dir, "maps", "crossroads.tmx")
	lv, files, err := levels.OpenFileWatch(mapFile)
	if err != nil {
		t.Fatal(err)
	}
	setup := SetupFromLevel(lv)
	setup.Players = [2]Player{Human, Computer}
	setup.Reload = &Reload{Files: files, Every: 3.0 / 60}
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewBattle(e, setup) })
	h.settle()
	b := h.m.Current().(*Battle)
	b.cam.ZoomAt(2.5/b.cam.Zoom, 400, 300) // to zoom 2.5, whatever the fit
	b.cam.Pan(200, 40)
	cam := *b.cam
	if cam.Zoom < 1.5 || cam.ScreenToWorld(cam.InsetLeft, 0).X < 0 { // the map's left edge is off the free screen
		t.Fatalf("camera at (%.1f, %.1f) zoom %.2f: want it zoomed in on the map", cam.X, cam.Y, cam.Zoom)
	}
	for range 10 { // nothing saved: nothing reloads
		h.step()
	}
	if h.m.Current() != b {
		t.Fatal("the battle reloaded with nothing saved")
	}

	edit(t, mapFile, `name="Ash"`, `name="Rowan"`)
	nb := untilReload(t, h, b)
	if h.m.Transitioning() {
		t.Error("the reload fades; it should swap the battle at once")
	}
	if got := nb.State().Units[0].Name; got != "Rowan" {
		t.Errorf("after the save unit 1 is %q, want Rowan", got)
	}
	if c := nb.cam; c.X != cam.X || c.Y != cam.Y || c.Zoom != cam.Zoom {
		t.Errorf("camera after the reload at (%.1f, %.1f) zoom %.2f, want (%.1f, %.1f) zoom %.2f", c.X, c.Y, c.Zoom, cam.X, cam.Y, cam.Zoom)
	}
	if nb.players != setup.Players || nb.reload == nil || nb.reload.every != 3.0/60 {
		t.Errorf("the reloaded battle has players %v, reload %+v; want %v and a poll every 3/60 s", nb.players, nb.reload, setup.Players)
	}
	if got := nb.hud.ToastText(); got != "Reloaded maps/crossroads.tmx" {
		t.Errorf("toast %q, want Reloaded maps/crossroads.tmx", got)
	}
	if len(h.briefing()) != 0 {
		t.Error("the reloaded battle opens on its briefing card again")
	}

	// A save that breaks the map twice: the battle stays, under both errors.
	edit(t, mapFile, `propertytype="Side" value="blue"`, `propertytype="Side" value="green"`)
	edit(t, mapFile, `propertytype="Material" value="glass"`, `propertytype="Material" value="glas"`)
	for range 20 {
		h.step()
	}
	if h.m.Current() != nb {
		t.Fatalf("a broken save replaced the battle with %s", h.m.Current().Name())
	}
	msg := nb.ReloadError()
	for _, want := range []string{"maps/crossroads.tmx", `object 10 "chapel window"`, `"glas"`, `object 12 "Rowan"`, `"side"`, "green"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error panel reads %q, which lacks %s", msg, want)
		}
	}
	if got := nb.hud.ToastText(); got != "" {
		t.Errorf("toast %q over the error panel, want none", got)
	}
	if n := len(nb.reload.lines); n < 2 {
		t.Errorf("the error panel has %d lines, want one or more per error", n)
	}
	screenshot(t, h, "reload-error.png")
	h.draw()
	x := int((ScreenWidth-reloadPanelW)/2) + 12
	if got := color.RGBAModel.Convert(h.screen.At(x, int(reloadPanelY)+40)).(color.RGBA); got.R < 2*got.G || got.R < 0x30 {
		t.Errorf("pixel at (%d, %.0f) is %v; want the red of the error panel", x, reloadPanelY+40, got)
	}

	// The next good save brings the map back, without the error.
	edit(t, mapFile, `propertytype="Side" value="green"`, `propertytype="Side" value="blue"`)
	edit(t, mapFile, `propertytype="Material" value="glas"`, `propertytype="Material" value="glass"`)
	back := untilReload(t, h, nb)
	screenshot(t, h, "reload-back.png")
	if back.ReloadError() != "" || back.State().Units[0].Name != "Rowan" {
		t.Errorf("after the fix: error %q, unit 1 %q", back.ReloadError(), back.State().Units[0].Name)
	}
	if c := back.cam; c.X != cam.X || c.Y != cam.Y || c.Zoom != cam.Zoom {
		t.Errorf("camera after the fix at (%.1f, %.1f) zoom %.2f, want (%.1f, %.1f) zoom %.2f", c.X, c.Y, c.Zoom, cam.X, cam.Y, cam.Zoom)
	}

	// A template the map uses: the crates become metal.
	edit(t, filepath.Join(dir, "templates", "crate.tx"), `value="wood"`, `value="metal"`)
	tb := untilReload(t, h, back)
	crates := 0
	for _, o := range tb.State().Board.Obstacles {
		if o.Name == "crate" {
			crates++
			if o.Material != "metal" {
				t.Errorf("crate %d is %s after the template's save, want metal", o.ID, o.Material)
			}
		}
	}
	if crates == 0 {
		t.Error("no crate on the reloaded map")
	}
	if got, want := tb.hud.ToastText(), "Reloaded maps/crossroads.tmx (templates/crate.tx changed)"; got != want {
		t.Errorf("toast %q, want %q", got, want)
	}

	// A tileset: a broken one shows its error, the fixed one reloads.
	tsx := filepath.Join(dir, "tilesets", "terrain.tsx")
	edit(t, tsx, `<tileset `, `<tileset tilewidth="oops" `)
	for range 20 {
		h.step()
	}
	if h.m.Current() != tb || !strings.Contains(tb.ReloadError(), "terrain.tsx") {
		t.Errorf("after breaking the tileset: scene %s, error %q", h.m.Current().Name(), tb.ReloadError())
	}
	edit(t, tsx, `<tileset tilewidth="oops" `, `<tileset `)
	if fixed := untilReload(t, h, tb); fixed.ReloadError() != "" {
		t.Errorf("after fixing the tileset: error %q", fixed.ReloadError())
	}
}

// A battle without Reload (the campaign, the level select) never
// follows its files, whatever is saved.
func TestNoReloadWithoutSetup(t *testing.T) {
	dir := diskLevels(t)
	mapFile := filepath.Join(dir, "maps", "crossroads.tmx")
	lv, err := levels.OpenFile(mapFile)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewBattle(e, SetupFromLevel(lv)) })
	h.settle()
	b := h.m.Current().(*Battle)
	edit(t, mapFile, `name="Ash"`, `name="Rowan"`)
	for range 3 * int(reloadEvery*60) {
		h.step()
	}
	if h.m.Current() != b || b.reload != nil {
		t.Error("a battle without Setup.Reload reloaded its map")
	}
}

// The error panel scrolls inside itself: the wheel over it moves its
// lines and does not zoom the map; elsewhere the wheel zooms as ever.
func TestReloadPanelScrolls(t *testing.T) {
	r := &reloader{err: "many errors"}
	for i := range 40 {
		r.lines = append(r.lines, fmt.Sprintf("line %d", i))
	}
	over := systems.Intent{Kind: systems.IntentZoom, X: reloadPanelX + 100, Y: reloadPanelY + 50, DY: -1}
	away := systems.Intent{Kind: systems.IntentZoom, X: reloadPanelX + 100, Y: 700, DY: -1}
	click := systems.Intent{Kind: systems.IntentClick, X: reloadPanelX + 100, Y: reloadPanelY + 50}
	for _, tc := range []struct {
		name    string
		in      []systems.Intent
		top     int // before
		wantTop int
		wantIn  int // intents left for the battle
	}{
		{"wheel down over the panel", []systems.Intent{over, click}, 0, 3, 1},
		{"wheel up at the top", []systems.Intent{{Kind: systems.IntentZoom, X: over.X, Y: over.Y, DY: 1}}, 0, 0, 0},
		{"wheel down at the end", []systems.Intent{over}, 40 - reloadMaxLines, 40 - reloadMaxLines, 0},
		{"wheel away from the panel", []systems.Intent{away}, 5, 5, 1},
	} {
		r.top = tc.top
		left := r.scroll(tc.in)
		if r.top != tc.wantTop || len(left) != tc.wantIn {
			t.Errorf("%s: top %d and %d intents left, want %d and %d", tc.name, r.top, len(left), tc.wantTop, tc.wantIn)
		}
	}
	r.err = ""
	if left := r.scroll([]systems.Intent{over}); len(left) != 1 {
		t.Error("with no error shown the wheel over the panel's place was taken")
	}
}
