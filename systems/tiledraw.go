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

// framesAt returns the frame of every animated tile at t, in drawing order.
func (t *Terrain) framesAt(at time.Duration) []int {
	ms := max(at.Milliseconds(), 0)
	var out []int
	for _, l := range t.spec.Layers {
		for _, c := range l.Cells {
			if len(c.Anim) > 0 {
				out = append(out, frameAt(c.Anim, ms))
			}
		}
		for _, s := range l.Sprites {
			if len(s.Anim) > 0 {
				out = append(out, frameAt(s.Anim, ms))
			}
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

// drawLayers draws every layer's cells, then its sprites, with the
// layer's opacity and tint, animated tiles at t.frames.
func (t *Terrain) drawLayers(ts int) {
	k := 0
	pick := func(img int, src image.Rectangle, anim []TileFrame) *ebiten.Image {
		if len(anim) > 0 {
			f := anim[t.frames[k]]
			k++
			img, src = f.Image, f.Src
		}
		return t.sub(img, src)
	}
	for _, layer := range t.spec.Layers {
		var cs ebiten.ColorScale
		if layer.Tint.A != 0 {
			cs.ScaleWithColor(layer.Tint)
		}
		cs.ScaleAlpha(float32(layer.Opacity))
		for _, c := range layer.Cells {
			sub := pick(c.Image, c.Src, c.Anim)
			if sub == nil {
				continue
			}
			w, h := float64(sub.Bounds().Dx()), float64(sub.Bounds().Dy())
			op := &ebiten.DrawImageOptions{ColorScale: cs}
			op.GeoM = flipGeoM(w, h, c.FlipH, c.FlipV, c.FlipD)
			if c.FlipD {
				w, h = h, w
			}
			// Tiled anchors tile images at the bottom-left of their cell.
			op.GeoM.Translate(float64(c.X*ts+c.DX)+layer.OffsetX, float64((c.Y+1)*ts+c.DY)-h+layer.OffsetY)
			t.img.DrawImage(sub, op)
		}
		for _, s := range layer.Sprites {
			sub := pick(s.Image, s.Src, s.Anim)
			if sub == nil {
				continue
			}
			w, h := float64(sub.Bounds().Dx()), float64(sub.Bounds().Dy())
			op := &ebiten.DrawImageOptions{ColorScale: cs, Filter: ebiten.FilterLinear}
			op.GeoM = flipGeoM(w, h, s.FlipH, s.FlipV, false)
			op.GeoM.Scale(s.W/w, s.H/h)
			// The tile offset applies in the object's turned frame, as Tiled does.
			op.GeoM.Translate(float64(s.DX), float64(s.DY)-s.H)
			op.GeoM.Rotate(s.Rotation * math.Pi / 180)
			op.GeoM.Translate(s.X, s.Y)
			t.img.DrawImage(sub, op)
		}
	}
}
