// Package ebitentest runs a package's tests with a real ebiten game, so
// tests can create, draw and read back images. A package that imports
// ebiten needs a display: run its tests under xvfb-run.
package ebitentest

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// testGame runs the tests, inside its first Update (inFrame) or on a
// goroutine of their own while its frames go on, then ends the game.
type testGame struct {
	m       *testing.M
	inFrame bool
	code    int
	done    chan struct{}
}

func (g *testGame) Update() error {
	if g.done == nil {
		g.done = make(chan struct{})
		run := func() {
			g.code = g.m.Run()
			close(g.done)
		}
		if g.inFrame {
			run()
		} else {
			go run()
		}
	}
	select {
	case <-g.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (g *testGame) Draw(*ebiten.Image)         {}
func (g *testGame) Layout(int, int) (int, int) { return 64, 64 }

// Main is a TestMain body: it runs m inside the first frame of a tiny
// ebiten game, on the main thread, and exits with the tests' status. Each
// image draws the same pixels in every run, as golden images need; but
// the driver frees no texture until the frame ends, so a package whose
// tests make many screens should use Frames.
func Main(m *testing.M) { run(&testGame{m: m, inFrame: true}) }

// Frames is a TestMain body: it runs m on a goroutine of its own while a
// tiny ebiten game's frames go on, and exits with the tests' status. The
// textures of the images the tests drop are freed as frames end (the
// scenes tests took 20 GB in one frame, 3 GB this way), but the atlas
// may move an image between frames, so pixels can differ slightly from
// run to run: compare no golden image under Frames.
func Frames(m *testing.M) { run(&testGame{m: m}) }

func run(g *testGame) {
	ebiten.SetWindowSize(64, 64)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(g); err != nil {
		panic(err)
	}
	os.Exit(g.code)
}
