package sight

import (
	"math"
	"math/rand"
	"slices"
	"testing"
)

// earClipRef is the plain ear clipper triangulate replaced: the first ear
// in vertex order each time, every vertex tested again after each cut. It
// takes cubic time on a spiral; triangulate must cut the very same
// triangles.
func earClipRef(in []Vec) [][3]Vec {
	pts := append([]Vec(nil), in...)
	if signedArea(pts) < 0 {
		slices.Reverse(pts)
	}
	var out [][3]Vec
	for len(pts) > 3 {
		found := false
		for i := range pts {
			a, b, c := pts[(i+len(pts)-1)%len(pts)], pts[i], pts[(i+1)%len(pts)]
			if cross(a, b, c) <= 0 {
				continue
			}
			ear := true
			for _, p := range pts {
				if p != a && p != b && p != c && cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0 {
					ear = false
					break
				}
			}
			if ear {
				out = append(out, [3]Vec{a, b, c})
				pts = append(pts[:i], pts[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return append(out, [3]Vec{pts[0], pts[1], pts[2]})
}

// spiral is a thick spiral arm of n points: ears only at its two ends.
func spiral(n int) []Vec {
	var out, in []Vec
	for i := 0; i < n/2; i++ {
		a := float64(i) * 0.3
		r := 10 + 5*a
		out = append(out, Vec{X: (r + 3) * math.Cos(a), Y: (r + 3) * math.Sin(a)})
		in = append(in, Vec{X: r * math.Cos(a), Y: r * math.Sin(a)})
	}
	slices.Reverse(in)
	return append(out, in...)
}

// star is a polygon of n points at random distances around a centre, on a
// coarse grid so that points coincide and lie on each other's edges.
func star(n int, r *rand.Rand) []Vec {
	pts := make([]Vec, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		d := float64(1 + r.Intn(8))
		pts[i] = Vec{X: math.Round(d * math.Cos(a) * 4), Y: math.Round(d * math.Sin(a) * 4)}
	}
	return pts
}

func TestTriangulateCutsWhatThePlainClipperCuts(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	cases := map[string][]Vec{
		"L":                      {{0, 0}, {64, 0}, {64, 32}, {32, 32}, {32, 64}, {0, 64}},
		"spiral":                 spiral(120),
		"bowtie":                 {{0, 0}, {10, 10}, {10, 0}, {0, 10}},
		"hourglass with a spike": {{0, 0}, {20, 0}, {11, 10}, {20, 20}, {0, 20}, {9, 10}, {10, 30}, {10, 10}},
	}
	for i := 0; i < 300; i++ {
		cases["star "+string(rune('a'+i%26))+string(rune('a'+i/26))] = star(5+r.Intn(40), r)
	}
	simple := 0
	for name, pts := range cases {
		have, want := triangulate(pts), earClipRef(pts)
		if !slices.Equal(have, want) {
			t.Errorf("%s: have %v, want %v", name, have, want)
		}
		if want != nil {
			simple++
		}
	}
	// The cases must try both outcomes: triangles, and nil for a polygon
	// that is not simple.
	if simple == 0 || simple == len(cases) {
		t.Errorf("%d of %d cases triangulate: the cases do not try both outcomes", simple, len(cases))
	}
}

// TestTriangulateWorkGrowsLinearly counts triangulate's ear tests, not its
// time: a count fails for a slower algorithm on any machine and never for
// load. Keeping the verdicts between cuts makes about two tests a vertex on
// a spiral; the plain clipper re-tests every vertex after each cut, which
// is quadratic in tests (and cubic in time: 14 s at 2000 points).
func TestTriangulateWorkGrowsLinearly(t *testing.T) {
	work := map[int]int{}
	for _, n := range []int{500, 1000, 2000} {
		tris, tests := clipEars(spiral(n))
		if len(tris) != n-2 {
			t.Fatalf("spiral(%d): have %d triangles, want %d", n, len(tris), n-2)
		}
		if tests > 3*n {
			t.Errorf("spiral(%d): have %d ear tests, want at most %d", n, tests, 3*n)
		}
		work[n] = tests
	}
	// Linear work doubles from n to 2n; quadratic work quadruples.
	if grew := float64(work[2000]) / float64(work[1000]); grew > 2.5 {
		t.Errorf("ear tests grew %.2f times from 1000 to 2000 points, want at most 2.5", grew)
	}
}
