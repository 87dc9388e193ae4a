package sight

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// fpInputs are the arguments the portable math is checked on: whole
// degrees and their halves in radians (what levels and watch cones pass),
// pixel offsets, random values over many magnitudes, and the special cases.
func fpInputs() []float64 {
	var xs []float64
	for d := -1440; d <= 1440; d++ {
		xs = append(xs, float64(d)*math.Pi/180, float64(d)/2*math.Pi/180, float64(d)/7)
	}
	r := rand.New(rand.NewPCG(33, 1))
	for i := 0; i < 20000; i++ {
		xs = append(xs, (r.Float64()-0.5)*math.Pow(2, float64(r.IntN(60)-30)))
	}
	return append(xs, 0, math.Copysign(0, -1), 1e-300, -1e-300, trigLimit*0.999, math.Inf(1), math.Inf(-1), math.NaN())
}

// fpPer is how many outputs fpOutputs lists per input.
const fpPer = 6

// fpOutputs lists, for each input x and another input y, the bits of
// Sincos(x), Sin(x), Cos(x), hypot(x, y) and Atan2(x, y), with package
// math's answers beside them.
func fpOutputs() (have, want []uint64) {
	xs := fpInputs()
	for i, x := range xs {
		y := xs[(i*7+3)%len(xs)]
		s, c := Sincos(x)
		ms, mc := math.Sincos(x)
		have = append(have, math.Float64bits(s), math.Float64bits(c), math.Float64bits(Sin(x)), math.Float64bits(Cos(x)), math.Float64bits(hypot(x, y)), math.Float64bits(Atan2(x, y)))
		want = append(want, math.Float64bits(ms), math.Float64bits(mc), math.Float64bits(math.Sin(x)), math.Float64bits(math.Cos(x)), math.Float64bits(math.Hypot(x, y)), math.Float64bits(math.Atan2(x, y)))
	}
	return have, want
}

// TestPortableMathIsPackageMath: where package math fuses no
// multiply-add (amd64, wasm), the portable functions return its bits.
func TestPortableMathIsPackageMath(t *testing.T) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "wasm" {
		t.Skipf("package math fuses multiply-adds on %s: TestPortableMathGolden checks it", runtime.GOARCH)
	}
	have, want := fpOutputs()
	xs := fpInputs()
	for i := range have {
		if have[i] != want[i] && !(math.IsNaN(math.Float64frombits(have[i])) && math.IsNaN(math.Float64frombits(want[i]))) {
			t.Fatalf("input %d (x=%v), output %d: have %v, package math %v", i/fpPer, xs[i/fpPer], i%fpPer, math.Float64frombits(have[i]), math.Float64frombits(want[i]))
		}
	}
}

// goldenFPMath is the digest of fpOutputs' portable answers, the same on
// every platform. It changes only if the inputs or the functions do.
const goldenFPMath = "33a27342992ef557174cf0f624401b9f5ae2977e5ef5889e94a302606c45f971"

// TestPortableMathGolden: the portable functions give the same bits on
// every platform (arm64 included, where package math does not).
func TestPortableMathGolden(t *testing.T) {
	have, _ := fpOutputs()
	h := sha256.New()
	for _, b := range have {
		binary.Write(h, binary.LittleEndian, b)
	}
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != goldenFPMath {
		t.Errorf("portable math digest %s, want %s", got, goldenFPMath)
	}
}
