package levels

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// tmj wraps layers (JSON objects) in a Tiled JSON map header: w×h tiles of
// 32 pixels using the terrain tileset, with one Spawn per side in the
// first row, as tmx does.
func tmj(w, h int, layers ...string) string {
	all := append(layers, `{"type": "objectgroup", "id": 8, "name": "spawns", "objects": [
  {"id": 801, "name": "b", "type": "Spawn", "x": 16, "y": 16, "point": true},
  {"id": 802, "name": "r", "type": "Spawn", "x": 48, "y": 16, "point": true, "properties": [{"name": "side", "type": "string", "value": "red"}]}]}`)
	return `{"type": "map", "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal", "renderorder": "right-down",
 "width": ` + itoa(w) + `, "height": ` + itoa(h) + `, "tilewidth": 32, "tileheight": 32, "infinite": false, "nextlayerid": 9, "nextobjectid": 900,
 "tilesets": [{"firstgid": 1, "source": "../tilesets/terrain.tsx"}],
 "layers": [` + strings.Join(all, ",\n") + `]}`
}

// grassLayer is a w×h JSON tile layer of grass named ground.
func grassLayer(w, h int) string {
	return `{"type": "tilelayer", "id": 1, "name": "ground", "width": ` + itoa(w) + `, "height": ` + itoa(h) + `, "data": [` + strings.TrimSuffix(strings.Repeat("1,", w*h), ",") + `]}`
}

