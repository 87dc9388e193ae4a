package systems

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"sightline/rules"
)

// Painter draws anti-aliased vector shapes in screen pixels, reusing one
// path so that drawing a frame does not allocate a path per shape. A shape
// drawn a second time with the same size (rectangles, circles, lines and
// the others with a fixed number of parameters) is kept as an image and
// drawn from it from then on (painter_cache.go): filling a path costs
// the GPU many passes, drawing an image one. Keep a Painter for as long
// as what it draws: a Painter made for one frame never reuses a shape of
// its own; painters given one ShapeStore (Shapes) reuse each other's.
//
// Ebiten batches consecutive path fills on one image and renders them when
// anything else draws to it; text queued with Text is drawn by FlushText
// after the shapes, so that it does not split those batches.
type Painter struct {
	// Shapes, when set, keeps the painter's shapes as images with those of
	// the other painters given it (nil: the painter keeps its own).
	Shapes *ShapeStore

	path    vector.Path
	outline vector.Path
	fillOp  vector.DrawPathOptions
	stroke  vector.AddStrokeOptions
	texts   []queuedText
	// shapes holds the shapes drawn more than once as images
	// (painter_cache.go), when Shapes is nil.
	shapes shapeCache
	// Batch, when set, fills every shape as a path, none from a kept
	// image, so that the paths filled on one image render together
	// (painter_batch.go): for a layer drawn once, such as the obstacles'.
	Batch bool
	// batchDst and batched are the image the last path was filled on
	// and the stencil pixels of the paths pending on it (Batch).
	batchDst *ebiten.Image
	batched  int
}

type queuedText struct {
	s          string
	size, x, y float64
	bold       bool
	c          color.Color
	a          Align
}

// Text queues s to be drawn by FlushText, with the arguments of Fonts.Draw.
func (p *Painter) Text(s string, size float64, bold bool, x, y float64, c color.Color, a Align) {
	p.texts = append(p.texts, queuedText{s: s, size: size, bold: bold, x: x, y: y, c: c, a: a})
}

// FlushText draws the queued text onto dst, on top of the shapes.
func (p *Painter) FlushText(dst *ebiten.Image, f *Fonts) {
	for _, t := range p.texts {
		f.Draw(dst, t.s, t.size, t.bold, t.x, t.y, t.c, t.a)
	}
	clear(p.texts)
	p.texts = p.texts[:0]
}

// Path returns the painter's path, emptied, for building a shape of many
// parts; draw it with Fill or Stroke.
func (p *Painter) Path() *vector.Path { return p.begin() }

// Fill fills the path returned by Path.
func (p *Painter) Fill(dst *ebiten.Image, c color.Color) { p.fill(dst, c) }

// Stroke strokes the path returned by Path.
func (p *Painter) Stroke(dst *ebiten.Image, width float64, c color.Color) {
	p.strokePath(dst, width, c)
}

func (p *Painter) begin() *vector.Path {
	p.path.Reset()
	return &p.path
}

func (p *Painter) fill(dst *ebiten.Image, c color.Color) {
	p.fillOp = vector.DrawPathOptions{AntiAlias: true}
	p.fillOp.ColorScale.ScaleWithColor(c)
	p.account(dst, &p.path)
	vector.FillPath(dst, &p.path, nil, &p.fillOp)
}

func (p *Painter) strokePath(dst *ebiten.Image, width float64, c color.Color) {
	outline := p.outlined(width)
	p.fillOp = vector.DrawPathOptions{AntiAlias: true}
	p.fillOp.ColorScale.ScaleWithColor(c)
	p.account(dst, outline)
	vector.FillPath(dst, outline, nil, &p.fillOp)
}

// Circle fills a circle.
func (p *Painter) Circle(dst *ebiten.Image, cx, cy, r float64, c color.Color) {
	p.shape(dst, shapeCircle, cx, cy, [6]float64{2: r}, 0, c)
}

// Ring strokes a circle.
func (p *Painter) Ring(dst *ebiten.Image, cx, cy, r, width float64, c color.Color) {
	p.shape(dst, shapeCircle, cx, cy, [6]float64{2: r}, width, c)
}

