package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// genMap returns a deterministic random ASCII map of w×h tiles: about 20%
// of the tiles hold an obstacle (walls, high, low and very-low cover, some
// glass and smoke), about 2% are raised floors 1-3 bricks high, and units
// (B/R standing, b/r prone) stand on units free tiles. Tests, property
// tests and benchmarks share it.
func genMap(w, h, units int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g := make([][]rune, h)
	for y := range g {
		g[y] = make([]rune, w)
		for x := range g[y] {
			g[y][x] = '.'
			r := rng.IntN(1000)
			switch {
			case r < 80:
				g[y][x] = '#'
			case r < 120:
				g[y][x] = 'h'
			case r < 160:
				g[y][x] = 'l'
			case r < 185:
				g[y][x] = 'v'
			case r < 192:
				g[y][x] = 'g'
			case r < 200:
				g[y][x] = 's'
			case r < 220:
				g[y][x] = rune('1' + rng.IntN(3))
			}
		}
	}
	for placed := 0; placed < units; {
		x, y := rng.IntN(w), rng.IntN(h)
		if g[y][x] != '.' {
			continue
		}
		g[y][x] = []rune("BRbr")[placed%2+2*btoi(rng.IntN(5) == 0)]
		placed++
	}
	var sb strings.Builder
	for _, row := range g {
		sb.WriteString(string(row))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// genState parses genMap's map.
func genState(tb testing.TB, w, h, units int, seed uint64) *State {
	tb.Helper()
	s, err := ParseASCII(genMap(w, h, units, seed))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// mustParse parses an ASCII map or fails the test.
func mustParse(tb testing.TB, m string) *State {
	tb.Helper()
	s, err := ParseASCII(m)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
