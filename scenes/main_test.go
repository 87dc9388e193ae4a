package scenes

import (
	"testing"

	"sightline/systems"
	"sightline/systems/ebitentest"
)

// TestMain runs the tests in an ebiten game's frames, every painter
// keeping its shapes in one store (systems.ShareShapes): the package's
// tests open some hundred battles and screens, whose first two frames
// filled each panel and token as a path before keeping it.
func TestMain(m *testing.M) {
	systems.ShareShapes(true)
	ebitentest.Frames(m)
}
