package scenes

import (
	"strings"
	"testing"
)

// TestTopBarNamesTheLevelOneWay: every battle's top bar names the level
// and how it is played by one rule, desktop, phone sideways and phone
// upright alike: "Crossroads · Normal" against the computer,
// "Crossroads · Hot-seat" for two players, the whole of it where it fits
// and at least the level's name where it does not.
func TestTopBarNamesTheLevelOneWay(t *testing.T) {
	tests := []struct {
		name string
		open func(t *testing.T) (*harness, *Battle)
		// want is the title the battle names; shown what the bar must
		// show of it (a prefix: the bar may shorten the level's name).
		want, shown string
	}{
		{"desktop, hot-seat", func(t *testing.T) (*harness, *Battle) {
			return crossroadsBattle(t, nil)
		}, "Crossroads · Hot-seat", "Crossroads · Hot-seat"},
		{"desktop, vs computer", func(t *testing.T) (*harness, *Battle) {
			return crossroadsFor(t, nil, [2]Player{Human, Computer})
		}, "Crossroads · Normal", "Crossroads · Normal"},
		{"phone sideways, finger", func(t *testing.T) (*harness, *Battle) {
			return phoneBattle(t, [2]float64{844, 390}, true)
		}, "Crossroads · Normal", "Crossr"},
		{"phone upright", func(t *testing.T) (*harness, *Battle) {
			return uprightBattle(t, [2]float64{390, 844})
		}, "Crossroads · Normal", "Crossr"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, b := tc.open(t)
			h.settle()
			ticks(h, 10)
			h.draw()
			if have := b.hudTitle(); have != tc.want {
				t.Errorf("the battle names %q, want %q", have, tc.want)
			}
			have := b.hud.TopBarTitle()
			if !strings.HasPrefix(have, tc.shown) && !strings.HasPrefix(tc.shown, strings.TrimSuffix(have, "…")) || len(have) < len("Crossr") {
				t.Errorf("the top bar shows %q, want %q or as much of it as fits, at least the level's name begun", have, tc.shown)
			}
		})
	}
}
