package systems

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Why shapes are kept as images: Ebitengine's vector fill renders each
// batch of paths through a stencil atlas it clears in full, and an
// anti-aliased path takes eight passes over its bounds. Under a software
// renderer (Mesa llvmpipe, the headless browser) the HUD's few dozen
// panels and buttons filled every frame cost most of the frame: the battle
// drew at 1.4 fps where a plain tile map drew at 20 (docs/PERFORMANCE.md,
// "Frame rate"). An image drawn with DrawImage is one pass, and
// consecutive images from one texture are one draw call.

// shapeKind names the shapes a Painter can keep as images.
type shapeKind uint8

const (
	shapeRect shapeKind = iota + 1
	shapeCircle
	shapeLine
	shapeRoundRect
	shapeCapsule
	shapeWedge
	shapeEllipse
	shapeTeardrop
)

// shapeKey is one shape in a frame of its own: its kind, its numbers with
// the anchor point (v[0], v[1]) reduced to its fraction of a pixel, and
// its stroke width (0: filled). Shapes with equal keys cover the same
// pixels, shifted by whole pixels, whatever their colour.
type shapeKey struct {
	kind  shapeKind
	v     [6]float64
	width float64
}

// shapeSprite is a shape drawn in white onto an image of its bounds; off
// is where the image's corner lies from the anchor's whole pixel.
type shapeSprite struct {
	img *ebiten.Image // nil: the shape covers no pixel
	off image.Point
}

// maxShapes bounds a painter's own kept shapes (and the keys seen once):
// past it, they are all dropped and kept again as they are drawn.
const maxShapes = 512

// A ShapeStore's bounds: the shapes it keeps (and the keys seen once), and
// the pixels of their images. Past either, it drops them all and keeps
// them again as they are drawn. See ShapeStore for why these numbers.
const (
	storeShapes = 4096
	storePixels = 16 << 20
)

// shapeCache is kept shapes, and the keys drawn once so far: a painter's
// own, or a ShapeStore's.
type shapeCache struct {
	sprites map[shapeKey]shapeSprite
	seen    map[shapeKey]bool
	pixels  int // the kept images' pixels
	op      ebiten.DrawImageOptions
}

// ShapeStore keeps drawn shapes as images for every Painter given it
// (Painter.Shapes), in place of each painter's own: a painter new to a
// screen (a new battle's HUD, the next screen's buttons) then draws from
// images the painters before it kept, where on its own it would fill each
// shape as a path in its first two frames (some 2 CPU s a battle under a
// software renderer). A shape's image is the same whichever painter keeps
// it (white, coloured as drawn). The game's Env holds one for all its
// screens and battles.
//
// It is safe for concurrent use. It keeps at most 4096 shapes and 16 Mpx
// (64 MB, one 4096×4096 texture) of images, then drops them all and keeps
// them anew: the pixels bound it, as a kept image is its shape's bounds
// and panels are large. The menu and two battles keep some 250 shapes of
// 2.3 Mpx, the scenes tests' hundred screens and battles 650 of 15 Mpx
// (docs/PERFORMANCE.md, "Kept shapes held by the Env"). The zero value is
// an empty store.
type ShapeStore struct {
	mu     sync.Mutex
	shapes shapeCache
	// most, when set, bounds the store in place of storeShapes and
	// storePixels (tests).
	most struct{ shapes, pixels int }
}

// Release frees the store's images and forgets the keys seen; the store
// stays usable.
func (s *ShapeStore) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shapes.release()
}

// Release frees the painter's own kept shape images (not its Shapes
// store's) and forgets the image its batch was on. The painter stays
// usable.
func (p *Painter) Release() {
	p.shapes.release()
	p.batchDst, p.batched = nil, 0
}

// release frees the kept shape images and forgets the keys seen.
func (sc *shapeCache) release() {
	for _, s := range sc.sprites {
		if s.img != nil {
			s.img.Deallocate()
		}
	}
	sc.sprites, sc.seen, sc.pixels = nil, nil, 0
}

// shape draws a shape of kind k whose anchor is (x, y) and whose other
// numbers are v[2:], filled (width 0) or stroked, in colour c. The first
// time a key is met it is filled as a path, the second time it is kept
// as an image, and from then on that image is drawn.
func (p *Painter) shape(dst *ebiten.Image, k shapeKind, x, y float64, v [6]float64, width float64, c color.Color) {
	ix, iy := math.Floor(x), math.Floor(y)
	v[0], v[1] = x-ix, y-iy
	key := shapeKey{kind: k, v: v, width: width}
	if p.Batch {
		key.build(p.begin(), float32(x), float32(y))
		if width > 0 {
			p.strokePath(dst, width, c)
		} else {
			p.fill(dst, c)
		}
		return
	}
	sc, limit, pixels := &p.shapes, maxShapes, math.MaxInt
	if s := p.Shapes; s != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		sc = &s.shapes
		limit, pixels = cmp.Or(s.most.shapes, storeShapes), cmp.Or(s.most.pixels, storePixels)
	}
	sp, ok := sc.sprites[key]
	if !ok {
		if !sc.seen[key] {
			if sc.seen == nil || len(sc.seen) >= limit {
				sc.seen = make(map[shapeKey]bool)
			}
			sc.seen[key] = true
			path := p.begin()
			key.build(path, float32(x), float32(y))
			if width > 0 {
				p.strokePath(dst, width, c)
			} else {
				p.fill(dst, c)
			}
			return
		}
		sp = p.keep(key)
		n := 0
		if sp.img != nil {
			n = sp.img.Bounds().Dx() * sp.img.Bounds().Dy()
		}
		if len(sc.sprites) >= limit || sc.pixels+n > pixels {
			sc.release()
		}
		if sc.sprites == nil {
			sc.sprites = make(map[shapeKey]shapeSprite)
		}
		sc.sprites[key] = sp
		sc.pixels += n
	}
	if sp.img == nil {
		return
	}
	sc.op.GeoM.Reset()
	sc.op.GeoM.Translate(ix+float64(sp.off.X), iy+float64(sp.off.Y))
	sc.op.ColorScale.Reset()
	sc.op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(sp.img, &sc.op)
}

