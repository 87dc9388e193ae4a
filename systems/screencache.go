package systems

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// screenCache keeps a layer of the world as it was drawn through a still
// camera, at the destination's resolution, so that a frame that changes
// neither the camera nor the layer copies it pixel for pixel instead of
// scaling a big world-sized image with linear filtering (which, under a
// software renderer, reads four texels of a texture too big for its
// caches for every pixel: the obstacle layer alone cost about a third of
// a battle frame under Mesa llvmpipe, docs/PERFORMANCE.md).
//
// While the camera or the layer changes from one frame to the next (a
// pan, a zoom, an animation), the layer is drawn straight onto the
// destination as before: caching it then would add a pass a frame.
type screenCache struct {
	img   *ebiten.Image
	valid bool        // img holds the layer for geo and key
	geo   ebiten.GeoM // the camera img was drawn through (or last seen)
	key   uint64      // the layer's version img holds (or last seen)
	seen  bool        // geo and key hold the last frame's camera and key
	op    ebiten.DrawImageOptions
}

// draw draws the layer onto dst through the camera transform g: from the
// cache when g and key are those it holds, else by drawing it (with
// paint, onto the cache first when they have not changed since the last
// frame). area is the part of dst the layer can cover; opaque says the
// layer is opaque over area and may replace what is under it.
func (c *screenCache) draw(dst *ebiten.Image, g ebiten.GeoM, key uint64, area image.Rectangle, opaque bool, paint func(*ebiten.Image)) {
	b := dst.Bounds()
	area = area.Intersect(b)
	same := c.seen && g == c.geo && key == c.key
	c.seen, c.geo, c.key = true, g, key
	if c.valid && same && c.img.Bounds().Size() == b.Size() {
		c.blit(dst, area, opaque)
		return
	}
	c.valid = false
	if !same || area.Empty() || b.Min != (image.Point{}) {
		// A sub-image draws in its parent's coordinates: no cache.
		paint(dst)
		return
	}
	if c.img == nil || c.img.Bounds().Size() != b.Size() {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImage(b.Dx(), b.Dy())
	} else {
		c.img.Clear()
	}
	paint(c.img)
	c.valid = true
	c.blit(dst, area, opaque)
}

// blit copies area of the cache onto dst.
func (c *screenCache) blit(dst *ebiten.Image, area image.Rectangle, opaque bool) {
	if area.Empty() {
		return
	}
	src := c.img.SubImage(area).(*ebiten.Image)
	c.op = ebiten.DrawImageOptions{}
	c.op.GeoM.Translate(float64(area.Min.X), float64(area.Min.Y))
	if opaque {
		c.op.Blend = ebiten.BlendCopy
	}
	dst.DrawImage(src, &c.op)
}

// release frees the cache's image.
func (c *screenCache) release() {
	if c.img != nil {
		c.img.Deallocate()
		c.img = nil
	}
	c.valid, c.seen = false, false
}

// screenArea returns the pixels the world rectangle (x0, y0)-(x1, y1)
// covers through g, rounded out to whole pixels.
func screenArea(g ebiten.GeoM, x0, y0, x1, y1 float64) image.Rectangle {
	ax, ay := g.Apply(x0, y0)
	bx, by := g.Apply(x1, y1)
	return image.Rect(int(math.Floor(min(ax, bx)))-1, int(math.Floor(min(ay, by)))-1,
		int(math.Ceil(max(ax, bx)))+1, int(math.Ceil(max(ay, by)))+1)
}
