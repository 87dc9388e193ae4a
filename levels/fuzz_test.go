package levels

import (
	"io/fs"
	"os"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds arbitrary bytes to the loader as a map next to the real
// tilesets, templates and project: it must return a level or an error,
// never panic or hang.
func FuzzLoad(f *testing.F) {
	for _, e := range List(Embedded()) {
		data, err := fs.ReadFile(Embedded(), e.Path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	broken, _ := fs.Glob(os.DirFS("../testdata/levels"), "maps/*.tmx")
	for _, p := range broken {
		data, err := fs.ReadFile(os.DirFS("../testdata/levels"), p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(tmx(2, 1, csvLayer("ground", "15,536870936"))))
	fsys := levelFS(f, nil)
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys["maps/fuzz.tmx"] = &fstest.MapFile{Data: data}
		lv, err := Load(fsys, "maps/fuzz.tmx")
		if err == nil && (lv.State == nil || lv.State.Board.Width*lv.State.Board.Height > MaxTiles) {
			t.Fatalf("loaded an impossible level: %+v", lv)
		}
	})
}

// FuzzProject feeds arbitrary bytes to the loader as the level folder's
// .tiled-project file, under the first shipped map: the load must return
// a level or an error, never panic or hang.
func FuzzProject(f *testing.F) {
	f.Add(embeddedFileF(f, "sightline.tiled-project"))
	f.Add([]byte(`{"propertyTypes": [{"id": 1, "name": "Cover", "type": "class", "members": [{"name": "height", "type": "int", "value": 99}]}]}`))
	f.Add([]byte(`{"propertyTypes": [{"id": 1, "name": "Side", "type": "enum", "storageType": "int", "values": []}]}`))
	f.Add([]byte(`{not json`))
	fsys := levelFS(f, nil)
	maps := List(Embedded())
	if len(maps) == 0 {
		f.Skip("no shipped map to load under the project")
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys["sightline.tiled-project"] = &fstest.MapFile{Data: data}
		lv, err := Load(fsys, maps[0].Path)
		if err == nil && lv.State == nil {
			t.Fatalf("loaded a level without a state")
		}
	})
}

// embeddedFileF reads a file of the embedded level folder for a fuzz
// target's seed corpus.
func embeddedFileF(f *testing.F, p string) []byte {
	f.Helper()
	data, err := fs.ReadFile(Embedded(), p)
	if err != nil {
		f.Fatal(err)
	}
	return data
}
