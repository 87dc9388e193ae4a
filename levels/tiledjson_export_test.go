package levels

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Every shipped map (and the maps of the Tiled features) exported by the
// real editor to Tiled's JSON formats loads into the same battle as the
// TMX: the map as Tiled exports it (its references to the .tsx and .tx
// files kept), pointed at its tilesets exported as .tsj, and with the
// tilesets embedded and the templates detached. Skipped only when the
// tiled binary is not installed and SIGHTLINE_REQUIRE_TILED is unset.
func TestTiledJSONExport(t *testing.T) {
	bin, err := exec.LookPath("tiled")
	if err != nil {
		if os.Getenv("SIGHTLINE_REQUIRE_TILED") != "" {
			t.Fatal("tiled is not installed (make deps-test installs it)")
		}
		t.Skip("tiled is not installed: the JSON export is not tested")
	}
	dir := t.TempDir()
	src := levelFS(t, featureMaps())
	files := map[string][]byte{}
	var tilesets []string
	err = fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files[p], err = fs.ReadFile(src, p)
			if path.Ext(p) == ".tsx" {
				tilesets = append(tilesets, p)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, files)
	runtime := t.TempDir()
	tiled := func(t *testing.T, args ...string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+runtime)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tiled %s: %v\n%s", strings.Join(args, " "), err, msg)
		}
	}
	for _, ts := range tilesets {
		tiled(t, "--export-tileset", "json", filepath.FromSlash(ts), filepath.FromSlash(strings.TrimSuffix(ts, ".tsx")+".tsj"))
	}
	disk := os.DirFS(dir)
	entries := List(src)
	if len(entries) == 0 {
		t.Fatal("no maps found")
	}
	for _, e := range entries {
		t.Run(e.Path, func(t *testing.T) {
			t.Parallel()
			want, err := Load(src, e.Path)
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimSuffix(e.Path, ".tmx")
			plain, embedded := base+".tmj", base+"_embedded.json"
			tiled(t, "--export-map", "json", filepath.FromSlash(e.Path), filepath.FromSlash(plain))
			tiled(t, "--export-map", "json", "--embed-tilesets", "--detach-templates", filepath.FromSlash(e.Path), filepath.FromSlash(embedded))
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(plain)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), ".tsx\"") {
				t.Fatalf("%s: Tiled's export refers to no .tsx tileset", plain)
			}
			tsj := base + "_tsj.tmj"
			writeTree(t, dir, map[string][]byte{tsj: []byte(strings.ReplaceAll(string(data), ".tsx\"", ".tsj\""))})
			for _, name := range []string{plain, tsj, embedded} {
				have, err := Load(disk, name)
				if err != nil {
					t.Fatal(err)
				}
				sameLevel(t, have, want)
				read := map[string]bool{}
				for _, s := range have.Sources {
					read[path.Ext(s.Path)] = true
				}
				if name == tsj && (!read[".tsj"] || read[".tsx"]) || name == embedded && (read[".tsx"] || read[".tx"] || read[".tsj"]) {
					t.Errorf("%s: read %v", name, have.Sources)
				}
			}
		})
	}
}
