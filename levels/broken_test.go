package levels

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lafriks/go-tiled"
)

// brokenFS returns testdata/levels (broken maps, no project file: the
// embedded project applies) plus maps made here: a file over the size
// bound and a layer that inflates to far more than its tiles.
func brokenFS(t *testing.T) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	root := os.DirFS("../testdata/levels")
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(root, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	big := `<map orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32">` +
		strings.Repeat(" ", MaxFileBytes) + `</map>`
	m["maps/too_big.tmx"] = &fstest.MapFile{Data: []byte(big)}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 1<<20))
	zw.Close()
	bomb := `<map orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32">
 <layer id="1" name="ground" width="4" height="4"><data encoding="base64" compression="zlib">` +
		base64.StdEncoding.EncodeToString(z.Bytes()) + `</data></layer></map>`
	m["maps/bomb.tmx"] = &fstest.MapFile{Data: []byte(bomb)}
	return m
}

func TestBrokenMaps(t *testing.T) {
	fsys := brokenFS(t)
	tests := []struct {
		file string
		want []string // every one must appear in the error
	}{
		{"maps/traversal_tileset.tmx", []string{`maps/traversal_tileset.tmx: `, `tileset source "../../../../etc/passwd" escapes the level folder`}},
		{"maps/absolute_tileset.tmx", []string{`maps/absolute_tileset.tmx: `, `tileset source "/etc/passwd" is an absolute path`}},
		{"maps/traversal_template.tmx", []string{`maps/traversal_template.tmx: object 3 "sneaky": template "../../templates/../../etc/shadow.tx" escapes the level folder`}},
		{"maps/traversal_image.tmx", []string{`maps/traversal_image.tmx: `, `tilesets/evil.tsx: image source "../../../../../etc/passwd" escapes the level folder`}},
		{"maps/huge.tmx", []string{`maps/huge.tmx: width 100000 is out of range (want 1 to 512)`}},
		{"maps/too_many_tiles.tmx", []string{`maps/too_many_tiles.tmx: 300×300 is 90000 tiles, more than the limit of 65536`}},
		{"maps/negative.tmx", []string{`maps/negative.tmx: width -5 is out of range`}},
		{"maps/infinite.tmx", []string{`maps/infinite.tmx: infinite maps are not supported`}},
		{"maps/isometric.tmx", []string{`maps/isometric.tmx: orientation "isometric" is not supported`}},
		{"maps/bad_color.tmx", []string{`maps/bad_color.tmx: object 3 "wall": property "tint": colour "ff8800" is not #AARRGGBB or #RRGGBB`}},
		{"maps/unknown_enum.tmx", []string{`maps/unknown_enum.tmx: object 3 "wall" at tile (0,0): property "height": unknown CoverHeight "medium" (want very-low, low, high, full)`}},
		{"maps/bad_int.tmx", []string{`maps/bad_int.tmx: object 4 "sandbag" at tile (0,0): property "de": "lots" is not a whole number`}},
		{"maps/missing_tileset.tmx", []string{`maps/missing_tileset.tmx: `, `tileset source "../tilesets/missing.tsx": tilesets/missing.tsx does not exist`}},
		{"maps/garbage.tmx", []string{`maps/garbage.tmx: XML syntax error`}},
		{"maps/too_big.tmx", []string{`maps/too_big.tmx: file is`, `the limit of 4194304 bytes`}},
		{"maps/bomb.tmx", []string{`maps/bomb.tmx: `, `layer data inflates to more than 64 bytes`}},
		{"maps/absent.tmx", []string{`maps/absent.tmx`, `not exist`}},
		{"../maps/outside.tmx", []string{`../maps/outside.tmx: not a valid path`}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			lv, err := Load(fsys, tt.file)
			if err == nil {
				t.Fatalf("loaded %q, want an error", lv.Name)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\nhave %s\nwant it to contain %s", err, w)
				}
			}
		})
	}
}

