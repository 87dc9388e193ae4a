package levels

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"reflect"
	"strings"
	"testing"

	"sightline/rules"
)

// propsTSX is an image-collection tileset as Tiled 1.8.2 writes it: a
// truck of class Cover (64×48) and a lamp (16×16) that is only a prop.
const propsTSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="props" tilewidth="64" tileheight="48" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="Cover">
  <properties>
   <property name="height" propertytype="CoverHeight" value="high"/>
   <property name="material" propertytype="Material" value="metal"/>
  </properties>
  <image width="64" height="48" source="truck.png"/>
 </tile>
 <tile id="1">
  <image width="16" height="16" source="lamp.png"/>
 </tile>
</tileset>
`

// waterTSX is the terrain image as a tileset whose shallow water (tile 13)
// is animated: 500 ms of itself, then 250 ms of deep water.
const waterTSX = `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="water" tilewidth="32" tileheight="32" tilecount="24" columns="8">
 <image source="terrain.png" width="256" height="96"/>
 <tile id="13">
  <properties>
   <property name="cost" type="int" value="2"/>
  </properties>
  <animation>
   <frame tileid="13" duration="500"/>
   <frame tileid="12" duration="250"/>
  </animation>
 </tile>
</tileset>
`

// tileObjectsMap is a 6×4 map with tile objects: the truck (cover from its
// tile), two lamps (props, one flipped), a concrete-wall tile turned 90°
// (cover), and an animated water cell on the ground.
func tileObjectsMap() string {
	ts := ` <tileset firstgid="25" source="../tilesets/props.tsx"/>
 <tileset firstgid="27" source="../tilesets/water.tsx"/>
 <layer id="1" name="ground" width="6" height="4">
  <data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,40
</data>
 </layer>
 <layer id="3" name="decor" width="6" height="4">
  <data encoding="csv">
