package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// genRichState is genMap's map with more of everything the fast paths of
// the field of view must get right: circles and polygons off the grid and
// on it (convex, concave, several tiles wide), obstacles of every height
// on raised bases, smoke, glass and arrow slits, prone and crouched units
// and 2×2 mechs.
func genRichState(tb testing.TB, w, h int, seed uint64) *State {
	tb.Helper()
	s := genState(tb, w, h, 8, seed)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	ts := float64(s.Board.TileSize)
	px := func(n int) float64 { return float64(rng.IntN(n*int(ts)+1)) + []float64{0, 0.5, 0.25}[rng.IntN(3)] }
	grid := func(n int) float64 { return float64(rng.IntN(n+1)) * ts }
	for i := 0; i < 18; i++ {
		o := Obstacle{Name: "extra", Height: 1 + rng.IntN(7), Base: []int{0, 0, 0, 1, 2}[rng.IntN(5)], BlocksSight: rng.IntN(5) > 0, BlocksEffect: rng.IntN(3) > 0, ArrowSlit: rng.IntN(12) == 0, Size: SizeMedium}
		switch rng.IntN(6) {
		case 0:
			o.Shape = CircleShape(Vec{X: px(w), Y: px(h)}, 4+float64(rng.IntN(int(ts)*2)))
		case 1: // on the grid, several tiles
			x, y := grid(w-3), grid(h-3)
			o.Shape = RectShape(x, y, float64(1+rng.IntN(3))*ts, float64(1+rng.IntN(3))*ts)
		case 2: // concave L on the grid
			x, y := grid(w-3), grid(h-3)
			o.Shape = PolygonShape([]Vec{{X: x, Y: y}, {X: x + 2*ts, Y: y}, {X: x + 2*ts, Y: y + ts}, {X: x + ts, Y: y + ts}, {X: x + ts, Y: y + 2*ts}, {X: x, Y: y + 2*ts}})
		case 3: // diamond on the grid
			x, y := grid(w-3)+ts, grid(h-3)
			o.Shape = PolygonShape([]Vec{{X: x, Y: y}, {X: x + ts, Y: y + ts}, {X: x, Y: y + 2*ts}, {X: x - ts, Y: y + ts}})
		case 4: // concave dart on the grid: two triangles
			x, y := grid(w-3), grid(h-3)
			o.Shape = PolygonShape([]Vec{{X: x, Y: y}, {X: x + 2*ts, Y: y + ts}, {X: x, Y: y + 2*ts}, {X: x + ts, Y: y + ts}})
		default: // a triangle anywhere
			x, y := px(w-2), px(h-2)
			o.Shape = PolygonShape([]Vec{{X: x, Y: y}, {X: x + px(2), Y: y + px(1)}, {X: x + px(1), Y: y + px(2)}})
		}
		s.Board.AddObstacle(o)
	}
	for i := 0; i < 3; i++ {
		u := DefaultUnit(Side(i%2), Point{X: rng.IntN(w - 1), Y: rng.IntN(h - 1)})
		u.Size = 2
		s.AddUnit(u)
	}
	for i, u := range s.Units {
		u.Stance = Stance(i % 3)
	}
	return s
}

// TestPropertyShadowProofsExact: every line the shadow maps decide
// without walking it gets LineClear's answer, on rich random maps, from
// every eye corner of every unit to every grid intersection around it at
// every end height; and the maps do decide many lines both ways.
func TestPropertyShadowProofsExact(t *testing.T) {
	var proved [3]int
	total := 0
	for seed := uint64(1); seed <= propSeeds; seed++ {
		p, n := checkShadowProofs(t, fmt.Sprintf("seed %d", seed), genRichState(t, 20, 20, seed))
		proved[1], proved[2], total = proved[1]+p[1], proved[2]+p[2], total+n
	}
	if proved[1] == 0 || proved[2] == 0 || (proved[1]+proved[2])*4 < total {
		t.Errorf("the maps proved %d lines clear and %d blocked of %d", proved[1], proved[2], total)
	}
}

// checkShadowProofs compares every line the shadow maps of each unit of s
// (radius 7) decide with LineClear, at end heights 1 and 4 to 7 and the
// eye's, and returns how many they proved clear ([1]) and blocked ([2]) of
// how many asked.
func checkShadowProofs(t *testing.T, name string, s *State) (proved [3]int, total int) {
	t.Helper()
	b := s.Board
	x := b.query()
	ts := float64(b.TileSize)
	var f FOV
	for _, u := range s.Units {
		x.fovTiles(bodyOf(u), 7, &f) // builds the maps of u's corners
		var vc [maxCorners]Vec
		nv := b.cornersInto(u.Pos, u.Size, &vc)
		eye := b.EyeHeight(u)
		for i := 0; i < nv; i++ {
			e := Point{X: int(vc[i].X / ts), Y: int(vc[i].Y / ts)}
			for qy := max(0, u.Pos.Y-7); qy <= min(b.Height, u.Pos.Y+u.Size+8); qy++ {
				for qx := max(0, u.Pos.X-7); qx <= min(b.Width, u.Pos.X+u.Size+8); qx++ {
					q := Point{X: qx, Y: qy}
					for _, z := range []float64{1, 4, 5, 6, 7, eye} {
						total++
						r := x.shadowLine(i, e, q, eye, z)
						if r == 0 {
							continue
						}
						proved[r]++
						want := x.lineClear(vc[i], eye, Vec{X: float64(qx) * ts, Y: float64(qy) * ts}, z, BlockSight)
						if (r == 1) != want {
							t.Fatalf("%s unit %d corner %v -> %v at %v..%v: maps say clear=%v, LineClear %v", name, u.ID, e, q, eye, z, r == 1, want)
						}
					}
				}
			}
		}
	}
	return proved, total
}