// The colour form bad_color.tmx uses is the one go-tiled panics on.
func TestGoTiledColourPanic(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("go-tiled no longer panics on six-digit colours; the pre-scan may be relaxed")
		}
	}()
	tiled.Properties{{Name: "tint", Type: "color", Value: "ff8800"}}.GetColor("tint")
}

// Inline maps against the real tilesets, templates and project: problems
// found after go-tiled has read the map.
func TestBrokenObjects(t *testing.T) {
	obj := func(s string) string {
		return tmx(4, 4, ` <objectgroup id="2" name="cover">
`+s+`
 </objectgroup>`)
	}
	tests := []struct {
		name, tmx, want string
	}{
		{"unknown material", obj(`<object id="5" name="box" type="Cover" x="64" y="64" width="32" height="32"><properties><property name="material" value="cheese"/></properties></object>`),
			`maps/t.tmx: object 5 "box" at tile (2,2): property "material": unknown Material "cheese" (want wood, sandbag, brick, concrete, metal, glass, smoke, foliage)`},
		{"bad bool", obj(`<object id="5" name="box" type="Cover" x="64" y="64" width="32" height="32"><properties><property name="vaultable" type="bool" value="yes"/></properties></object>`),
			`maps/t.tmx: object 5 "box" at tile (2,2): property "vaultable": "yes" is not true or false`},
		{"negative de", obj(`<object id="5" name="box" type="Cover" x="64" y="64" width="32" height="32"><properties><property name="de" type="int" value="-3"/></properties></object>`),
			`maps/t.tmx: object 5 "box" at tile (2,2): property "de": -3 is out of range`},
		{"point cover", obj(`<object id="5" name="dot" type="Cover" x="64" y="64"><point/></object>`),
			`maps/t.tmx: object 5 "dot" at tile (2,2): cover needs an area`},
		{"polyline cover", obj(`<object id="5" name="fence" type="Cover" x="64" y="64"><polyline points="0,0 32,0"/></object>`),
			`maps/t.tmx: object 5 "fence" at tile (2,2): a polyline cannot be cover`},
		{"two-point polygon", obj(`<object id="5" name="sliver" type="Cover" x="64" y="64"><polygon points="0,0 32,0"/></object>`),
			`maps/t.tmx: object 5 "sliver" at tile (2,2): polygon has 2 points, want at least 3`},
		{"outside", obj(`<object id="5" name="far" type="Cover" x="6400" y="64" width="32" height="32"/>`),
			`maps/t.tmx: object 5 "far" at tile (200,2): lies outside the map`},
		{"NaN", obj(`<object id="5" name="nan" type="Cover" x="NaN" y="64" width="32" height="32"/>`),
			`maps/t.tmx: object 5 "nan" at x=NaN, y=64 (not a position on any map): position, size or rotation out of range`},
		{"duplicate id", obj(`<object id="5" name="a" type="Cover" x="64" y="64" width="32" height="32"/><object id="5" name="b" type="Cover" x="96" y="64" width="32" height="32"/>`),
			`maps/t.tmx: object 5 "b" at tile (3,2): object id 5 is used twice`},
		{"bad side", obj(`<object id="5" name="x" type="Spawn" x="80" y="80"><properties><property name="side" value="green"/></properties><point/></object>`),
			`maps/t.tmx: object 5 "x" at tile (2,2): property "side": unknown Side "green" (want blue, red)`},
		{"bad stance", obj(`<object id="5" name="x" type="Spawn" x="80" y="80"><properties><property name="stance" value="lying"/></properties><point/></object>`),
			`maps/t.tmx: object 5 "x" at tile (2,2): property "stance": unknown Stance "lying" (want standing, crouched, prone)`},
		{"bad unit size", obj(`<object id="5" name="x" type="Spawn" x="80" y="80"><properties><property name="size" type="int" value="3"/></properties><point/></object>`),
			`maps/t.tmx: object 5 "x" at tile (2,2): property "size": 3, but a trooper is 1 tiles across (leave size empty)`},
		{"unknown unit type", obj(`<object id="5" name="x" type="Spawn" x="80" y="80"><properties><property name="type" value="ninja"/></properties><point/></object>`),
			`maps/t.tmx: object 5 "x" at tile (2,2): property "type": unknown UnitType "ninja" (want trooper, scout, gunner, marksman, breacher, mech)`},
		{"bad facing", obj(`<object id="5" name="x" type="Spawn" x="80" y="80"><properties><property name="facing" value="up"/></properties><point/></object>`),
			`maps/t.tmx: object 5 "x" at tile (2,2): property "facing": unknown facing "up"`},
		{"spawn outside", obj(`<object id="5" name="x" type="Spawn" x="800" y="80"><point/></object>`),
			`maps/t.tmx: object 5 "x" at tile (25,2): spawn tile (25,2) is outside the map`},
		{"spawn in a wall", obj(`<object id="5" name="wall" type="Cover" x="64" y="64" width="32" height="32"/><object id="6" name="x" type="Spawn" x="80" y="80"><point/></object>`),
			`maps/t.tmx: object 6 "x" at tile (2,2): spawn tile (2,2) is blocked`},
		{"spawn on a unit", obj(`<object id="5" name="x" type="Spawn" x="20" y="20"><point/></object>`),
			`maps/t.tmx: object 801 "b" at tile (0,0): spawn tile (0,0) already holds x`},
		{"one side only", tmx(4, 4, "")[:0] + strings.Replace(tmx(4, 4, ""), `<property name="side" value="red"/>`, ``, 1),
			`maps/t.tmx: the map needs at least one Spawn on each side (blue has 2, red has 0)`},
		{"map name not a string", strings.Replace(tmx(4, 4, ""), `<tileset`, `<properties><property name="name" type="int" value="3"/></properties><tileset`, 1),
			`maps/t.tmx: map property "name": is of type int, want string`},
		{"tile outside the tileset", tmx(1, 1, csvLayer("ground", "99")),
			`maps/t.tmx: layer "ground": tile (0,0) has gid 99, which none of the map's tilesets holds (../tilesets/terrain.tsx 1-24)`},
		{"a gid below every tileset", strings.Replace(tmx(2, 1, csvLayer("ground", "1,3")), `firstgid="1"`, `firstgid="3"`, 1),
			`maps/t.tmx: layer "ground": tile (0,0) has gid 1, which none of the map's tilesets holds (../tilesets/terrain.tsx 3-26)`},
		{"too few tiles of data", tmx(2, 2, csvLayer("ground", "1,1,1")),
			`maps/t.tmx: layer "ground" has 3 tiles of data, want 2×2 = 4`},
		{"a word in the data", tmx(2, 1, csvLayer("ground", "1,grass")),
			`maps/t.tmx: layer "ground": "grass" in its data is not a tile gid`},
		{"an unknown encoding", strings.Replace(tmx(2, 1, csvLayer("ground", "1,1")), `encoding="csv"`, `encoding="yaml"`, 1),
			`maps/t.tmx: layer "ground": data encoding "yaml" is not supported (Tiled writes csv, base64 or XML)`},
		{"non-square tiles", strings.Replace(tmx(4, 4, ""), `tileheight="32"`, `tileheight="16"`, 1),
			`maps/t.tmx: tiles are 32×16 pixels; only square tiles are supported`},
		{"duplicate attribute", strings.Replace(tmx(4, 4, ""), `width="4"`, `width="4" width="400000"`, 1),
			`maps/t.tmx: attribute "width" appears twice`},
		{"duplicate attribute under a namespace prefix", strings.Replace(tmx(4, 4, ""), `width="4"`, `width="4" xmlns:p="urn:p" p:width="400000"`, 1),
			`maps/t.tmx: attribute "width" appears twice`},
		{"groups nested too deep", tmx(4, 4, strings.Repeat(`<group id="3" name="g">`, 17)+strings.Repeat(`</group>`, 17)),
			`maps/t.tmx: group "g": groups nest more than 16 deep`},
		{"bad tint", tmx(4, 4, `<group id="3" name="g" tintcolor="#abc"></group>`),
			`maps/t.tmx: layer "g": tintcolor "#abc" is not #AARRGGBB or #RRGGBB`},
		{"zstd", tmx(1, 1, `<layer id="1" name="l" width="1" height="1"><data encoding="base64" compression="zstd">AAAA</data></layer>`),
			`maps/t.tmx: layer compression "zstd" is not supported`},
		{"bad background", strings.Replace(tmx(4, 4, ""), `infinite="0"`, `infinite="0" backgroundcolor="#12345"`, 1),
			`maps/t.tmx: backgroundcolor "#12345" is not a colour`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tt.tmx}), "maps/t.tmx")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error\nhave %v\nwant it to contain %s", err, tt.want)
			}
		})
	}
}

