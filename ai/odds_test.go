package ai

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"sightline/rules"
)

// TestPowIntIsMathPow: where math.Pow fuses no multiply-add (amd64,
// wasm), powInt gives its bits for the odds the computer raises to whole
// powers (probabilities, 5/6), and a few exact cases everywhere.
func TestPowIntIsMathPow(t *testing.T) {
	for _, c := range []struct {
		x    float64
		n    int
		want float64
	}{{0.5, 3, 0.125}, {2, 10, 1024}, {0, 3, 0}, {0.3, 0, 1}, {1, 7, 1}, {2, -2, 0.25}} {
		if have := powInt(c.x, c.n); have != c.want {
			t.Errorf("powInt(%v, %d) = %v, want %v", c.x, c.n, have, c.want)
		}
	}
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "wasm" {
		t.Skipf("math.Pow fuses multiply-adds on %s", runtime.GOARCH)
	}
	r := rand.New(rand.NewPCG(33, 2))
	xs := []float64{5.0 / 6, 1.0 / 6, 0.999, 1e-3}
	for range 2000 {
		xs = append(xs, r.Float64())
	}
	for _, x := range xs {
		for n := 0; n <= 16; n++ {
			if have, want := powInt(x, n), math.Pow(x, float64(n)); have != want {
				t.Fatalf("powInt(%v, %d) = %v, math.Pow %v", x, n, have, want)
			}
		}
	}
}

// TestFellOdds: the chance a volley fells a unit, against sums worked out
// by hand.
func TestFellOdds(t *testing.T) {
	d6 := rules.Weapon{Damage: rules.Dice{N: 1, Sides: 6}, Crit: 2}
	sure := func(hit, crit float64) shotOdds {
		return shotOdds{hit: hit, crit: crit, dmg: damageOdds(d6), mult: d6.Crit}
	}
	tests := []struct {
		name  string
		hp    int
		shots []shotOdds
		want  float64
	}{
		{"no shot", 5, nil, 0},
		{"already down", 0, nil, 1},
		{"one sure hit on 1 HP", 1, []shotOdds{sure(1, 0)}, 1},
		{"one sure hit on 4 HP: a 4, 5 or 6", 4, []shotOdds{sure(1, 0)}, 0.5},
		{"half a chance on 4 HP", 4, []shotOdds{sure(0.5, 0)}, 0.25},
		{"a sure critical on 7 HP: 4, 5 or 6 doubled", 7, []shotOdds{sure(1, 1)}, 0.5},
		{"two sure hits on 12 HP: double six", 12, []shotOdds{sure(1, 0), sure(1, 0)}, 1.0 / 36},
		{"two sure hits on 2 HP", 2, []shotOdds{sure(1, 0), sure(1, 0)}, 1},
		{"two half chances on 7 HP: both hit and sum 7+", 7, []shotOdds{sure(0.5, 0), sure(0.5, 0)}, 0.25 * 21.0 / 36},
		{"a miss never fells", 1, []shotOdds{sure(0, 0)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := fellOdds(tt.hp, tt.shots, nil); math.Abs(have-tt.want) > 1e-9 {
				t.Errorf("have %.4f, want %.4f", have, tt.want)
			}
		})
	}
}

// TestShotOddsMean: the expected damage counts critical hits at their
// multiplier.
func TestShotOddsMean(t *testing.T) {
	w := rules.Weapon{Damage: rules.Dice{N: 2, Sides: 6}, Crit: 3}
	tests := []struct {
		hit, crit, want float64
	}{
		{0, 0, 0},
		{1, 0, 7},
		{0.5, 0.1, 0.5*7 + 0.1*7*2},
	}
	for _, tt := range tests {
		o := shotOdds{hit: tt.hit, crit: tt.crit, dmg: damageOdds(w), mult: w.Crit}
		if have := o.mean(); math.Abs(have-tt.want) > 1e-9 {
			t.Errorf("hit %.2f crit %.2f: have %.3f, want %.3f", tt.hit, tt.crit, have, tt.want)
		}
	}
}