// TestShadowProofsWallsBesideAProneEye: the exact cases of walls above a
// prone eye (riseEvents, axisRay) on hand-made boards: walls wider than a
// tile that the lines along the grid through the eye run through, walls
// side by side along those lines (seams, of equal and unequal heights),
// and walls beside them. Every line the maps decide must be LineClear's.
func TestShadowProofsWallsBesideAProneEye(t *testing.T) {
	open := strings.Repeat(strings.Repeat(".", 15)+"\n", 7) + ".......b.......\n" + strings.Repeat(strings.Repeat(".", 15)+"\n", 7)
	for _, c := range []struct {
		name  string
		rects [][5]int // x, y, w, h (tiles), height
	}{
		{"through, vertical", [][5]int{{6, 3, 3, 1, 2}, {6, 11, 3, 1, 3}}},
		{"through, horizontal", [][5]int{{3, 6, 1, 3, 3}, {11, 6, 1, 3, 2}}},
		{"seams", [][5]int{{6, 3, 1, 1, 2}, {7, 3, 1, 1, 3}, {6, 5, 1, 1, 2}, {7, 5, 1, 1, 2}, {3, 6, 1, 1, 3}, {3, 7, 1, 1, 2}, {12, 7, 1, 1, 2}, {12, 8, 1, 1, 2}}},
		{"beside", [][5]int{{8, 4, 2, 1, 2}, {5, 9, 2, 2, 3}, {4, 8, 1, 1, 2}, {10, 6, 2, 1, 3}}},
		{"wall and tall", [][5]int{{6, 2, 1, 1, 9}, {7, 2, 1, 1, 2}, {10, 7, 1, 1, 9}, {10, 8, 1, 1, 3}}},
	} {
		s := mustParse(t, open)
		ts := float64(s.Board.TileSize)
		for _, r := range c.rects {
			s.Board.AddObstacle(Obstacle{Name: "wall", Height: r[4], BlocksSight: true, BlocksEffect: true, Size: SizeMedium,
				Shape: RectShape(float64(r[0])*ts, float64(r[1])*ts, float64(r[2])*ts, float64(r[3])*ts)})
		}
		if p, _ := checkShadowProofs(t, c.name, s); p[2] == 0 {
			t.Errorf("%s: the maps proved no line blocked", c.name)
		}
	}
}

// TestPropertyFOVAgreesWithLoSRich: TestPropertyFOVAgreesWithLoS on the
// rich maps (elevation, every height, glass, smoke, circles, polygons,
// mechs, every stance).
func TestPropertyFOVAgreesWithLoSRich(t *testing.T) {
	for seed := uint64(1); seed <= propSeeds; seed++ {
		s := genRichState(t, 20, 20, seed)
		for _, u := range s.Units {
			for _, radius := range []int{0, 5, 9} {
				f := s.FieldOfView(u, radius)
				for y := 0; y < 20; y++ {
					for x := 0; x < 20; x++ {
						p := Point{X: x, Y: y}
						want := s.SeesTile(u, p) && inRadius(s.Board.grid(), bodyOf(u), p, 1, radius)
						if f.Seen(p) != want {
							t.Fatalf("seed %d unit %d (size %d, %v) radius %d tile %v: FOV %v, SeesTile %v", seed, u.ID, u.Size, u.Stance, radius, p, f.Seen(p), want)
						}
					}
				}
				for _, v := range s.Units {
					want := v != u && v.Alive() && s.LineOfSight(u, v) && inRadius(s.Board.grid(), bodyOf(u), v.Pos, v.Size, radius)
					if f.SeesUnit(v.ID) != want {
						t.Fatalf("seed %d: FOV of %d lists %d: %v, LineOfSight %v", seed, u.ID, v.ID, f.SeesUnit(v.ID), want)
					}
				}
			}
		}
	}
}

// TestLevelsFollowTheCells: the per-height bit rows the shadow maps read
// (tallAbove, sightAbove) agree with the per-cell maxima after obstacles
// are added and destroyed.
func TestLevelsFollowTheCells(t *testing.T) {
	s := genRichState(t, 30, 20, 3)
	b := s.Board
	check := func(when string) {
		t.Helper()
		x := b.query()
		for h := range levelCount {
			for cy := range x.rows {
				for cx := range x.cols {
					i := cy*x.cols + cx
					have := [2]bool{testBit(x.tallAbove[(h*x.rows+cy)*x.lnw:], cx), testBit(x.sightAbove[(h*x.rows+cy)*x.lnw:], cx)}
					want := [2]bool{x.fullSight[i] > float64(h)+1e-6, x.preSight[i] > float64(h)}
					if have != want {
						t.Fatalf("%s: cell (%d,%d) at height %d: have tall, sight %v, want %v", when, cx, cy, h, have, want)
					}
				}
			}
		}
	}
	check("built")
	for i, o := range append([]*Obstacle(nil), b.Obstacles...) {
		if i%3 == 0 {
			b.RemoveObstacle(o.ID)
		}
	}
	check("after removals")
	b.AddObstacle(Obstacle{Name: "wall", Height: 7, Base: 2, BlocksSight: true, Size: SizeMedium, Shape: RectShape(0, 0, 3*float64(b.TileSize), float64(b.TileSize))})
	check("after an addition")
}
