package levels

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Every embedded map (and a map of objectives) survives a round trip through the real editor: Tiled
// reads it and writes it back, and the loader reads the result into the
// same battle. Skipped only when the tiled binary is not installed and
// SIGHTLINE_REQUIRE_TILED is unset (make test sets it, so CI never skips).
func TestTiledRoundTrip(t *testing.T) {
	// The shipped maps, one with every kind of objective and one with
	// every shape of hint.
	named := ` <properties><property name="name" value="Objectives"/></properties>
`
	extra := map[string]string{"maps/zz_objectives.tmx": tmx(6, 4, named+objectivesBody), "maps/zz_hints.tmx": tmx(6, 4, strings.Replace(named, "Objectives", "Hints", 1)+hintsBody)}
	// The maps of the Tiled features: groups, tile objects, image
	// collections, animations.
	for name, m := range featureMaps() {
		extra[name] = m
	}
	src := levelFS(t, extra)
	ed := newTiled(t, src, "")
	for _, e := range List(src) {
		t.Run(e.Path, func(t *testing.T) {
			out := path.Join(path.Dir(e.Path), "roundtrip_"+path.Base(e.Path))
			ed.run(t, "--export-map", "tmx", filepath.FromSlash(e.Path), filepath.FromSlash(out))
			want, err := Load(src, e.Path)
			if err != nil {
				t.Fatal(err)
			}
			have, err := Load(os.DirFS(ed.dir), out)
			if err != nil {
				t.Fatal(err)
			}
			sameLevel(t, have, want)
		})
	}
}

// tiledEditor is the real Tiled editor, run headless in a copy of a level
// tree on disk.
type tiledEditor struct {
	bin, dir, runtime string
	// files are the tree's files, slash-separated, relative to dir.
	files []string
}

// newTiled finds the tiled binary and copies src into a temporary folder
// for it to work in. It skips t when tiled is not installed (untested
// names what goes untested then), and fails it instead under
// SIGHTLINE_REQUIRE_TILED (make test sets it, so CI never skips).
func newTiled(t *testing.T, src fs.FS, untested string) *tiledEditor {
	t.Helper()
	bin, err := exec.LookPath("tiled")
	if err != nil {
		if os.Getenv("SIGHTLINE_REQUIRE_TILED") != "" {
			t.Fatal("tiled is not installed (make deps-test installs it)")
		}
		t.Skip(strings.TrimSuffix("tiled is not installed: "+untested, ": "))
	}
	ed := &tiledEditor{bin: bin, dir: t.TempDir(), runtime: t.TempDir()}
	files := map[string][]byte{}
	err = fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files[p], err = fs.ReadFile(src, p)
			ed.files = append(ed.files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, ed.dir, files)
	return ed
}

// run runs tiled with args in the tree, headless, failing t when it fails
// or takes over two minutes.
func (ed *tiledEditor) run(t *testing.T, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, ed.bin, args...)
	cmd.Dir = ed.dir
	cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+ed.runtime)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tiled %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
}

// sameLevel fails t when have is not the battle want is: the rules' state
// (its hash, units, obstacles, tiles, objectives and hints) and the
// drawing data, name and briefing.
func sameLevel(t *testing.T, have, want *Level) {
	t.Helper()
	// The states' caches (the sight index a load may build) are not the
	// battle: compare what the rules hold.
	hs, ws := have.State, want.State
	if hs.Hash() != ws.Hash() || !reflect.DeepEqual(hs.Objectives, ws.Objectives) || !reflect.DeepEqual(hs.Hints, ws.Hints) || !reflect.DeepEqual(hs.Units, ws.Units) || !reflect.DeepEqual(hs.Board.Obstacles, ws.Board.Obstacles) ||
		!reflect.DeepEqual(hs.Board.Tiles, ws.Board.Tiles) || hs.Board.TileSize != ws.Board.TileSize || !reflect.DeepEqual(hs.Data, ws.Data) {
		t.Errorf("%s: the battle differs from %s's", have.File, want.File)
	}
	if !reflect.DeepEqual(have.Layers, want.Layers) || have.Name != want.Name || have.Background != want.Background || have.Description != want.Description ||
		have.Briefing != want.Briefing || have.Difficulty != want.Difficulty || have.Campaign != want.Campaign || !reflect.DeepEqual(warningTexts(have), warningTexts(want)) {
		t.Errorf("%s: the drawing data or map properties differ from %s's: layers %d vs %d, name %q vs %q", have.File, want.File, len(have.Layers), len(want.Layers), have.Name, want.Name)
	}
}

// warningTexts returns a level's warnings without the file they name.
func warningTexts(lv *Level) []string {
	var ws []string
	for _, w := range lv.Warnings {
		ws = append(ws, w.Where+": "+w.Msg)
	}
	return ws
}
