package levels

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// tiledExamples is where Debian's tiled package installs Tiled's example
// maps (dpkg -L tiled).
const tiledExamples = "/usr/share/doc/tiled/examples"

// exampleFS copies a folder of Tiled examples into a level folder: the
// .gz files unzipped under their plain names (Tiled reads both; the
// game does not), the examples' project replaced by Sightline's. Their
// own classes (location, coin, Trigger...) are not the project's: the
// loader ignores those objects and tiles with a warning each.
func exampleFS(t *testing.T, root fs.FS) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".tiled-project") {
			return err
		}
		data, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		if q, ok := strings.CutSuffix(p, ".gz"); ok {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
			p = q
		}
		m[p] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	project, err := fs.ReadFile(Embedded(), embeddedProject)
	if err != nil {
		t.Fatal(err)
	}
	m[embeddedProject] = &fstest.MapFile{Data: project}
	return m
}

var (
	tileWidthAttr = regexp.MustCompile(`<map [^>]*tilewidth="(\d+)"`)
	orthogonal    = regexp.MustCompile(`<map [^>]*orientation="orthogonal"`)
)

// withSpawns adds the project's spawns to a map, as a designer adapting
// it would: an object layer with a blue and a red Spawn on the first two
// tiles of the top row.
func withSpawns(tmxData string) (string, error) {
	m := tileWidthAttr.FindStringSubmatch(tmxData)
	if m == nil {
		return "", fmt.Errorf("no tilewidth")
	}
	ts, _ := strconv.Atoi(m[1])
	layer := fmt.Sprintf(` <objectgroup id="99999" name="spawns">
  <object id="99998" name="b" type="Spawn" x="%d" y="%d"><point/></object>
  <object id="99999" name="r" type="Spawn" x="%d" y="%d"><properties><property name="side" value="red"/></properties><point/></object>
 </objectgroup>
</map>`, ts/2, ts/2, ts+ts/2, ts/2)
	i := strings.LastIndex(tmxData, "</map>")
	if i < 0 {
		return "", fmt.Errorf("no </map>")
	}
	return tmxData[:i] + layer + tmxData[i+len("</map>"):], nil
}

// checkExamples loads every orthogonal map under fsys with spawns added
// and checks it draws: at least one layer with cells or tile objects.
func checkExamples(t *testing.T, fsys fstest.MapFS) {
	t.Helper()
	n := 0
	for p, f := range fsys {
		if !strings.HasSuffix(p, ".tmx") || !orthogonal.Match(f.Data) {
			continue
		}
		n++
		t.Run(p, func(t *testing.T) {
			data, err := withSpawns(string(f.Data))
			if err != nil {
				t.Fatal(err)
			}
			fsys[p] = &fstest.MapFile{Data: []byte(data)}
			defer func() { fsys[p] = f }()
			lv, err := Load(fsys, p)
			if err != nil {
				t.Fatalf("does not load: %v", err)
			}
			drawn := 0
			for _, l := range lv.Layers {
				drawn += len(l.Cells) + len(l.Sprites)
			}
			if drawn == 0 || len(lv.Images) == 0 {
				t.Errorf("loads but draws nothing: %d layers, %d images", len(lv.Layers), len(lv.Images))
			}
			t.Logf("%d×%d tiles, %d drawn layers, %d tiles and tile objects drawn, %d warnings", lv.Width, lv.Height, len(lv.Layers), drawn, len(lv.Warnings))
		})
	}
	if n == 0 {
		t.Fatal("no orthogonal example maps found")
	}
}

// Every orthogonal example map of Tiled's that Debian's tiled package
// ships loads and draws once the project's spawns are added. Skipped,
// saying so, when the package is not installed.
func TestTiledExamples(t *testing.T) {
	if _, err := os.Stat(tiledExamples); err != nil {
		t.Skipf("Tiled's examples are not installed at %s (apt-get install tiled); the vendored ones in testdata/tiled-examples are tested by TestVendoredTiledExamples", tiledExamples)
	}
	checkExamples(t, exampleFS(t, os.DirFS(tiledExamples)))
}

// The vendored examples (testdata/tiled-examples, with their licences)
// load and draw wherever the tests run.
func TestVendoredTiledExamples(t *testing.T) {
	checkExamples(t, exampleFS(t, os.DirFS("testdata/tiled-examples")))
}

// A tileset's <tileoffset> moves its tiles' drawing (perspective_walls
// draws its 64-pixel walls 32 pixels left of their 31-pixel cells).
func TestTileOffset(t *testing.T) {
	fsys := exampleFS(t, os.DirFS("testdata/tiled-examples"))
	data, err := withSpawns(string(fsys["perspective_walls.tmx"].Data))
	if err != nil {
		t.Fatal(err)
	}
	fsys["perspective_walls.tmx"] = &fstest.MapFile{Data: []byte(data)}
	lv, err := Load(fsys, "perspective_walls.tmx")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lv.Layers {
		for _, c := range l.Cells {
			if c.DX != -32 || c.DY != 0 || c.Src.Dx() != 64 {
				t.Fatalf("cell %+v, want a 64-pixel tile moved by (-32,0)", c)
			}
		}
	}
}
