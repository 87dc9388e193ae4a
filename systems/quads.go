package systems

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// whitePixel returns a 1×1 white image to draw solid triangles with. It is
// the centre of a 3×3 image, so linear filtering never reads past it.
func whitePixel() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}

// Quads batches solid, axis-aligned rectangles without anti-aliasing and
// draws them in one call: tile tints, grid-aligned outlines and HP pips,
// where vector paths would cost far more. The zero value is ready to use.
type Quads struct {
	white *ebiten.Image
	vs    []ebiten.Vertex
	is    []uint32
}

// Rect adds a w×h rectangle at (x, y) in colour c (a concrete colour
// type, so that queuing many rectangles does not allocate).
func (q *Quads) Rect(x, y, w, h float64, c color.NRGBA) {
	if c.A == 0 {
		return
	}
	fr, fg, fb, fa := float32(c.R)/0xff, float32(c.G)/0xff, float32(c.B)/0xff, float32(c.A)/0xff
	n := uint32(len(q.vs))
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	for _, p := range [4][2]float32{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		q.vs = append(q.vs, ebiten.Vertex{DstX: p[0], DstY: p[1], SrcX: 1.5, SrcY: 1.5, ColorR: fr, ColorG: fg, ColorB: fb, ColorA: fa})
	}
	q.is = append(q.is, n, n+1, n+2, n, n+2, n+3)
}

// Len returns how many rectangles are queued.
func (q *Quads) Len() int { return len(q.vs) / 4 }

// Draw draws the queued rectangles onto dst and empties the queue.
func (q *Quads) Draw(dst *ebiten.Image) {
	if len(q.vs) == 0 {
		return
	}
	if q.white == nil {
		q.white = whitePixel()
	}
	dst.DrawTriangles32(q.vs, q.is, q.white, nil)
	q.vs, q.is = q.vs[:0], q.is[:0]
}
