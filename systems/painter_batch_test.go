package systems

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// drawBatchScene draws the same shapes twice over on dst with p: the
// second time a plain painter draws the kept ones from images.
func drawBatchScene(p *Painter, dst *ebiten.Image) {
	for pass := range 2 {
		dx := float64(pass) * 160
		p.Rect(dst, 10.5+dx, 10.25, 40, 30, color.NRGBA{0x80, 0x20, 0x20, 0xff})
		p.Circle(dst, 80.5+dx, 30.5, 18, color.NRGBA{0x20, 0x80, 0x40, 0xc0})
		p.Ring(dst, 80.5+dx, 30.5, 22, 2, color.White)
		p.RoundRect(dst, 20+dx, 60, 100, 40, 8, 0, color.NRGBA{0x30, 0x40, 0xa0, 0xff})
		p.RoundRect(dst, 20+dx, 60, 100, 40, 8, 1.5, color.NRGBA{0xe0, 0xe0, 0xe0, 0xff})
		p.Line(dst, 10+dx, 120, 140+dx, 150, 3, color.NRGBA{0xff, 0xc0, 0x00, 0xff})
		p.Polygon(dst, []rules.Vec{{X: 30, Y: 100}, {X: 70, Y: 110}, {X: 50, Y: 150}}, func(w rules.Vec) (float64, float64) {
			return w.X + dx, w.Y
		}, 0, color.NRGBA{0x60, 0x20, 0x90, 0xff})
	}
}

// TestBatchPainter: a Batch painter draws what a plain one draws, keeps
// no shape as an image (every shape a path, so a layer's paths render
// together), and renders its pending paths before they would pass
// batchPixels of stencil.
func TestBatchPainter(t *testing.T) {
	plainImg, batchImg := ebiten.NewImage(320, 160), ebiten.NewImage(320, 160)
	var store ShapeStore
	defer store.Release()
	plain := Painter{Shapes: &store}
	drawBatchScene(&plain, plainImg)
	if len(store.shapes.sprites) == 0 {
		t.Fatal("the plain painter kept no shape: the scene does not test kept images")
	}
	var batchStore ShapeStore
	batch := Painter{Shapes: &batchStore, Batch: true}
	drawBatchScene(&batch, batchImg)
	if k, s := len(batchStore.shapes.sprites), len(batchStore.shapes.seen); k != 0 || s != 0 {
		t.Errorf("the Batch painter kept %d shapes and saw %d keys, want none", k, s)
	}
	if diff, total := compareImages(readImage(batchImg), readImage(plainImg)); diff < 0 || float64(diff) > maxDiffFraction*float64(total) {
		t.Errorf("the Batch painter's picture: %d of %d pixels differ from the plain painter's", diff, total)
	}

	// The budget: 100×100 rectangles take 2×112×112 stencil pixels each.
	const each = 2 * 112 * 112
	dst, other := ebiten.NewImage(400, 400), ebiten.NewImage(400, 400)
	render := renderPaths
	defer func() { renderPaths = render }()
	var rendered []*ebiten.Image
	renderPaths = func(img *ebiten.Image) {
		rendered = append(rendered, img)
		render(img)
	}
	p := Painter{Batch: true}
	for _, tc := range []struct {
		dst      *ebiten.Image
		n        int // rectangles filled
		want     int // stencil pixels pending after them
		rendered int // batches rendered so far
	}{
		{dst, 1, each, 0},
		{dst, 40, 41 * each, 0},
		{dst, 1, each, 1}, // the 42nd would pass 1 Mpx: the 41 are rendered first
		{other, 1, each, 1},
		{dst, 2, 2 * each, 1}, // another image: a batch of its own
		{dst, 40, each, 2},    // 2 pending, and the 40th would be the 42nd
	} {
		for range tc.n {
			p.Rect(tc.dst, 150.5, 150.5, 100, 100, color.White)
		}
		if p.batched != tc.want || len(rendered) != tc.rendered {
			t.Fatalf("after %d more rectangles: %d stencil pixels pending and %d batches rendered, want %d and %d", tc.n, p.batched, len(rendered), tc.want, tc.rendered)
		}
	}
	for i, img := range rendered {
		if img != dst {
			t.Errorf("batch %d was rendered on another image than the one filled", i)
		}
	}
	if 42*each <= batchPixels || 41*each > batchPixels {
		t.Fatalf("the cases assume 41 rectangles fit in batchPixels (%d) and 42 do not", batchPixels)
	}
}
