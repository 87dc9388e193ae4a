package rules

import (
	"math"
	"testing"
)

// bruteChance rolls every d20 face and every d100 miss roll of a
// breakdown through the same comparison the attack makes.
func bruteChance(b Breakdown) (hit, crit float64) {
	through := 1.0
	for _, m := range b.Mods {
		if m.Kind == ModMiss {
			n := 0
			for r := 1; r <= 100; r++ {
				if r > m.Value {
					n++
				}
			}
			through *= float64(n) / 100
		}
	}
	var h, c int
	for r := 1; r <= 20; r++ {
		if r == 20 || r+b.Attack() >= b.Target() {
			h++
			if r >= b.CritFrom() {
				c++
			}
		}
	}
	return float64(h) / 20 * through, float64(c) / 20 * through
}

func TestHitChanceBruteForce(t *testing.T) {
	rng := NewRNG(7)
	for i := 0; i < 2000; i++ {
		b := Breakdown{Threat: 16 + rng.D(5)}
		b.add(ModDefence, "Base", 10, srcResolution, Cause{})
		for k := rng.D(4); k > 0; k-- {
			b.add(ModDefence, "d", rng.D(13)-5, "test", Cause{})
			b.add(ModAttack, "a", rng.D(15)-7, "test", Cause{})
		}
		if rng.D(3) == 1 {
			b.add(ModThreat, "aim", rng.D(3), srcAiming, Cause{})
		}
		if rng.D(3) == 1 {
			b.add(ModMiss, "Blind fire", 50, srcBlind, Cause{})
			if rng.D(2) == 1 {
				b.add(ModMiss, "empty", 50, srcBlind, Cause{})
			}
		}
		hit, crit := bruteChance(b)
		if math.Abs(b.HitChance()-hit) > 1e-12 || math.Abs(b.CritChance()-crit) > 1e-12 {
			t.Fatalf("%+v: have hit %v crit %v, brute force %v %v", b, b.HitChance(), b.CritChance(), hit, crit)
		}
	}
}

func TestHitChanceExamples(t *testing.T) {
	mk := func(atk, def int, miss ...int) Breakdown {
		b := Breakdown{Threat: 20}
		b.add(ModDefence, "Base", 10, srcResolution, Cause{})
		b.add(ModDefence, "def", def, "test", Cause{})
		b.add(ModAttack, "atk", atk, "test", Cause{})
		for _, m := range miss {
			b.add(ModMiss, "Blind fire", m, srcBlind, Cause{})
		}
		return b
	}
	tests := []struct {
		name string
		b    Breakdown
		want float64
	}{
		{"need 10: 55%", mk(0, 0), 0.55},
		{"impossible but a natural 20", mk(0, 40), 0.05},
		{"certain", mk(30, 0), 1},
		{"need 11: 50%", mk(3, 4), 0.5},
		{"blind fire halves it", mk(0, 0, 50), 0.275},
		{"blind and unspotted", mk(0, 0, 50, 50), 0.1375},
	}
	for _, tt := range tests {
		if got := tt.b.HitChance(); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: have %v, want %v", tt.name, got, tt.want)
		}
	}
}
