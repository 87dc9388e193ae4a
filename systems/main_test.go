package systems

import (
	"testing"

	"sightline/systems/ebitentest"
)

func TestMain(m *testing.M) { ebitentest.Main(m) }