// Broken tilesets: tiles with bad classes or properties name the tileset
// and the tile.
func TestBrokenTilesets(t *testing.T) {
	tsx := func(tiles string) string {
		return `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="t" tilewidth="32" tileheight="32" tilecount="24" columns="8">
 <image source="terrain.png" width="256" height="96"/>
` + tiles + `
</tileset>`
	}
	tests := []struct {
		name, tsx, want string
	}{
		{"bad floor", tsx(`<tile id="0"><properties><property name="floor" type="int" value="high"/></properties></tile>`),
			`maps/t.tmx: layer "ground": tilesets/terrain.tsx: tile 0: property "floor": "high" is not a whole number`},
		{"bad cost", tsx(`<tile id="0"><properties><property name="cost" type="int" value="-1"/></properties></tile>`),
			`tilesets/terrain.tsx: tile 0: property "cost": -1 is out of range`},
		{"bad height", tsx(`<tile id="0"><properties><property name="height" value="tall"/></properties></tile>`),
			`tilesets/terrain.tsx: tile 0: property "height": unknown CoverHeight "tall"`},
		{"bad colour", tsx(`<tile id="0"><properties><property name="c" type="color" value="#ff00"/></properties></tile>`),
			`maps/t.tmx: tilesets/terrain.tsx: tile 0: property "c": colour "#ff00" is not #AARRGGBB or #RRGGBB`},
		{"tile missing from an image collection", `<tileset name="t" tilewidth="32" tileheight="32" tilecount="1" columns="0"><tile id="5"><image source="terrain.png" width="256" height="96"/></tile></tileset>`,
			`maps/t.tmx: layer "ground": tilesets/terrain.tsx: tile 0 is not in the image collection`},
		{"zero tile size", strings.Replace(tsx(""), `tilewidth="32"`, `tilewidth="0"`, 1),
			`tilesets/terrain.tsx: tile size 0×32 is out of range`},
		{"missing image", strings.Replace(tsx(""), `terrain.png`, `nope.png`, 1),
			`maps/t.tmx: tilesets/terrain.tsx: image source "nope.png": tilesets/nope.png does not exist`},
		{"not an image", strings.Replace(tsx(""), `terrain.png`, `terrain.tsx`, 1),
			`tilesets/terrain.tsx: is not a PNG image, the one image format the game reads (fix: save the image as PNG`},
		{"a map as the tileset", `<map/>`, `tilesets/terrain.tsx: is a map, not a tileset: point the reference at a tileset (.tsx) file`},
		{"wrong root", `<layer/>`, `tilesets/terrain.tsx: the root element is <layer>, want <tileset>`},
		{"a JSON tileset with a string size", `{"type": "tileset", "tilewidth": "32"}`, `tilesets/terrain.tsx: "tilewidth" is a JSON string, want a whole number from 0 to 4294967295`},
		{"a JSON map as the tileset", `{"type": "map"}`, `tilesets/terrain.tsx: is a map, not a tileset: point the reference at a tileset (.tsx) file`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := levelFS(t, map[string]string{"maps/t.tmx": tmx(1, 1, csvLayer("ground", "1")), "tilesets/terrain.tsx": tt.tsx})
			_, err := Load(fsys, "maps/t.tmx")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error\nhave %v\nwant it to contain %s", err, tt.want)
			}
		})
	}
}
