package rules

import (
	"testing"

	"sightline/internal/mapgen"
)

// genMap is mapgen's ASCII map: tests, property tests and benchmarks
// share it.
func genMap(w, h, units int, seed uint64) string { return mapgen.ASCII(w, h, units, seed) }

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

// genRichState is mapgen's rich map: genMap's map with circles and
// polygons off the grid and on it, obstacles of every height on raised
// bases, smoke, glass and arrow slits, prone and crouched units and 2×2
// mechs.
func genRichState(tb testing.TB, w, h int, seed uint64) *State {
	tb.Helper()
	s := genState(tb, w, h, mapgen.RichUnits, seed)
	r := mapgen.RichExtras(w, h, float64(s.Board.TileSize), seed)
	for _, e := range r.Extras {
		o := Obstacle{Name: "extra", Height: e.Height, Base: e.Base, BlocksSight: e.Sight, BlocksEffect: e.Effect, ArrowSlit: e.Slit, Size: SizeMedium}
		switch e.Kind {
		case mapgen.Circle:
			o.Shape = CircleShape(Vec{X: e.X, Y: e.Y}, e.R)
		case mapgen.Rect:
			o.Shape = RectShape(e.X, e.Y, e.W, e.H)
		default:
			pts := make([]Vec, len(e.Points))
			for i, p := range e.Points {
				pts[i] = Vec{X: p[0], Y: p[1]}
			}
			o.Shape = PolygonShape(pts)
		}
		s.Board.AddObstacle(o)
	}
	for _, m := range r.Mechs {
		u := DefaultUnit(Side(m.Side), Point{X: m.X, Y: m.Y})
		u.Size = 2
		s.AddUnit(u)
	}
	for i, u := range s.Units {
		u.Stance = Stance(i % 3)
	}
	return s
}
