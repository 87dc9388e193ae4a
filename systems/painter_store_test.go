package systems

import (
	"bytes"
	"image"
	"image/color"
	"sync"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
)

// TestShapeStoreSharesShapes: two painters given one store draw a shape
// once as a path and keep it once, whichever of them meets it first and
// second, and keep nothing of their own; each draws it from the store's
// image, with the same pixels. Their Release leaves the store alone; the
// store's frees its images and it stays usable.
func TestShapeStoreSharesShapes(t *testing.T) {
	var store ShapeStore
	defer store.Release()
	dst := ebiten.NewImage(128, 32)
	a, b := Painter{Shapes: &store}, Painter{Shapes: &store}
	a.Circle(dst, 10.5, 16.25, 6, color.White) // seen: filled as a path
	b.Circle(dst, 42.5, 16.25, 6, color.White) // seen by a: kept, drawn from the image
	a.Circle(dst, 74.5, 16.25, 6, color.White)
	b.Circle(dst, 106.5, 16.25, 6, color.White)
	if k, s := len(store.shapes.sprites), len(store.shapes.seen); k != 1 || s != 1 {
		t.Fatalf("the store keeps %d shapes and has seen %d keys, want 1 and 1", k, s)
	}
	if n := len(a.shapes.sprites) + len(a.shapes.seen) + len(b.shapes.sprites) + len(b.shapes.seen); n != 0 {
		t.Errorf("the painters keep %d shapes or keys of their own, want none", n)
	}
	var px [3][]byte
	for i := range px {
		px[i] = make([]byte, 4*32*32)
		dst.SubImage(image.Rect(32*(i+1), 0, 32*(i+2), 32)).(*ebiten.Image).ReadPixels(px[i])
	}
	if !bytes.Equal(px[0], px[1]) || !bytes.Equal(px[0], px[2]) || bytes.Count(px[0], []byte{0xff, 0xff, 0xff, 0xff}) == 0 {
		t.Error("the circles drawn from the store differ, or are empty")
	}
	a.Release()
	b.Release()
	if n := len(store.shapes.sprites); n != 1 {
		t.Errorf("after the painters' Release the store keeps %d shapes, want 1", n)
	}
	store.Release()
	if k, s, p := len(store.shapes.sprites), len(store.shapes.seen), store.shapes.pixels; k != 0 || s != 0 || p != 0 {
		t.Errorf("after its Release the store keeps %d shapes of %d px and %d keys, want none", k, p, s)
	}
	a.Circle(dst, 10.5, 16.25, 6, color.White)
	b.Circle(dst, 42.5, 16.25, 6, color.White)
	if n := len(store.shapes.sprites); n != 1 {
		t.Errorf("after its Release the store keeps %d shapes drawn twice, want 1", n)
	}
}

// TestShapeStoreBound: a store keeps at most its bound of shapes and of
// their images' pixels, dropping them all when the next would pass it,
// and keeps the shapes after.
func TestShapeStoreBound(t *testing.T) {
	tests := []struct {
		name           string
		shapes, pixels int // the store's bound
		sizes          []float64
		want           int // shapes kept at the end
	}{
		{"under both", 4, 1000, []float64{4, 5, 6}, 3},
		{"shapes", 3, 0, []float64{4, 5, 6, 7, 8}, 2}, // 3 kept, dropped, 2
		{"shapes exactly", 3, 0, []float64{4, 5, 6}, 3},
		// Squares of 10×10 to 14×14: 100+121+144 = 365 px, 169 more would
		// pass 400; 169+196 = 365.
		{"pixels", 0, 400, []float64{10, 11, 12, 13, 14}, 2},
		{"a shape past the bound alone", 0, 50, []float64{4, 10, 5}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &ShapeStore{}
			store.most.shapes, store.most.pixels = tt.shapes, tt.pixels
			defer store.Release()
			limit, pixels := tt.shapes, tt.pixels
			if limit == 0 {
				limit = storeShapes
			}
			if pixels == 0 {
				pixels = storePixels
			}
			dst := ebiten.NewImage(64, 64)
			p := Painter{Shapes: store}
			for _, s := range tt.sizes {
				for range 2 { // seen, then kept
					p.Rect(dst, 2, 2, s, s, color.White)
				}
				sc := &store.shapes
				sum := 0
				for _, sp := range sc.sprites {
					if sp.img != nil {
						sum += sp.img.Bounds().Dx() * sp.img.Bounds().Dy()
					}
				}
				if sum != sc.pixels {
					t.Errorf("after the %v square the store counts %d px, its images have %d", s, sc.pixels, sum)
				}
				if len(sc.sprites) > limit || len(sc.seen) > limit || (sc.pixels > pixels && len(sc.sprites) > 1) {
					t.Errorf("after the %v square the store keeps %d shapes of %d px and %d keys, bound %d shapes, %d px",
						s, len(sc.sprites), sc.pixels, len(sc.seen), limit, pixels)
				}
				if _, ok := sc.sprites[shapeKey{kind: shapeRect, v: [6]float64{0, 0, s, s}}]; !ok {
					t.Errorf("the %v square just drawn twice is not kept", s)
				}
			}
			if got := len(store.shapes.sprites); got != tt.want {
				t.Errorf("kept %d shapes at the end, want %d", got, tt.want)
			}
		})
	}
}

