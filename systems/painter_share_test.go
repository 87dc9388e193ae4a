package systems

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestSharedShapes: with ShareShapes(true) a painter draws a shape that
// another painter kept from that painter's image, keeping nothing of its
// own, and the pixels are the kept image's; Release leaves the shared
// store alone, and ShareShapes(false) frees it.
func TestSharedShapes(t *testing.T) {
	ShareShapes(true)
	defer ShareShapes(false)
	dst := ebiten.NewImage(96, 32)
	var a, b Painter
	a.Circle(dst, 10.5, 16.25, 6, color.White) // seen: filled as a path
	a.Circle(dst, 42.5, 16.25, 6, color.White) // kept: the same key, whole pixels away
	if n := len(sharedShapes.cache.sprites); n != 1 {
		t.Fatalf("the shared store keeps %d shapes after a's second circle, want 1", n)
	}
	b.Circle(dst, 74.5, 16.25, 6, color.White)
	if len(b.shapes.sprites) != 0 || len(b.shapes.seen) != 0 || len(a.shapes.sprites) != 0 {
		t.Errorf("painters keep shapes of their own: a %d, b %d kept, b %d seen; want none",
			len(a.shapes.sprites), len(b.shapes.sprites), len(b.shapes.seen))
	}
	kept := make([]byte, 4*32*32)
	drawn := make([]byte, 4*32*32)
	dst.SubImage(image.Rect(32, 0, 64, 32)).(*ebiten.Image).ReadPixels(kept)
	dst.SubImage(image.Rect(64, 0, 96, 32)).(*ebiten.Image).ReadPixels(drawn)
	if !bytes.Equal(kept, drawn) || bytes.Count(drawn, []byte{0xff, 0xff, 0xff, 0xff}) == 0 {
		t.Error("b's circle differs from the one a drew from the kept image, or is empty")
	}
	b.Release()
	a.Release()
	if n := len(sharedShapes.cache.sprites); n != 1 {
		t.Errorf("after the painters' Release the shared store keeps %d shapes, want 1", n)
	}
	ShareShapes(false)
	if sharedShapes.cache != nil {
		t.Error("ShareShapes(false) left the shared store")
	}
}
