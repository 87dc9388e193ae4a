package systems

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
	"time"

	"sightline/rules"
)

// tiledSpec is a 6×4 ground drawn from the terrain tileset with every
// Tiled drawing feature: a tinted, half-transparent, offset layer; a cell
// from an image collection taller than its cell; tile objects scaled,
// flipped and rotated; and an animated water cell (shallow for 500 ms,
// then deep for 250 ms).
func tiledSpec(t *testing.T) TerrainSpec {
	t.Helper()
	f, err := os.Open("../levels/tilesets/terrain.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	terrain, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// A 24×40 "lamp post" with a black foot at its bottom-left.
	post := image.NewNRGBA(image.Rect(0, 0, 24, 40))
	for y := 0; y < 40; y++ {
		for x := 0; x < 24; x++ {
			c := color.NRGBA{0xf0, 0xe0, 0x40, 0xff}
			if y >= 32 && x < 8 {
				c = color.NRGBA{0, 0, 0, 0xff}
			}
			post.Set(x, y, c)
		}
	}
	tile := func(id int) image.Rectangle { return image.Rect(id%8*32, id/8*32, id%8*32+32, id/8*32+32) }
	var ground []TileCell
	for y := 0; y < 4; y++ {
		for x := 0; x < 6; x++ {
			ground = append(ground, TileCell{X: x, Y: y, Src: tile(0)})
		}
	}
	ground = append(ground, TileCell{X: 5, Y: 3, Src: tile(13), Anim: []TileFrame{{Src: tile(13), Duration: 500}, {Src: tile(12), Duration: 250}}})
	walls := TerrainLayer{Opacity: 0.5, Tint: color.NRGBA{0xff, 0x80, 0x80, 0xff}, OffsetX: 8, OffsetY: 4,
		Cells: []TileCell{{X: 1, Y: 1, Src: tile(16)}, {X: 2, Y: 1, Src: tile(16)}}}
	props := TerrainLayer{Opacity: 1,
		Cells: []TileCell{{X: 0, Y: 3, Image: 1, Src: post.Bounds(), DX: 4, DY: -2}}, // moved by a tile offset
		Sprites: []TileSprite{
			{X: 96, Y: 128, W: 48, H: 32, Image: 1, Src: post.Bounds()},                                   // stretched
			{X: 144, Y: 64, W: 24, H: 40, Image: 1, Src: post.Bounds(), FlipH: true},                      // foot on the right
			{X: 128, Y: 32, W: 32, H: 32, Rotation: 90, Src: tile(17)},                                    // concrete wall, turned
			{X: 0, Y: 64, W: 32, H: 32, Src: tile(13), Anim: []TileFrame{{Src: tile(20), Duration: 100}}}, // one-frame animation
		}}
	return TerrainSpec{Board: rules.NewBoard(6, 4, 32), Images: []image.Image{terrain, post},
		Layers: []TerrainLayer{{Opacity: 1, Cells: ground}, walls, props}}
}

func TestTiledTerrainGolden(t *testing.T) {
	tr := NewTerrain(tiledSpec(t))
	checkGolden(t, "tiled_terrain", readImage(tr.img))
	// At 600 ms the water shows its second frame (deep water), and only
	// its cell changes; at 750 ms the loop is back at frame 0.
	before := readImage(tr.img)
	tr.SetTime(600 * time.Millisecond)
	after := readImage(tr.img)
	changed := image.Rectangle{}
	for y := 0; y < 128; y++ {
		for x := 0; x < 192; x++ {
			if before.RGBAAt(x, y) != after.RGBAAt(x, y) {
				changed = changed.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if changed.Empty() || !changed.In(image.Rect(160, 96, 192, 128)) {
		t.Errorf("at 600 ms the pixels in %v changed, want some, all in the water cell", changed)
	}
	tr.SetTime(750 * time.Millisecond)
	if d, _ := compareImages(readImage(tr.img), before); d != 0 {
		t.Errorf("at 750 ms %d pixels differ from t=0, want the loop back at frame 0", d)
	}
}

func TestFrameAt(t *testing.T) {
	anim := []TileFrame{{Duration: 500}, {Duration: 250}}
	for _, c := range []struct {
		ms   int64
		want int
	}{{0, 0}, {499, 0}, {500, 1}, {749, 1}, {750, 0}, {1300, 1}} {
		if have := frameAt(anim, c.ms); have != c.want {
			t.Errorf("at %d ms frame %d, want %d", c.ms, have, c.want)
		}
	}
}
