// Command fpsref is the frame-rate reference of docs/PERFORMANCE.md
// ("Frame rate"): the least a 2D game draws, a 32×24 grid of tiles from
// one atlas, 40 moving sprites and ten lines of debug text, on the game's
// 1280×720 screen at 60 TPS. Run under the same display as
// `sightline -fps-report N`, it says what frame rate the machine's
// renderer allows; `make bench-fps` runs the two in turn.
//
//	fpsref -secs 10    measure for 10 s after a 5 s warm-up, print, quit
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"

	"sightline/internal/fpsmeter"
)

const (
	screenW, screenH = 1280, 720
	cols, rows       = 32, 24
	tileW, tileH     = screenW / cols, screenH / rows // 40×30
	sprites          = 40
)

func main() {
	secs := flag.Float64("secs", 10, "seconds to measure after the warm-up")
	flag.Parse()
	r := newRef(time.Duration(*secs * float64(time.Second)))
	ebiten.SetWindowSize(screenW, screenH)
	ebiten.SetWindowTitle("fpsref")
	if err := ebiten.RunGame(r); err != nil && err != ebiten.Termination {
		fmt.Fprintf(os.Stderr, "fpsref: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(r.report)
}

// ref is the reference game: its atlas, tile map and sprites.
type ref struct {
	atlas  *ebiten.Image
	tiles  [rows * cols]*ebiten.Image
	sprite [4]*ebiten.Image
	t      float64 // ticks run

	meter          fpsmeter.Meter
	report         string
	done           bool
	opTile, opSpri ebiten.DrawImageOptions
}

// newRef draws an 8×8 atlas of tiles and four sprite frames in code.
func newRef(span time.Duration) *ref {
	r := &ref{meter: fpsmeter.Meter{Span: span, WarmUp: fpsmeter.WarmUp}}
	const n = 8
	img := image.NewRGBA(image.Rect(0, 0, n*tileW, n*tileH+32))
	for ty := 0; ty < n; ty++ {
		for tx := 0; tx < n; tx++ {
			base := color.RGBA{uint8(40 + 20*tx), uint8(60 + 15*ty), uint8(50 + 10*(tx^ty)), 255}
			for y := 0; y < tileH; y++ {
				for x := 0; x < tileW; x++ {
					c := base
					if (x+y+tx)%7 == 0 || x == 0 || y == 0 {
						c.R, c.G, c.B = c.R/2, c.G/2, c.B/2
					}
					img.Set(tx*tileW+x, ty*tileH+y, c)
				}
			}
		}
	}
	for f := 0; f < 4; f++ {
		for y := 0; y < 32; y++ {
			for x := 0; x < 32; x++ {
				dx, dy := float64(x)-15.5, float64(y)-15.5
				if dx*dx+dy*dy < float64(14*14-f*20) {
					img.Set(f*32+x, n*tileH+y, color.RGBA{uint8(200 - 30*f), 80, uint8(60 + 40*f), 255})
				}
			}
		}
	}
	r.atlas = ebiten.NewImageFromImage(img)
	for i := range r.tiles {
		k := (i*7 + i/cols*3) % (n * n)
		x, y := k%n*tileW, k/n*tileH
		r.tiles[i] = r.atlas.SubImage(image.Rect(x, y, x+tileW, y+tileH)).(*ebiten.Image)
	}
	for f := range r.sprite {
		r.sprite[f] = r.atlas.SubImage(image.Rect(f*32, n*tileH, f*32+32, n*tileH+32)).(*ebiten.Image)
	}
	return r
}

// Update moves the sprites one tick and keeps the count.
func (r *ref) Update() error {
	if r.done {
		return ebiten.Termination
	}
	r.t++
	now := time.Now()
	if r.meter.Tick(now, 0) {
		r.report = r.meter.Report("reference", now, ebiten.ActualFPS(), ebiten.ActualTPS())
		r.done = true
	}
	return nil
}

// Draw draws the tiles, the sprites and the debug text.
func (r *ref) Draw(screen *ebiten.Image) {
	r.meter.Frame()
	for i, t := range r.tiles {
		r.opTile.GeoM.Reset()
		r.opTile.GeoM.Translate(float64(i%cols*tileW), float64(i/cols*tileH))
		screen.DrawImage(t, &r.opTile)
	}
	for i := 0; i < sprites; i++ {
		a := r.t/60 + float64(i)*0.7
		x := screenW/2 + math.Cos(a*(1+float64(i%5)*0.1))*float64(200+i*10)
		y := screenH/2 + math.Sin(a*(1+float64(i%3)*0.15))*float64(100+i*6)
		r.opSpri.GeoM.Reset()
		r.opSpri.GeoM.Translate(x-16, y-16)
		screen.DrawImage(r.sprite[i%4], &r.opSpri)
	}
	for l := 0; l < 10; l++ {
		ebitenutil.DebugPrintAt(screen, fmt.Sprintf("debug line %d: fps %.1f tps %.1f tick %.0f", l, ebiten.ActualFPS(), ebiten.ActualTPS(), r.t), 8, 8+16*l)
	}
}

// Layout keeps the logical screen at 1280×720, as the game does.
func (r *ref) Layout(int, int) (int, int) { return screenW, screenH }
