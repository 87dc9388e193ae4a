package rules

import (
	"testing"

	"sightline/rules/sight"
)

// TestLimbChance: the share of the d20 hit-location table (head 1-2,
// torso 3-10, arms 11-14, legs 15-20) that lands on a set of limbs.
func TestLimbChance(t *testing.T) {
	d := DefaultData()
	for _, tt := range []struct {
		name string
		have sight.Limbs
		want float64
	}{
		{"none", 0, 0},
		{"head", limbSet(sight.Head), 0.10},
		{"legs", limbSet(sight.LeftLeg, sight.RightLeg), 0.30},
		{"torso and arms", limbSet(sight.Torso, sight.LeftArm, sight.RightArm), 0.60},
		{"every limb", sight.AllLimbs, 1},
	} {
		if got := d.LimbChance(tt.have); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
