// Package ebitentest runs a package's tests inside a real ebiten game, so
// tests can create, draw and read back images. A package that imports
// ebiten needs a display: run its tests under xvfb-run.
package ebitentest

import (
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// testGame runs the tests from inside ebiten's first Update, on the main
// thread, then ends the game.
type testGame struct {
	m    *testing.M
	code int
	ran  bool
}

func (g *testGame) Update() error {
	if !g.ran {
		g.ran = true
		g.code = g.m.Run()
	}
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image)         {}
func (g *testGame) Layout(int, int) (int, int) { return 64, 64 }

// Main is a TestMain body: it runs m inside a tiny ebiten game and exits
// with the tests' status.
func Main(m *testing.M) {
	ebiten.SetWindowSize(64, 64)
	ebiten.SetRunnableOnUnfocused(true)
	g := &testGame{m: m}
	if err := ebiten.RunGame(g); err != nil {
		panic(err)
	}
	os.Exit(g.code)
}
