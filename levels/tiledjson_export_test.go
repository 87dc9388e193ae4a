package levels

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// Every shipped map (and the maps of the Tiled features) exported by the
// real editor to Tiled's JSON formats loads into the same battle as the
// TMX: the map as Tiled exports it (its references to the .tsx and .tx
// files kept), pointed at its tilesets exported as .tsj, and with the
// tilesets embedded and the templates detached. Skipped only when the
// tiled binary is not installed and SIGHTLINE_REQUIRE_TILED is unset.
func TestTiledJSONExport(t *testing.T) {
	src := levelFS(t, featureMaps())
	ed := newTiled(t, src, "the JSON export is not tested")
	var tilesets []string
	for _, p := range ed.files {
		if path.Ext(p) == ".tsx" {
			tilesets = append(tilesets, p)
		}
	}
	tiled := ed.run
	for _, ts := range tilesets {
		tiled(t, "--export-tileset", "json", filepath.FromSlash(ts), filepath.FromSlash(strings.TrimSuffix(ts, ".tsx")+".tsj"))
	}
	disk := os.DirFS(ed.dir)
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
			data, err := os.ReadFile(filepath.Join(ed.dir, filepath.FromSlash(plain)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), ".tsx\"") {
				t.Fatalf("%s: Tiled's export refers to no .tsx tileset", plain)
			}
			tsj := base + "_tsj.tmj"
			writeTree(t, ed.dir, map[string][]byte{tsj: []byte(strings.ReplaceAll(string(data), ".tsx\"", ".tsj\""))})
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