// Segments strokes many separate segments, given in world space and mapped
// to the screen by f, as one path.
func (p *Painter) Segments(dst *ebiten.Image, segs [][2]rules.Vec, f func(rules.Vec) (float64, float64), width float64, c color.Color) {
	if len(segs) == 0 {
		return
	}
	path := p.begin()
	for _, s := range segs {
		ax, ay := f(s[0])
		bx, by := f(s[1])
		path.MoveTo(float32(ax), float32(ay))
		path.LineTo(float32(bx), float32(by))
	}
	p.strokePath(dst, width, c)
}

// Rect fills an axis-aligned rectangle.
func (p *Painter) Rect(dst *ebiten.Image, x, y, w, h float64, c color.Color) {
	p.shape(dst, shapeRect, x, y, [6]float64{2: w, 3: h}, 0, c)
}

// AddRect adds a rectangle to the path returned by Path.
func (p *Painter) AddRect(x, y, w, h float64) { addRect(&p.path, x, y, w, h) }

func addRect(path *vector.Path, x, y, w, h float64) {
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	path.MoveTo(x0, y0)
	path.LineTo(x1, y0)
	path.LineTo(x1, y1)
	path.LineTo(x0, y1)
	path.Close()
}

// RectOutline strokes an axis-aligned rectangle.
func (p *Painter) RectOutline(dst *ebiten.Image, x, y, w, h, width float64, c color.Color) {
	p.shape(dst, shapeRect, x, y, [6]float64{2: w, 3: h}, width, c)
}

// Line strokes a segment with round caps.
func (p *Painter) Line(dst *ebiten.Image, x0, y0, x1, y1, width float64, c color.Color) {
	p.shape(dst, shapeLine, x0, y0, [6]float64{2: x1 - x0, 3: y1 - y0}, width, c)
}

// RoundRect fills (width 0) or strokes a rectangle with rounded corners.
func (p *Painter) RoundRect(dst *ebiten.Image, x, y, w, h, r, width float64, c color.Color) {
	p.shape(dst, shapeRoundRect, x, y, [6]float64{2: w, 3: h, 4: r}, width, c)
}

// Polygon fills (width 0) or strokes a closed polygon given as screen
// points by transforming world points with f.
func (p *Painter) Polygon(dst *ebiten.Image, pts []rules.Vec, f func(rules.Vec) (float64, float64), width float64, c color.Color) {
	if len(pts) < 2 {
		return
	}
	path := p.begin()
	for i, v := range pts {
		x, y := f(v)
		if i == 0 {
			path.MoveTo(float32(x), float32(y))
		} else {
			path.LineTo(float32(x), float32(y))
		}
	}
	path.Close()
	if width > 0 {
		p.strokePath(dst, width, c)
		return
	}
	p.fill(dst, c)
}

// Capsule fills (width 0) or strokes a stadium shape from (x0, y0) to
// (x1, y1) with radius r.
func (p *Painter) Capsule(dst *ebiten.Image, x0, y0, x1, y1, r, width float64, c color.Color) {
	p.shape(dst, shapeCapsule, x0, y0, [6]float64{2: x1 - x0, 3: y1 - y0, 4: r}, width, c)
}

// Wedge fills a triangle pointing along angle from the circle of radius r
// around (cx, cy): its base spans ±spread on the circle and its tip lies at
// radius tip.
func (p *Painter) Wedge(dst *ebiten.Image, cx, cy, angle, r, tip, spread float64, c color.Color) {
	p.shape(dst, shapeWedge, cx, cy, [6]float64{2: angle, 3: r, 4: tip, 5: spread}, 0, c)
}

// Ellipse fills (width 0) or strokes an ellipse with radii rx along angle
// and ry across it.
func (p *Painter) Ellipse(dst *ebiten.Image, cx, cy, rx, ry, angle, width float64, c color.Color) {
	p.shape(dst, shapeEllipse, cx, cy, [6]float64{2: rx, 3: ry, 4: angle}, width, c)
}

// Teardrop fills (width 0) or strokes a circle of radius r around
// (cx, cy) drawn out to a point at distance tip along angle: a token whose
// point shows where it faces.
func (p *Painter) Teardrop(dst *ebiten.Image, cx, cy, r, tip, angle, width float64, c color.Color) {
	p.shape(dst, shapeTeardrop, cx, cy, [6]float64{2: r, 3: tip, 4: angle}, width, c)
}
