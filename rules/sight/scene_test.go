package sight

import (
	"fmt"
	"strings"
	"testing"

	"sightline/internal/mapgen"
)

// sceneTile is the pixel size of a tile in test scenes, as on rules'
// ASCII boards.
const sceneTile = 32

// propSeeds is how many random maps each property test tries.
const propSeeds = 8

// scene is a board as the geometry sees it, for tests: a grid, obstacles
// (IDs from 1, in the order added), bodies (IDs from 1) and the index of
// them all.
type scene struct {
	grid      Grid
	obstacles []Obstacle
	bodies    []Body
	index     *Index
	nextID    int
}

// sceneGlyph is what one character of a test map stands for, as in rules'
// DefaultLegend.
type sceneGlyph struct {
	height              int // an obstacle filling the tile, when > 0
	sight, effect, slit bool
	body                bool
	side, size          int
	pose                Pose
}

var sceneLegend = map[rune]sceneGlyph{
	'#': {height: HeightFull, sight: true, effect: true},
	'h': {height: HeightHigh, sight: true, effect: true},
	'l': {height: HeightLow, sight: true, effect: true},
	'v': {height: HeightVeryLow, sight: true, effect: true},
	'g': {height: HeightFull, effect: true},
	's': {height: HeightFull, sight: true},
	'a': {height: HeightHigh, sight: true, effect: true, slit: true},
	'B': {body: true, size: 1},
	'b': {body: true, size: 1, pose: Prone},
	'R': {body: true, side: 1, size: 1},
	'r': {body: true, side: 1, size: 1, pose: Prone},
	'M': {body: true, size: 2},
	'm': {body: true, side: 1, size: 2},
}

// parseScene builds a scene from an ASCII map in rules' DefaultLegend:
// the same obstacles, bodies and floors, with the same IDs, as
// rules.ParseASCII.
func parseScene(tb testing.TB, m string) *scene {
	tb.Helper()
	var rows [][]rune
	for _, l := range strings.Split(m, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			rows = append(rows, []rune(l))
		}
	}
	if len(rows) == 0 {
		tb.Fatal("empty map")
	}
	w, h := len(rows[0]), len(rows)
	sc := &scene{grid: Grid{Width: w, Height: h, TileSize: sceneTile, Floors: make([]int, w*h)}}
	for y, row := range rows {
		if len(row) != w {
			tb.Fatalf("row %d is %d wide, want %d", y+1, len(row), w)
		}
		for x, c := range row {
			p := Point{X: x, Y: y}
			g, ok := sceneLegend[c]
			switch {
			case c >= '1' && c <= '9':
				sc.grid.Floors[y*w+x] = int(c - '0')
			case c == '.':
			case !ok:
				tb.Fatalf("row %d column %d: unknown glyph %q", y+1, x+1, c)
			case g.height > 0:
				sc.addObstacle(Obstacle{Shape: RectShape(float64(x*sceneTile), float64(y*sceneTile), sceneTile, sceneTile),
					Height: g.height, BlocksSight: g.sight, BlocksEffect: g.effect, ArrowSlit: g.slit, Size: SizeMedium})
			case g.body && (g.size == 1 || sc.bodyAt(p) == nil):
				sc.addBody(Body{Pos: p, Size: g.size, Stance: g.pose, Side: g.side})
			}
		}
	}
	return sc
}

// genScene is the scene of mapgen's ASCII map.
func genScene(tb testing.TB, w, h, units int, seed uint64) *scene {
	tb.Helper()
	return parseScene(tb, mapgen.ASCII(w, h, units, seed))
}

// genRichScene is the scene of mapgen's rich map.
func genRichScene(tb testing.TB, w, h int, seed uint64) *scene {
	tb.Helper()
	sc := genScene(tb, w, h, mapgen.RichUnits, seed)
	r := mapgen.RichExtras(w, h, sceneTile, seed)
	for _, e := range r.Extras {
		o := Obstacle{Height: e.Height, Base: e.Base, BlocksSight: e.Sight, BlocksEffect: e.Effect, ArrowSlit: e.Slit, Size: SizeMedium}
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
		sc.addObstacle(o)
	}
	for _, m := range r.Mechs {
		sc.addBody(Body{Pos: Point{X: m.X, Y: m.Y}, Size: 2, Side: m.Side})
	}
	for i := range sc.bodies {
		sc.bodies[i].Stance = Pose(i % 3)
	}
	return sc
}

// addObstacle adds o, to the index too when built, giving it the next ID
// unless it has one.
func (sc *scene) addObstacle(o Obstacle) Obstacle {
	if o.ID == 0 {
		sc.nextID++
		o.ID = sc.nextID
	}
	sc.obstacles = append(sc.obstacles, o)
	if sc.index != nil {
		sc.index.Add(o)
	}
	return o
}

// removeObstacle removes the obstacle with the given ID.
func (sc *scene) removeObstacle(id int) {
	for i, o := range sc.obstacles {
		if o.ID == id {
			sc.obstacles = append(sc.obstacles[:i], sc.obstacles[i+1:]...)
			if sc.index != nil {
				sc.index.Remove(id)
			}
			return
		}
	}
}

// obstacle returns the obstacle with the given ID, or nil.
func (sc *scene) obstacle(id int) *Obstacle {
	for i := range sc.obstacles {
		if sc.obstacles[i].ID == id {
			return &sc.obstacles[i]
		}
	}
	return nil
}

// addBody gives b the next body ID and adds it.
func (sc *scene) addBody(b Body) {
	b.ID = len(sc.bodies) + 1
	sc.bodies = append(sc.bodies, b)
}

// bodyAt returns the body whose space holds p, or nil.
func (sc *scene) bodyAt(p Point) *Body {
	for i := range sc.bodies {
		if sc.bodies[i].Occupies(p) {
			return &sc.bodies[i]
		}
	}
	return nil
}

// query builds the index when it is missing and lends out a query.
func (sc *scene) query() *Query {
	if sc.index == nil {
		sc.index = NewIndex(sc.grid, sc.obstacles)
	}
	return sc.index.Query()
}

// String draws the scene's size and counts, for failure messages.
func (sc *scene) String() string {
	return fmt.Sprintf("%dx%d, %d obstacles, %d bodies", sc.grid.Width, sc.grid.Height, len(sc.obstacles), len(sc.bodies))
}
