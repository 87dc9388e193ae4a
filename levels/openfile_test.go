package levels

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (slash paths relative to dir) to disk.
func writeTree(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func embeddedFile(t *testing.T, p string) []byte {
	t.Helper()
	data, err := fs.ReadFile(Embedded(), p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A map in a sub-folder of a project may reach the project's tilesets
// with ../, but nothing above the project folder.
func TestOpenFileRoot(t *testing.T) {
	top := t.TempDir()
	proj := filepath.Join(top, "game")
	deep := strings.Replace(tmx(2, 1, csvLayer("ground", "15,15")), "../tilesets/", "../../tilesets/", 1)
	escape := strings.Replace(tmx(2, 1, csvLayer("ground", "1,1")), "../tilesets/terrain.tsx", "../../../outside/terrain.tsx", 1)
	writeTree(t, top, map[string][]byte{
		"game/mine.tiled-project":      embeddedFile(t, "sightline.tiled-project"),
		"game/tilesets/terrain.tsx":    embeddedFile(t, "tilesets/terrain.tsx"),
		"game/tilesets/terrain.png":    embeddedFile(t, "tilesets/terrain.png"),
		"game/maps/sub/deep.tmx":       []byte(deep),
		"game/maps/sub/escape.tmx":     []byte(escape),
		"outside/terrain.tsx":          embeddedFile(t, "tilesets/terrain.tsx"),
		"outside/terrain.png":          embeddedFile(t, "tilesets/terrain.png"),
		"lonely/maps/alone.tmx":        []byte(strings.Replace(tmx(2, 1, ""), `<tileset firstgid="1" source="../tilesets/terrain.tsx"/>`, "", 1)),
		"lonely/maps/alone_escape.tmx": []byte(tmx(2, 1, csvLayer("ground", "1,1"))),
	})

	lv, err := OpenFile(filepath.Join(proj, "maps", "sub", "deep.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	if lv.File != "maps/sub/deep.tmx" || lv.State.Board.Tile(lv.State.Units[0].Pos).Floor != 2 {
		t.Errorf("deep map: file %q, tiles %+v", lv.File, lv.State.Board.Tiles)
	}

	_, err = OpenFile(filepath.Join(proj, "maps", "sub", "escape.tmx"))
	if err == nil || !strings.Contains(err.Error(), `maps/sub/escape.tmx: tileset source "../../../outside/terrain.tsx" escapes the level folder`) {
		t.Errorf("escape above the project: %v", err)
	}

	// Without a project file the map's own folder is the root, and the
	// embedded project supplies the classes.
	if _, err := OpenFile(filepath.Join(top, "lonely", "maps", "alone.tmx")); err != nil {
		t.Errorf("map without a project: %v", err)
	}
	_, err = OpenFile(filepath.Join(top, "lonely", "maps", "alone_escape.tmx"))
	if err == nil || !strings.Contains(err.Error(), `alone_escape.tmx: tileset source "../tilesets/terrain.tsx" escapes the level folder`) ||
		!strings.Contains(err.Error(), "no .tiled-project file was found in the map's folder or above it, so the level folder is the map's own folder, "+filepath.Join(top, "lonely", "maps")) {
		t.Errorf("escape above the map folder: %v", err)
	}
	probs := CheckFile(filepath.Join(top, "lonely", "maps", "alone_escape.tmx"))
	if len(probs) == 0 || !strings.Contains(probs[0].Fix, "no .tiled-project file was found") {
		t.Errorf("check, escape above the map folder: %q", probs)
	}
	probs = CheckFile(filepath.Join(proj, "maps", "sub", "escape.tmx"))
	if len(probs) == 0 || !strings.Contains(probs[0].Fix, "the level folder is "+proj+", the folder of its .tiled-project file") {
		t.Errorf("check, escape above the project: %q", probs)
	}
	if got := projectRoot(filepath.Join(proj, "maps", "sub")); got != proj {
		t.Errorf("projectRoot: have %s, want %s", got, proj)
	}
}

// A project file at the root of the FS replaces the embedded one: its
// class defaults apply.
func TestProjectDefaults(t *testing.T) {
	// "full" is the Cover class's height default and appears nowhere else.
	proj := strings.Replace(string(embeddedFile(t, "sightline.tiled-project")), `"value": "full"`, `"value": "low"`, 1)
	if !strings.Contains(proj, `"value": "low"`) {
		t.Fatal("could not edit the project's Cover height default")
	}
	body := ` <objectgroup id="2" name="cover"><object id="5" name="box" type="Cover" x="64" y="64" width="32" height="32"/></objectgroup>`
	fsys := levelFS(t, map[string]string{"maps/t.tmx": tmx(4, 4, body), "sightline.tiled-project": proj})
	lv, err := Load(fsys, "maps/t.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if h := lv.State.Board.Obstacle(5).Height; h != 2 {
		t.Errorf("height with the project's default low: have %d, want 2", h)
	}
	fsys["sightline.tiled-project"].Data = []byte("{not json")
	if _, err := Load(fsys, "maps/t.tmx"); err == nil || !strings.Contains(err.Error(), "maps/t.tmx: sightline.tiled-project: invalid character") {
		t.Errorf("broken project: %v", err)
	}
}
