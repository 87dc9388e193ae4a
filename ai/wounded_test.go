package ai

import (
	"testing"

	"sightline/internal/ruletest"
)

// TestShotValueOverMaxHP: a shot at a Red trooper with HP above its max
// (a position that makes it tougher) is worth what a shot at an
// unwounded one is, for a profile that focuses fire: only wounds below
// its max make it a better target, never HP above it a worse one.
func TestShotValueOverMaxHP(t *testing.T) {
	hard, err := ProfileNamed("hard")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		hp   int // Red's HP; its max is a trooper's
		want int // the sign of the value's change from unwounded
	}{
		{"unwounded", 0, 0},
		{"above its max", 6, 0},
		{"wounded", -6, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, `
				B.........
				.........R`)
			c := NewComputer(hard)
			red := s.Unit(2)
			p, ok := s.ForecastShot(*s.Unit(1), *red)
			if !ok {
				t.Fatal("no shot")
			}
			base := c.shotValue(s, p, red)
			red.HP += tt.hp
			have := c.shotValue(s, p, red)
			got := 0
			if have > base+1e-9 {
				got = 1
			} else if have < base-1e-9 {
				got = -1
			}
			if got != tt.want {
				t.Errorf("value %.3f against %.3f unwounded: change %d, want %d", have, base, got, tt.want)
			}
		})
	}
}
