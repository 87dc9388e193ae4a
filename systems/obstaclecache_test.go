package systems

import (
	"bytes"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// drawObstacles draws the obstacles of s through a layer using cache (nil:
// none) at zoom 1 and returns the frame's pixels.
func drawObstacles(t *testing.T, fonts *Fonts, l *ObstacleLayer, s *rules.State) []byte {
	t.Helper()
	return drawWhole(s.Board, func(dst *ebiten.Image, v *View) {
		v.Fonts = fonts
		l.Draw(dst, v)
	}).Pix
}

// drawWhole draws the whole board b at zoom 1 with draw on a black frame
// and returns its pixels.
func drawWhole(b *rules.Board, draw func(dst *ebiten.Image, v *View)) *image.RGBA {
	w, h := b.Width*b.TileSize, b.Height*b.TileSize
	cam := NewCamera(float64(w), float64(h), float64(w), float64(h))
	cam.Zoom, cam.X, cam.Y = 1, 0, 0
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	draw(dst, &View{Cam: cam, Board: b, Paint: &Painter{}})
	return readImage(dst)
}

// TestObstacleCacheSharesFirstLayer: a battle's first obstacle layer
// comes from the cache when an earlier one showed the same obstacles on
// the same map, draws the same pixels as a layer drawn anew, and is not
// shared once the obstacles differ; the cache keeps obstacleCacheSize
// layers and frees one it let go only when no layer shows it.
func TestObstacleCacheSharesFirstLayer(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	parse := func(m string) *rules.State {
		s, err := rules.ParseASCII(m)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := goldenBattle(t)
	var c ObstacleCache

	var a ObstacleLayer
	a.Cache = &c
	drawn := drawObstacles(t, fonts, &a, first)
	if a.shared == nil || len(c.entries) != 1 {
		t.Fatalf("the first layer was not kept: shared %v, %d kept", a.shared != nil, len(c.entries))
	}

	// The same map in a new battle: the kept image, the same pixels as a
	// layer without the cache.
	var b, plain ObstacleLayer
	b.Cache = &c
	again := drawObstacles(t, fonts, &b, first.Clone())
	if b.img != a.img {
		t.Errorf("a second battle on the same map drew its own layer")
	}
	if want := drawObstacles(t, fonts, &plain, first.Clone()); !bytes.Equal(again, want) || !bytes.Equal(drawn, want) {
		t.Errorf("the kept layer's pixels differ from a layer drawn anew")
	}
	plain.release()

	// Cover damaged: the layer draws its own, the kept one stays.
	damaged := first.Clone()
	damaged.Board.Obstacles[0].Wounds++
	before := b.img
	drawObstacles(t, fonts, &b, damaged)
	if b.shared != nil || b.img == before {
		t.Errorf("a layer whose cover changed still shows the kept image")
	}
	if a.shared.img == nil {
		t.Fatalf("the kept layer was freed while a layer shows it")
	}

	// A first layer of other obstacles is not the kept one.
	var d ObstacleLayer
	d.Cache = &c
	drawObstacles(t, fonts, &d, damaged.Clone())
	if d.img == a.img {
		t.Errorf("a battle on damaged cover took the undamaged layer")
	}

	// Two more maps push the first layer out while a shows it: freed
	// when a lets it go, not before.
	for _, m := range []string{"..#\n.#.\n#..", "##.\n...\n.##"} {
		var l ObstacleLayer
		l.Cache = &c
		drawObstacles(t, fonts, &l, parse(m))
		l.release()
	}
	if len(c.entries) != obstacleCacheSize {
		t.Errorf("%d layers kept, want %d", len(c.entries), obstacleCacheSize)
	}
	kept := a.shared
	if !kept.evicted || kept.img == nil {
		t.Fatalf("the first layer: evicted %v, freed %v; want evicted, not freed while shown", kept.evicted, kept.img == nil)
	}
	a.release()
	if kept.img != nil {
		t.Errorf("an evicted layer no one shows was not freed")
	}
	b.release()
	d.release()

	// A layer too large to keep is not kept.
	big := ebiten.NewImage(4096, 4096)
	defer big.Deallocate()
	if e := c.put(1, big, 2); e != nil || len(c.entries) != obstacleCacheSize {
		t.Errorf("a %d-pixel layer was kept", 4096*4096)
	}
	c.Release()
	if len(c.entries) != 0 {
		t.Errorf("%d layers kept after Release", len(c.entries))
	}
}
