package systems

import (
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// TerrainLayer is one drawn layer of a Tiled map: tile cells and tile
// objects, with the layer's (and its groups') opacity, tint and offsets.
type TerrainLayer struct {
	// Cells are the layer's tiles.
	Cells []TileCell
	// Sprites are the layer's tile objects, drawn after its cells.
	Sprites []TileSprite
	// Opacity scales the layer's alpha, 0 (invisible) to 1.
	Opacity float64
	// Tint multiplies the layer's colours; the zero value means none.
	Tint color.NRGBA
	// OffsetX and OffsetY shift the cells, in world pixels (sprites carry
	// their own position).
	OffsetX, OffsetY float64
}

// TileCell is one drawn tile of a map's tile layer.
type TileCell struct {
	// X and Y are the tile coordinates.
	X, Y int
	// Image indexes TerrainSpec.Images.
	Image int
	// Src is the tile's rectangle in that image; a larger one (from an
	// image collection) is drawn up and right from the cell's bottom-left.
	Src image.Rectangle
	// FlipH, FlipV and FlipD are Tiled's horizontal, vertical and diagonal flips.
	FlipH, FlipV, FlipD bool
	// Anim, when not empty, replaces Image and Src by the frame showing.
	Anim []TileFrame
	// DX and DY move the tile by its tileset's tile offset, in pixels.
	DX, DY int
}

// TileSprite is one tile object: a tile image scaled to W×H with its
// bottom-left corner at (X, Y), turned Rotation degrees clockwise about it.
type TileSprite struct {
	X, Y, W, H, Rotation float64
	// Image and Src are the tile's image and rectangle, as for TileCell.
	Image int
	Src   image.Rectangle
	// FlipH and FlipV mirror the image within the object.
	FlipH, FlipV bool
	// Anim is the tile's animation, as for TileCell.
	Anim []TileFrame
	// DX and DY are the tileset's tile offset, as for TileCell.
	DX, DY int
}

// TileFrame is one frame of an animated tile.
type TileFrame struct {
	// Image and Src are the frame's tile.
	Image int
	Src   image.Rectangle
	// Duration is how long it shows, in milliseconds (at least 1).
	Duration int
}

// frameAt returns the index of the frame showing at ms milliseconds, the
// animation looping from frame 0 at 0.
func frameAt(anim []TileFrame, ms int64) int {
	total := int64(0)
	for _, f := range anim {
		total += int64(max(f.Duration, 1))
	}
	if total == 0 {
		return 0
	}
	ms %= total
	for i, f := range anim {
		if ms -= int64(max(f.Duration, 1)); ms < 0 {
			return i
		}
	}
	return 0
}

// drawItem is one cell or sprite of the ground, in draw order.
type drawItem struct {
	layer  int
	cell   *TileCell
	sprite *TileSprite
	// bounds holds every pixel the item may cover, whatever its frame.
	bounds image.Rectangle
	// anim indexes Terrain.frames for an animated item, else -1.
	anim int
}

// buildItems lists the layers' cells and sprites in draw order with their
// bounds, and the colour scale of each layer.
func (t *Terrain) buildItems() {
	ts := t.spec.Board.TileSize
	nanim := 0
	for li := range t.spec.Layers {
		layer := &t.spec.Layers[li]
		var cs ebiten.ColorScale
		if layer.Tint.A != 0 {
			cs.ScaleWithColor(layer.Tint)
		}
		cs.ScaleAlpha(float32(layer.Opacity))
		t.scales = append(t.scales, cs)
		add := func(it drawItem, img int, src image.Rectangle, anim []TileFrame) {
			it.layer, it.anim = li, -1
			srcs := []image.Rectangle{src}
			if len(anim) > 0 {
				it.anim, srcs = nanim, nil
				nanim++
				for _, f := range anim {
					srcs = append(srcs, f.Src)
				}
			}
			for _, r := range srcs {
				it.bounds = it.bounds.Union(t.destBounds(&it, r, ts))
			}
			t.items = append(t.items, it)
		}
		for i := range layer.Cells {
			c := &layer.Cells[i]
			add(drawItem{cell: c}, c.Image, c.Src, c.Anim)
		}
		for i := range layer.Sprites {
			s := &layer.Sprites[i]
			add(drawItem{sprite: s}, s.Image, s.Src, s.Anim)
		}
	}
}

// geoM returns where an item's w×h source image is drawn.
func (t *Terrain) geoM(it *drawItem, w, h float64, ts int) ebiten.GeoM {
	layer := &t.spec.Layers[it.layer]
	if c := it.cell; c != nil {
		g := flipGeoM(w, h, c.FlipH, c.FlipV, c.FlipD)
		if c.FlipD {
			h = w
		}
		// Tiled anchors tile images at the bottom-left of their cell.
		g.Translate(float64(c.X*ts+c.DX)+layer.OffsetX, float64((c.Y+1)*ts+c.DY)-h+layer.OffsetY)
		return g
	}
	s := it.sprite
	g := flipGeoM(w, h, s.FlipH, s.FlipV, false)
	g.Scale(s.W/w, s.H/h)
	// The tile offset applies in the object's turned frame, as Tiled does.
	g.Translate(float64(s.DX), float64(s.DY)-s.H)
	g.Rotate(s.Rotation * math.Pi / 180)
	g.Translate(s.X, s.Y)
	return g
}

// destBounds returns the pixels an item covers drawn from src, one pixel
// wider on each side for filtering.
func (t *Terrain) destBounds(it *drawItem, src image.Rectangle, ts int) image.Rectangle {
	if src.Empty() {
		return image.Rectangle{}
	}
	w, h := float64(src.Dx()), float64(src.Dy())
	g := t.geoM(it, w, h, ts)
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{0, 0}, {w, 0}, {0, h}, {w, h}} {
		x, y := g.Apply(p[0], p[1])
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	const lim = 1 << 24
	if math.IsNaN(x0+y0+x1+y1) || x0 < -lim || y0 < -lim || x1 > lim || y1 > lim {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
}

// drawItem draws one cell or sprite, an animated one at its frame.
func (t *Terrain) drawItem(dst *ebiten.Image, it *drawItem, ts int) {
	img, src, anim := 0, image.Rectangle{}, []TileFrame(nil)
	filter := ebiten.FilterNearest
	if c := it.cell; c != nil {
		img, src, anim = c.Image, c.Src, c.Anim
	} else {
		img, src, anim = it.sprite.Image, it.sprite.Src, it.sprite.Anim
		filter = ebiten.FilterLinear
	}
	if it.anim >= 0 {
		f := anim[t.frames[it.anim]]
		img, src = f.Image, f.Src
	}
	sub := t.sub(img, src)
	if sub == nil {
		return
	}
	op := &ebiten.DrawImageOptions{ColorScale: t.scales[it.layer], Filter: filter}
	op.GeoM = t.geoM(it, float64(src.Dx()), float64(src.Dy()), ts)
	dst.DrawImage(sub, op)
}

// framesAt returns the frame of every animated item at t.
func (t *Terrain) framesAt(at time.Duration) []int {
	ms := max(at.Milliseconds(), 0)
	var out []int
	for i := range t.items {
		it := &t.items[i]
		if it.anim < 0 {
			continue
		}
		if it.cell != nil {
			out = append(out, frameAt(it.cell.Anim, ms))
		} else {
			out = append(out, frameAt(it.sprite.Anim, ms))
		}
	}
	return out
}

// sub returns the source image of a tile or frame, or nil when it has none.
func (t *Terrain) sub(img int, src image.Rectangle) *ebiten.Image {
	if img < 0 || img >= len(t.srcs) || t.srcs[img] == nil || src.Empty() {
		return nil
	}
	return t.srcs[img].SubImage(src).(*ebiten.Image)
}
