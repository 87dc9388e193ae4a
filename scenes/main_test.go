package scenes

import (
	"testing"

	"sightline/systems/ebitentest"
)

func TestMain(m *testing.M) { ebitentest.Frames(m) }