// A map in each format using a template in each format loads into the
// same battle: the template's object is merged into its instances, which
// override exactly what they set.
func TestJSONTemplates(t *testing.T) {
	crateTJ := `{"type": "template",
 "object": {"name": "crate", "type": "Cover", "width": 32, "height": 32, "rotation": 0, "visible": true,
  "properties": [{"name": "height", "type": "string", "propertytype": "CoverHeight", "value": "high"},
   {"name": "material", "type": "string", "propertytype": "Material", "value": "wood"},
   {"name": "size", "type": "string", "propertytype": "Size", "value": "small"}]}}`
	treeTJ := `{"type": "template", "object": {"name": "tree", "type": "Cover", "width": 48, "height": 48, "ellipse": true,
  "properties": [{"name": "material", "type": "string", "propertytype": "Material", "value": "foliage"}, {"name": "size", "type": "string", "propertytype": "Size", "value": "large"}]}}`
	xmlObjects := ` <objectgroup id="3" name="cover">
  <object id="5" template="../templates/crate.tx" x="64" y="32"/>
  <object id="6" name="low crate" template="../templates/crate.tx" x="96" y="64" width="16"><properties><property name="height" value="low"/></properties></object>
  <object id="7" template="../templates/tree.tx" x="0" y="64"/>
 </objectgroup>`
	jsonObjects := func(ext string) string {
		return `{"type": "objectgroup", "id": 3, "name": "cover", "objects": [
  {"id": 5, "template": "../templates/crate.` + ext + `", "x": 64, "y": 32},
  {"id": 6, "name": "low crate", "template": "../templates/crate.` + ext + `", "x": 96, "y": 64, "width": 16, "properties": [{"name": "height", "type": "string", "value": "low"}]},
  {"id": 7, "template": "../templates/tree.` + ext + `", "x": 0, "y": 64}]}`
	}
	fsys := levelFS(t, map[string]string{
		"maps/x.tmx": tmx(4, 3, xmlObjects), "maps/tx.tmj": tmj(4, 3, jsonObjects("tx")), "maps/tj.tmj": tmj(4, 3, jsonObjects("tj")),
		"maps/tj.tmx":        tmx(4, 3, strings.ReplaceAll(xmlObjects, ".tx", ".tj")),
		"templates/crate.tj": crateTJ, "templates/tree.tj": treeTJ,
	})
	want, err := Load(fsys, "maps/x.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if len(want.State.Board.Obstacles) != 3 {
		t.Fatalf("the TMX map has %d obstacles, want 3", len(want.State.Board.Obstacles))
	}
	for _, name := range []string{"maps/tx.tmj", "maps/tj.tmj", "maps/tj.tmx"} {
		have, err := Load(fsys, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		have.Name = want.Name // each is named after its file
		sameLevel(t, have, want)
	}
}

// Hostile JSON: wrong types, numbers out of range, huge arrays, deep
// nesting. Each is refused with an error naming the file, the layer or
// object and the field, within the hostile maps' time and memory.
func TestHostileJSON(t *testing.T) {
	objects := func(objs ...string) string {
		return `{"type": "objectgroup", "id": 3, "name": "cover", "objects": [` + strings.Join(objs, ",") + `]}`
	}
	group := func(depth int) string {
		s := `{"type": "tilelayer", "name": "deep", "width": 4, "height": 3, "data": [1,1,1,1,1,1,1,1,1,1,1,1]}`
		for i := 0; i < depth; i++ {
			s = `{"type": "group", "name": "g", "layers": [` + s + `]}`
		}
		return s
	}
	manyObjects := make([]string, MaxObjects+1)
	for i := range manyObjects {
		manyObjects[i] = fmt.Sprintf(`{"id": %d, "type": "Cover", "x": 0, "y": 0, "width": 1, "height": 1}`, i+1)
	}
	points := strings.TrimSuffix(strings.Repeat(`{"x":1,"y":1},`, 250000), ",")
	good := tmj(4, 3, grassLayer(4, 3))
	tests := []struct {
		name, json, want string
	}{
		{"a string width", strings.Replace(good, `"width": 4`, `"width": "4"`, 1), `maps/h.tmj: error: "width" is a JSON string, want a whole number from 0 to 4294967295`},
		{"a fractional tile size", strings.Replace(good, `"tilewidth": 32`, `"tilewidth": 32.5`, 1), `"tilewidth" is a JSON number 32.5, want a whole number`},
		{"layers not an array", `{"type": "map", "width": 4, "height": 3, "layers": 5}`, `"layers" is a JSON number, want an array`},
		{"no type", `{"width": 4}`, `maps/h.tmj: error: a Tiled JSON file needs "type": "map", "tileset" or "template"`},
		{"a tileset as the map", `{"type": "tileset"}`, `maps/h.tmj: error: is a tileset, not a map`},
		{"an unknown layer kind", tmj(4, 3, `{"type": "hexlayer", "name": "odd"}`), `layer "odd": "type" is "hexlayer", want tilelayer, objectgroup, imagelayer or group`},
		{"a string position", tmj(4, 3, objects(`{"id": 5, "name": "crate", "type": "Cover", "x": "NaN", "y": 0}`)), `layer "cover": object 5: "x" is a JSON string, want a finite number`},
		{"a huge position", tmj(4, 3, objects(`{"id": 5, "type": "Cover", "x": 1e400, "y": 0}`)), `layer "cover": object 5: "x" is a JSON number 1e400, want a finite number`},
		{"a NaN literal", tmj(4, 3, objects(`{"id": 5, "type": "Cover", "x": NaN, "y": 0}`)), `maps/h.tmj: error: not valid JSON at byte`},
		{"a negative gid", strings.Replace(good, `"data": [1,`, `"data": [-1,`, 1), `layer "ground": "data" holds a JSON number -1, want gids`},
		{"a gid as a string", strings.Replace(good, `"data": [1,`, `"data": ["1",`, 1), `layer "ground": "data" holds a JSON string, want gids`},
		{"a million gids", strings.Replace(good, `"data": [1,`, `"data": [`+strings.Repeat("1,", 1000000), 1), `layer "ground"`},
		{"an object property value", tmj(4, 3, objects(`{"id": 5, "type": "Cover", "x": 0, "y": 0, "width": 8, "height": 8, "properties": [{"name": "height", "type": "class", "value": {"a": 1}}]}`)),
			`object 5: property "height": class and list values are not read`},
		{"a polygon of 250,000 points", tmj(4, 3, objects(`{"id": 5, "type": "Cover", "x": 0, "y": 0, "polygon": [`+points+`]}`)), `object 5: polygon has 250000 points, more than the limit of 1000`},
		{"4097 objects", tmj(4, 3, objects(manyObjects...)), "the file has more than 4096 objects"},
		{"groups 17 deep", tmj(4, 3, group(MaxGroupDepth+1)), "groups nest more than 16 deep"},
		{"groups 16 deep", tmj(4, 3, group(MaxGroupDepth)), ""},
		{"arrays 200,000 deep", `{"type": "map", "x": ` + strings.Repeat("[", 200000) + strings.Repeat("]", 200000) + `}`, `maps/h.tmj: error: not valid JSON at byte`},
		{"infinite", tmj(4, 3, `{"type": "tilelayer", "name": "inf", "chunks": [{"x": 0}]}`), `layer "inf": infinite maps are not supported`},
		{"data a string without base64", strings.Replace(good, `"data": [1,1,1,1,1,1,1,1,1,1,1,1]`, `"data": "AQAAAA=="`, 1), `"data" is a string but "encoding" is "", not base64`},
		{"a 5 MB file", `{"type": "map", "pad": "` + strings.Repeat("x", 5<<20) + `"}`, "more than the limit of 4194304 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := levelFS(t, map[string]string{"maps/h.tmj": tc.json})
			errs := checkHostile(t, fsys, "maps/h.tmj", tc.want)
			for _, e := range errs {
				if len(e) > 400 {
					t.Errorf("an error of %d bytes: %.200s…", len(e), e)
				}
			}
		})
	}
}