// keep draws key in white onto an image of its bounds.
func (p *Painter) keep(key shapeKey) shapeSprite {
	path := p.begin()
	key.build(path, float32(key.v[0]), float32(key.v[1]))
	b := p.outlined(key.width).Bounds()
	if b.Empty() {
		return shapeSprite{}
	}
	img := ebiten.NewImage(b.Dx(), b.Dy())
	path = p.begin()
	key.build(path, float32(key.v[0]-float64(b.Min.X)), float32(key.v[1]-float64(b.Min.Y)))
	if key.width > 0 {
		p.strokePath(img, key.width, color.White)
	} else {
		p.fill(img, color.White)
	}
	return shapeSprite{img: img, off: b.Min}
}

// outlined returns the path to fill for a shape of stroke width w (0:
// the painter's path itself).
func (p *Painter) outlined(w float64) *vector.Path {
	if w <= 0 {
		return &p.path
	}
	p.stroke = vector.AddStrokeOptions{}
	p.stroke.Width = float32(w)
	p.stroke.LineJoin = vector.LineJoinRound
	p.stroke.LineCap = vector.LineCapRound
	p.outline.Reset()
	p.outline.AddStroke(&p.path, &p.stroke)
	return &p.outline
}

// build adds the shape to path with its anchor at (ax, ay).
func (k shapeKey) build(path *vector.Path, ax, ay float32) {
	x, y := float64(ax), float64(ay)
	v := k.v
	switch k.kind {
	case shapeRect:
		addRect(path, x, y, v[2], v[3])
	case shapeCircle:
		path.Arc(ax, ay, float32(v[2]), 0, 2*math.Pi, vector.Clockwise)
		path.Close()
	case shapeLine:
		path.MoveTo(ax, ay)
		path.LineTo(float32(x+v[2]), float32(y+v[3]))
	case shapeRoundRect:
		w, h := v[2], v[3]
		r := math.Min(v[4], math.Min(w, h)/2)
		x0, y0, x1, y1 := ax, ay, float32(x+w), float32(y+h)
		rr := float32(r)
		path.MoveTo(x0+rr, y0)
		path.ArcTo(x1, y0, x1, y1, rr)
		path.ArcTo(x1, y1, x0, y1, rr)
		path.ArcTo(x0, y1, x0, y0, rr)
		path.ArcTo(x0, y0, x1, y0, rr)
		path.Close()
	case shapeCapsule:
		x1, y1, r := x+v[2], y+v[3], v[4]
		a := math.Atan2(y1-y, x1-x)
		path.Arc(float32(x1), float32(y1), float32(r), float32(a-math.Pi/2), float32(a+math.Pi/2), vector.Clockwise)
		path.Arc(ax, ay, float32(r), float32(a+math.Pi/2), float32(a+3*math.Pi/2), vector.Clockwise)
		path.Close()
	case shapeWedge:
		angle, r, tip, spread := v[2], v[3], v[4], v[5]
		path.MoveTo(float32(x+math.Cos(angle)*tip), float32(y+math.Sin(angle)*tip))
		path.LineTo(float32(x+math.Cos(angle+spread)*r), float32(y+math.Sin(angle+spread)*r))
		path.LineTo(float32(x+math.Cos(angle-spread)*r), float32(y+math.Sin(angle-spread)*r))
		path.Close()
	case shapeEllipse:
		const n = 28
		rx, ry, angle := v[2], v[3], v[4]
		cos, sin := math.Cos(angle), math.Sin(angle)
		for i := 0; i < n; i++ {
			t := 2 * math.Pi * float64(i) / n
			ex, ey := rx*math.Cos(t), ry*math.Sin(t)
			px, py := x+ex*cos-ey*sin, y+ex*sin+ey*cos
			if i == 0 {
				path.MoveTo(float32(px), float32(py))
			} else {
				path.LineTo(float32(px), float32(py))
			}
		}
		path.Close()
	case shapeTeardrop:
		r, angle := v[2], v[4]
		tip := math.Max(v[3], r*1.01)
		half := math.Acos(r / tip) // the tangent points' angle from the tip direction
		path.MoveTo(float32(x+math.Cos(angle)*tip), float32(y+math.Sin(angle)*tip))
		path.Arc(ax, ay, float32(r), float32(angle+half), float32(angle-half+2*math.Pi), vector.Clockwise)
		path.Close()
	}
}

// NewLayer returns a w×h image for a large cached layer (the terrain, the
// obstacles, a backdrop), kept off Ebitengine's texture atlas. On an
// atlas, such a layer shares a texture with the small shape images kept
// above; drawing one of them into it makes Ebitengine move the layer to a
// texture of its own, and the next shape kept lands beside it again: a
// map's first drawing made some fifty 4096×2048 textures (2 GB, most of a
// test's or a start's time under a software renderer).
func NewLayer(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}
