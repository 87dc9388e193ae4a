package levels

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// copyEmbedded writes the embedded levels folder to dir.
func copyEmbedded(t *testing.T, dir string) {
	t.Helper()
	files := map[string][]byte{}
	err := fs.WalkDir(Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files[p] = embeddedFile(t, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, files)
}

// rewrite replaces old with new in the file at p, failing when old is not
// there, and moves its modification time on so a coarse clock cannot hide
// the change.
func rewrite(t *testing.T, p, old, new string) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", p, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	bump(t, p)
}

// bump moves a file's modification time a second on.
func bump(t *testing.T, p string) {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, time.Time{}, st.ModTime().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
}

// A Watch lists every file the load read, the project and the images
// included; it reports a changed map, template or image, ignores a save
// that changes nothing, and notices a missing file appearing.
func TestOpenFileWatch(t *testing.T) {
	dir := t.TempDir()
	copyEmbedded(t, dir)
	mapPath := filepath.Join(dir, "maps", "crossroads.tmx")
	lv, w, err := OpenFileWatch(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	if lv.Path != mapPath || w.Path != mapPath {
		t.Errorf("paths: level %q, watch %q, want %q", lv.Path, w.Path, mapPath)
	}
	files := w.Files()
	for _, want := range []string{"maps/crossroads.tmx", "sightline.tiled-project", "tilesets/terrain.tsx", "tilesets/terrain.png", "templates/crate.tx"} {
		if !slices.Contains(files, want) {
			t.Errorf("watched files %v lack %s", files, want)
		}
	}
	if !slices.Contains(files, "templates/sandbags.tx") || slices.Contains(files, ".") {
		t.Errorf("watched files %v: want every template read and no folder", files)
	}
	if f, ok := w.Changed(); ok {
		t.Fatalf("nothing saved, but %s changed", f)
	}

	// A save that rewrites the same bytes is no change.
	bump(t, mapPath)
	if f, ok := w.Changed(); ok {
		t.Fatalf("the map was saved unchanged, but %s changed", f)
	}
	for _, c := range []struct{ file, old, new string }{
		{"maps/crossroads.tmx", `name="Ash"`, `name="Rowan"`},
		{"templates/crate.tx", `value="wood"`, `value="metal"`},
		{"sightline.tiled-project", `"extensionsPath": "extensions"`, `"extensionsPath": "ext"`},
	} {
		_, w, err := OpenFileWatch(mapPath)
		if err != nil {
			t.Fatal(err)
		}
		rewrite(t, filepath.Join(dir, filepath.FromSlash(c.file)), c.old, c.new)
		if f, ok := w.Changed(); !ok || f != c.file {
			t.Errorf("after editing %s: Changed says %q, %v", c.file, f, ok)
		}
	}
	lv, _, err = OpenFileWatch(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	if lv.State.Units[0].Name != "Rowan" {
		t.Errorf("reloaded unit 1 is %q, want Rowan", lv.State.Units[0].Name)
	}

	// A map whose tileset is missing fails, but its Watch follows the
	// missing file and notices it coming back.
	ts := filepath.Join(dir, "tilesets", "terrain.tsx")
	data, err := os.ReadFile(ts)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(ts); err != nil {
		t.Fatal(err)
	}
	_, w, err = OpenFileWatch(mapPath)
	if err == nil || w == nil {
		t.Fatalf("a map without its tileset: error %v, watch %v", err, w)
	}
	if !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "terrain.tsx") {
		t.Errorf("error %q should name the folder and the tileset", err)
	}
	if f, ok := w.Changed(); ok {
		t.Fatalf("nothing saved, but %s changed", f)
	}
	if err := os.WriteFile(ts, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if f, ok := w.Changed(); !ok || f != "tilesets/terrain.tsx" {
		t.Errorf("after restoring the tileset: Changed says %q, %v", f, ok)
	}
}

// A Watch follows only files inside the level folder: a reference that
// climbs out is refused by the load and never watched.
func TestOpenFileWatchStaysInside(t *testing.T) {
	top := t.TempDir()
	escape := strings.Replace(tmx(2, 1, csvLayer("ground", "1,1")), "../tilesets/terrain.tsx", "../../outside/terrain.tsx", 1)
	writeTree(t, top, map[string][]byte{
		"game/p.tiled-project":      embeddedFile(t, "sightline.tiled-project"),
		"game/maps/escape.tmx":      []byte(escape),
		"outside/terrain.tsx":       embeddedFile(t, "tilesets/terrain.tsx"),
		"game/tilesets/terrain.png": embeddedFile(t, "tilesets/terrain.png"),
	})
	_, w, err := OpenFileWatch(filepath.Join(top, "game", "maps", "escape.tmx"))
	if err == nil || !strings.Contains(err.Error(), "escapes the level folder") {
		t.Fatalf("error %v, want an escape", err)
	}
	for _, f := range w.Files() {
		if strings.Contains(f, "outside") || strings.HasPrefix(f, "..") {
			t.Errorf("watching %s, outside the level folder", f)
		}
	}
	if _, w, err := OpenFileWatch(filepath.Join(top, "nowhere", "none.tmx")); err == nil || w == nil || len(w.Files()) != 1 {
		t.Errorf("a missing map: error %v, watch %+v", err, w)
	}
}