// FuzzLoadJSON feeds arbitrary bytes to the loader as a Tiled JSON map
// next to the real tilesets, templates and project: it must return a
// level or an error, never panic or hang.
func FuzzLoadJSON(f *testing.F) {
	f.Add([]byte(tmj(4, 3, grassLayer(4, 3))))
	f.Add([]byte(tmj(4, 3, `{"type": "objectgroup", "id": 3, "name": "cover", "objects": [{"id": 5, "template": "../templates/crate.tx", "x": 64, "y": 32},
 {"id": 6, "type": "Cover", "x": 0, "y": 64, "polygon": [{"x": 0, "y": 0}, {"x": 32, "y": 0}, {"x": 0, "y": 32}]}]}`,
		`{"type": "group", "name": "g", "opacity": 0.5, "layers": [{"type": "tilelayer", "name": "t", "width": 4, "height": 3, "encoding": "base64", "data": "AQAAAA=="}]}`)))
	f.Add([]byte(`{"type": "map", "width": 1, "height": 1, "tilewidth": 32, "tileheight": 32, "orientation": "orthogonal",
 "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 24, "columns": 8, "image": "../tilesets/terrain.png", "imagewidth": 256, "imageheight": 96,
  "tiles": [{"id": 0, "type": "Cover", "animation": [{"tileid": 1, "duration": 100}]}]}],
 "layers": [{"type": "tilelayer", "name": "g", "width": 1, "height": 1, "data": [1]}]}`))
	f.Add([]byte(`{"type": "map", "layers": [{"type": "group", "layers": [{"type": "group"}]}]}`))
	fsys := levelFS(f, nil)
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys["maps/fuzz.tmj"] = &fstest.MapFile{Data: data}
		lv, err := Load(fsys, "maps/fuzz.tmj")
		if err == nil && (lv.State == nil || lv.State.Board.Width*lv.State.Board.Height > MaxTiles) {
			t.Fatalf("loaded an impossible level: %+v", lv)
		}
	})
}

// Hot reload follows a JSON map and the JSON template it uses: the Watch
// lists both and reports an edit of each.
func TestOpenFileWatchJSON(t *testing.T) {
	dir := t.TempDir()
	copyEmbedded(t, dir)
	writeTree(t, dir, map[string][]byte{
		"maps/j.tmj": []byte(tmj(4, 3, `{"type": "objectgroup", "id": 3, "name": "cover", "objects": [{"id": 5, "template": "../templates/box.tj", "x": 64, "y": 32}]}`)),
		"templates/box.tj": []byte(`{"type": "template", "object": {"name": "box", "type": "Cover", "width": 32, "height": 32,
 "properties": [{"name": "material", "type": "string", "value": "wood"}]}}`),
	})
	mapPath := filepath.Join(dir, "maps", "j.tmj")
	for _, c := range []struct{ file, old, new string }{
		{"maps/j.tmj", `"name": "b"`, `"name": "Rowan"`},
		{"templates/box.tj", `"value": "wood"`, `"value": "metal"`},
	} {
		_, w, err := OpenFileWatch(mapPath)
		if err != nil {
			t.Fatal(err)
		}
		if files := w.Files(); !slices.Contains(files, "maps/j.tmj") || !slices.Contains(files, "templates/box.tj") {
			t.Fatalf("watched files %v lack the map or its template", files)
		}
		rewrite(t, filepath.Join(dir, filepath.FromSlash(c.file)), c.old, c.new)
		if f, ok := w.Changed(); !ok || f != c.file {
			t.Errorf("after editing %s: Changed says %q, %v", c.file, f, ok)
		}
	}
	lv, _, err := OpenFileWatch(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	if lv.State.Units[0].Name != "Rowan" || lv.State.Board.Obstacles[0].Material != "metal" {
		t.Errorf("after the edits: unit %q, crate of %q", lv.State.Units[0].Name, lv.State.Board.Obstacles[0].Material)
	}
}
