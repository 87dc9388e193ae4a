package mapgen

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// ASCII returns a deterministic random ASCII map of w×h tiles: about 20%
// of the tiles hold an obstacle (walls, high, low and very-low cover, some
// glass and smoke), about 2% are raised floors 1-3 bricks high, and units
// (B/R standing, b/r prone) stand on units free tiles.
func ASCII(w, h, units int, seed uint64) string {
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
		prone := 0
		if rng.IntN(5) == 0 {
			prone = 2
		}
		g[y][x] = []rune("BRbr")[placed%2+prone]
		placed++
	}
	var sb strings.Builder
	for _, row := range g {
		sb.WriteString(string(row))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// RichUnits is how many units a rich map's ASCII map places.
const RichUnits = 8

// Kind is the kind of an extra obstacle's shape.
type Kind int

// The kinds of shape.
const (
	Circle Kind = iota
	Rect
	Polygon
)

// Extra is one obstacle a rich map adds, in pixels.
type Extra struct {
	Kind Kind
	// Circle: centre X, Y and radius R. Rect: corner X, Y and size W, H.
	X, Y, R, W, H float64
	// Points are a polygon's vertices.
	Points [][2]float64
	// Height and Base are in bricks.
	Height, Base        int
	Sight, Effect, Slit bool
}

// Mech is a 2×2 unit a rich map adds, with its top-left tile.
type Mech struct {
	Side, X, Y int
}

// Rich is what turns ASCII(w, h, RichUnits, seed) into a rich map: more
// of everything the fast paths of the geometry must get right: circles
// and polygons off the grid and on it (convex, concave, several tiles
// wide), obstacles of every height on raised bases, smoke, glass and
// arrow slits, and 2×2 mechs. Once the mechs are added, unit i (in the
// order added) takes stance i%3: standing, crouched, prone.
type Rich struct {
	Extras []Extra
	Mechs  []Mech
}

// RichExtras returns the extras of the rich map of size w×h and the given
// seed, for tiles ts pixels wide.
func RichExtras(w, h int, ts float64, seed uint64) Rich {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	px := func(n int) float64 { return float64(rng.IntN(n*int(ts)+1)) + []float64{0, 0.5, 0.25}[rng.IntN(3)] }
	grid := func(n int) float64 { return float64(rng.IntN(n+1)) * ts }
	var r Rich
	for i := 0; i < 18; i++ {
		e := Extra{Height: 1 + rng.IntN(7), Base: []int{0, 0, 0, 1, 2}[rng.IntN(5)], Sight: rng.IntN(5) > 0, Effect: rng.IntN(3) > 0, Slit: rng.IntN(12) == 0}
		poly := func(pts ...[2]float64) { e.Kind, e.Points = Polygon, pts }
		switch rng.IntN(6) {
		case 0:
			e.Kind, e.X, e.Y = Circle, px(w), px(h)
			e.R = 4 + float64(rng.IntN(int(ts)*2))
		case 1: // on the grid, several tiles
			x, y := grid(w-3), grid(h-3)
			e.Kind, e.X, e.Y = Rect, x, y
			e.W = float64(1+rng.IntN(3)) * ts
			e.H = float64(1+rng.IntN(3)) * ts
		case 2: // concave L on the grid
			x, y := grid(w-3), grid(h-3)
			poly([2]float64{x, y}, [2]float64{x + 2*ts, y}, [2]float64{x + 2*ts, y + ts}, [2]float64{x + ts, y + ts}, [2]float64{x + ts, y + 2*ts}, [2]float64{x, y + 2*ts})
		case 3: // diamond on the grid
			x, y := grid(w-3)+ts, grid(h-3)
			poly([2]float64{x, y}, [2]float64{x + ts, y + ts}, [2]float64{x, y + 2*ts}, [2]float64{x - ts, y + ts})
		case 4: // concave dart on the grid: two triangles
			x, y := grid(w-3), grid(h-3)
			poly([2]float64{x, y}, [2]float64{x + 2*ts, y + ts}, [2]float64{x, y + 2*ts}, [2]float64{x + ts, y + ts})
		default: // a triangle anywhere
			x, y := px(w-2), px(h-2)
			x1, y1 := px(2), px(1)
			x2, y2 := px(1), px(2)
			poly([2]float64{x, y}, [2]float64{x + x1, y + y1}, [2]float64{x + x2, y + y2})
		}
		r.Extras = append(r.Extras, e)
	}
	for i := 0; i < 3; i++ {
		r.Mechs = append(r.Mechs, Mech{Side: i % 2, X: rng.IntN(w - 1), Y: rng.IntN(h - 1)})
	}
	return r
}

// Seeds returns the n seeds a property test tries: 1 to n, or n seeds from
// $SIGHTLINE_SEED on when it is set, so that a run can try other maps
// (SIGHTLINE_SEED=1000 go test ./rules/...).
func Seeds(n int) []uint64 {
	first := uint64(1)
	if v, err := strconv.ParseUint(os.Getenv("SIGHTLINE_SEED"), 10, 64); err == nil {
		first = v
	}
	s := make([]uint64, n)
	for i := range s {
		s[i] = first + uint64(i)
	}
	return s
}