// TestPainterOwnShapes: a painter without a store keeps a shape drawn
// twice in its own cache, draws it from there, and Release frees it.
func TestPainterOwnShapes(t *testing.T) {
	dst := ebiten.NewImage(64, 32)
	var p Painter
	p.Circle(dst, 10.5, 16.25, 6, color.White) // filled as a path
	p.Circle(dst, 42.5, 16.25, 6, color.White) // kept, drawn from the image
	if n := len(p.shapes.sprites); n != 1 {
		t.Fatalf("the painter keeps %d shapes, want 1", n)
	}
	px := make([]byte, 4*32*32)
	dst.SubImage(image.Rect(32, 0, 64, 32)).(*ebiten.Image).ReadPixels(px)
	if bytes.Count(px, []byte{0xff, 0xff, 0xff, 0xff}) == 0 {
		t.Error("the circle drawn from the painter's image is empty")
	}
	p.Release()
	if n := len(p.shapes.sprites); n != 0 {
		t.Errorf("after Release the painter keeps %d shapes, want 0", n)
	}
}

// TestShapeStoreConcurrent: painters on goroutines of their own share a
// store (run with -race to see the store guarded): it keeps each shape
// once.
func TestShapeStoreConcurrent(t *testing.T) {
	var store ShapeStore
	defer store.Release()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dst := ebiten.NewImage(64, 64)
			p := Painter{Shapes: &store}
			for i := range 20 {
				p.Circle(dst, 10.5+float64(g), 16.25, 3+float64(i%5), color.White)
			}
		}()
	}
	wg.Wait()
	if n := len(store.shapes.sprites); n != 5 {
		t.Errorf("the store keeps %d shapes, want the 5 circles", n)
	}
}

// TestRendererKeepsShapesInTheViewsStore: the renderer's unit layer
// keeps its shapes in the store of the view's painter, and neither it nor
// the obstacle layer (every shape a path, painter_batch.go) keeps any of
// its own.
func TestRendererKeepsShapesInTheViewsStore(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	s := goldenBattle(t)
	b := s.Board
	w, h := float64(b.Width*b.TileSize), float64(b.Height*b.TileSize)
	var store ShapeStore
	defer store.Release()
	paint := Painter{Shapes: &store}
	var rend Renderer
	defer rend.Release()
	dst := ebiten.NewImage(int(w), int(h))
	rend.Draw(dst, &View{Cam: NewCamera(w, h, w, h), Board: b, Paint: &paint, Fonts: fonts}, entities.NewWorld(s), &Overlays{})
	own := len(rend.Units.paint.shapes.seen) + len(rend.Obstacles.paint.shapes.seen) + len(paint.shapes.seen)
	if n := len(store.shapes.seen) + len(store.shapes.sprites); own != 0 || n == 0 {
		t.Errorf("the layers keep %d keys of their own and the store %d, want none and some", own, n)
	}
}