0,0,0,0,0,0,
0,0,0,0,0,0,
0,0,0,0,0,0,
26,0,0,0,0,0
</data>
 </layer>
 <objectgroup id="2" name="props">
  <object id="30" gid="25" x="64" y="96" width="64" height="48"/>
  <object id="31" gid="26" x="16" y="128" width="16" height="16"/>
  <object id="32" gid="2147483674" x="32" y="128" width="16" height="16"/>
  <object id="33" gid="18" x="160" y="64" width="32" height="32" rotation="90"/>
 </objectgroup>`
	return strings.Replace(tmx(6, 4, ts), ` <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
 <tileset firstgid="25"`, ` <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
 <tileset firstgid="25"`, 1)
}

// solidPNG returns a w×h PNG of one colour with a dark bottom-left pixel,
// so a drawing shows which way up it is.
func solidPNG(w, h int, c color.NRGBA) string {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	img.Set(0, h-1, color.NRGBA{0, 0, 0, 0xff})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.String()
}

// tileObjectFiles are the files of the tile-object map.
func tileObjectFiles() map[string]string {
	return map[string]string{
		"maps/zz_tileobjects.tmx": tileObjectsMap(),
		"tilesets/props.tsx":      propsTSX,
		"tilesets/water.tsx":      waterTSX,
		"tilesets/truck.png":      solidPNG(64, 48, color.NRGBA{0xc0, 0x40, 0x30, 0xff}),
		"tilesets/lamp.png":       solidPNG(16, 16, color.NRGBA{0xf0, 0xe0, 0x40, 0xff}),
	}
}

func TestTileObjects(t *testing.T) {
	lv, err := Load(levelFS(t, tileObjectFiles()), "maps/zz_tileobjects.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.Layers) != 3 || lv.Layers[2].Name != "props" {
		t.Fatalf("layers %+v, want ground, decor and props", lv.Layers)
	}
	// A cell of an image collection: the tile's whole image.
	if d := lv.Layers[1].Cells; len(d) != 1 || d[0].X != 0 || d[0].Y != 3 || d[0].Src != image.Rect(0, 0, 16, 16) || d[0].Image == 0 {
		t.Errorf("decor cells %+v, want the lamp's image on (0,3)", d)
	}
	sp := lv.Layers[2].Sprites
	if len(sp) != 4 {
		t.Fatalf("%d sprites, want 4", len(sp))
	}
	truck, lamp, flipped, wall := sp[0], sp[1], sp[2], sp[3]
	if truck.X != 64 || truck.Y != 96 || truck.W != 64 || truck.H != 48 || truck.Src != image.Rect(0, 0, 64, 48) {
		t.Errorf("truck sprite %+v", truck)
	}
	if lamp.FlipH || !flipped.FlipH || flipped.FlipV || lamp.Image != flipped.Image || lamp.Image == truck.Image {
		t.Errorf("lamps %+v and %+v: want the lamp image, the second flipped horizontally", lamp, flipped)
	}
	if wall.Rotation != 90 || wall.Src != image.Rect(32*1, 32*2, 32*2, 32*3) {
		t.Errorf("wall sprite %+v, want tile 17 turned 90°", wall)
	}
	// The truck and the wall are cover; the lamps are not.
	b := lv.State.Board
	if n := len(b.Obstacles); n != 2 {
		t.Fatalf("%d obstacles, want 2", n)
	}
	tr := b.Obstacle(30)
	if tr == nil || tr.Material != "metal" || tr.Height != rules.HeightHigh || !reflect.DeepEqual(tr.Shape, rules.RectShape(64, 48, 64, 48)) {
		t.Errorf("truck obstacle %+v, want high metal cover over (64,48) 64×48", tr)
	}
	w := b.Obstacle(33)
	v := func(x, y float64) rules.Vec { return rules.Vec{X: x, Y: y} }
	if w == nil || w.Material != "concrete" || !reflect.DeepEqual(round(w.Shape), rules.PolygonShape([]rules.Vec{v(192, 64), v(192, 96), v(160, 96), v(160, 64)})) {
		t.Errorf("wall obstacle %+v, want the tile's footprint turned 90° about its bottom-left", w)
	}
	// The animated cell: its frames, and the tile's rules (cost 2).
	var water *Cell
	for i, c := range lv.Layers[0].Cells {
		if c.X == 5 && c.Y == 3 {
			water = &lv.Layers[0].Cells[i]
		}
	}
	if water == nil || len(water.Anim) != 2 || water.Anim[0].Duration != 500 || water.Anim[1].Duration != 250 ||
		water.Anim[0].Src != image.Rect(5*32, 32, 6*32, 64) || water.Anim[1].Src != image.Rect(4*32, 32, 5*32, 64) {
		t.Errorf("water cell %+v, want frames of tile 13 (500 ms) and 12 (250 ms)", water)
	}
	if c := b.Tile(rules.Point{X: 5, Y: 3}).Cost; c != 2 {
		t.Errorf("water cost %d, want 2", c)
	}
}

// Tile objects with bad tiles or animations name the object or tile.
func TestBrokenTileObjects(t *testing.T) {
	files := tileObjectFiles()
	tests := []struct{ name, from, to, file, want string }{
		{"gid outside every tileset", `gid="26" x="16"`, `gid="9999" x="16"`, "maps/zz_tileobjects.tmx",
			`object 31 "" at tile (0,4): tilesets/water.tsx: tile 9972 is outside the tileset`},
		{"frame of no time", `duration="250"`, `duration="0"`, "tilesets/water.tsx", `tilesets/water.tsx: tile 13: animation frame of 0 ms (want 1 to 60000)`},
		{"too many frames", `<frame tileid="12" duration="250"/>`, strings.Repeat(`<frame tileid="12" duration="250"/>`, 70), "tilesets/water.tsx",
			`tilesets/water.tsx: tile 13: animation has 71 frames, more than the limit of 64`},
		{"frame outside the tileset", `tileid="12"`, `tileid="99"`, "tilesets/water.tsx", `tile 13: animation: tilesets/water.tsx: tile 99 is outside the tileset`},
		{"missing collection image", `source="lamp.png"`, `source="nope.png"`, "tilesets/props.tsx", `tilesets/props.tsx: tile 1: image source "nope.png": tilesets/nope.png does not exist`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := map[string]string{}
			for k, v := range files {
				m[k] = v
			}
			m[tt.file] = strings.Replace(m[tt.file], tt.from, tt.to, 1)
			_, err := Load(levelFS(t, m), "maps/zz_tileobjects.tmx")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error\nhave %v\nwant it to contain %s", err, tt.want)
			}
		})
	}
}
