package sight

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The geometry's benchmarks run on mapgen's maps (about 20% obstacles, 2%
// raised floors), the same maps as rules' benchmarks:
//
//	go test -run '^$' -bench . -benchmem -cpu 1,2 ./rules/sight/
var benchSizes = []int{64, 256}

const benchUnits = 32

// benchPairs returns the ordered pairs of distinct bodies of sc, shuffled
// (deterministically) so that any prefix the benchmark loop covers is a
// fair sample.
func benchPairs(sc *scene) [][2]Body {
	var ps [][2]Body
	for _, a := range sc.bodies {
		for _, b := range sc.bodies {
			if a.ID != b.ID {
				ps = append(ps, [2]Body{a, b})
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	return ps
}

// BenchmarkLineOfSight asks line of sight between pairs of bodies the way
// the rules do: a query lent out and returned per question.
func BenchmarkLineOfSight(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			sc := genScene(b, n, n, benchUnits, 7)
			ps := benchPairs(sc)
			sc.query().Done() // build the index
			b.ReportAllocs()
			b.ResetTimer()
			seen := 0
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				x := sc.index.Query()
				if x.LineOfSight(p[0], p[1]) {
					seen++
				}
				x.Done()
			}
			_ = seen
		})
	}
}

// BenchmarkLineOfSightGridDDA answers the same question on the same pairs
// (the same lines in the same order, the same early exit) with the plain
// tile-grid walk in dda_test.go: the baseline for BenchmarkLineOfSight.
func BenchmarkLineOfSightGridDDA(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			sc := genScene(b, n, n, benchUnits, 7)
			ps := benchPairs(sc)
			g := newDDAGrid(sc)
			b.ReportAllocs()
			b.ResetTimer()
			seen := 0
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				if ddaSpacesSee(&sc.grid, g, p[0], p[1]) {
					seen++
				}
			}
			_ = seen
		})
	}
}

// TestLineOfSightAllocatesNothing: a line of sight question, query lent
// and returned, allocates nothing.
func TestLineOfSightAllocatesNothing(t *testing.T) {
	sc := genScene(t, 64, 64, 16, 3)
	a, b := sc.bodies[0], sc.bodies[1]
	sc.query().Done()
	ask := func() {
		x := sc.index.Query()
		x.LineOfSight(a, b)
		x.Done()
	}
	ask()
	if n := testing.AllocsPerRun(100, ask); n != 0 {
		t.Errorf("LineOfSight allocates %v times per call", n)
	}
}
