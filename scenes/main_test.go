package scenes

import (
	"testing"

	"sightline/systems/ebitentest"
)

// TestMain runs the tests in an ebiten game's frames.
func TestMain(m *testing.M) { ebitentest.Frames(m) }
