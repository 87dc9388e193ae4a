package sight

import (
	"fmt"
	"strings"
	"testing"

	"sightline/internal/mapgen"
)

// TestPropertyShadowProofsExact: every line the shadow maps decide
// without walking it gets LineClear's answer, on rich random maps, from
// every eye corner of every unit to every grid intersection around it at
// every end height; and the maps do decide many lines both ways.
func TestPropertyShadowProofsExact(t *testing.T) {
	var proved [3]int
	total := 0
	for _, seed := range mapgen.Seeds(propSeeds) {
		p, n := checkShadowProofs(t, fmt.Sprintf("seed %d", seed), genRichScene(t, 20, 20, seed))
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
func checkShadowProofs(t *testing.T, name string, sc *scene) (proved [3]int, total int) {
	t.Helper()
	b := &sc.grid
	x := sc.query()
	ts := float64(b.TileSize)
	var f FOV
	for _, u := range sc.bodies {
		x.FieldOfView(u, 7, &f) // builds the maps of u's corners
		var vc [MaxCorners]Vec
		nv := b.CornersInto(u.Pos, u.Size, &vc)
		eye := b.EyeOf(u)
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
						want := x.LineClear(vc[i], eye, Vec{X: float64(qx) * ts, Y: float64(qy) * ts}, z, BlockSight)
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
		sc := parseScene(t, open)
		ts := float64(sc.grid.TileSize)
		for _, r := range c.rects {
			sc.addObstacle(Obstacle{Height: r[4], BlocksSight: true, BlocksEffect: true, Size: SizeMedium,
				Shape: RectShape(float64(r[0])*ts, float64(r[1])*ts, float64(r[2])*ts, float64(r[3])*ts)})
		}
		if p, _ := checkShadowProofs(t, c.name, sc); p[2] == 0 {
			t.Errorf("%s: the maps proved no line blocked", c.name)
		}
	}
}

// TestShadowProofsPartsOffTheGrid: the maps prove lines blocked behind
// tall parts off the grid (farEvents): thin walls between tile edges,
// trees, a triangle, on flat ground and on raised floors, seen by
// standing, crouched and prone eyes beside, before and among them. Every
// line the maps decide must be LineClear's.
func TestShadowProofsPartsOffTheGrid(t *testing.T) {
	for _, c := range []struct {
		name, m string
	}{
		{"flat", strings.Repeat(strings.Repeat(".", 21)+"\n", 10) + ".........BbR.........\n" + strings.Repeat(strings.Repeat(".", 21)+"\n", 10)},
		{"terraces", strings.Repeat(strings.Repeat("1", 21)+"\n", 5) + strings.Repeat(strings.Repeat(".", 21)+"\n", 5) + "22222222B2bR222222222\n" + strings.Repeat(strings.Repeat(".", 21)+"\n", 5) + strings.Repeat(strings.Repeat("3", 21)+"\n", 5)},
	} {
		sc := parseScene(t, c.m)
		ts := float64(sc.grid.TileSize)
		tile := func(v float64) float64 { return v * ts }
		for _, o := range []Obstacle{
			{Height: 5, Shape: RectShape(tile(6.2), tile(4.4), tile(4.6), tile(0.6))},
			{Height: 5, Shape: RectShape(tile(14.1), tile(6), tile(0.5), tile(3.25))},
			{Height: 9, Base: 2, Shape: RectShape(tile(3.3), tile(12.7), tile(5), tile(0.4))},
			{Height: 5, Shape: CircleShape(Vec{X: tile(12.5), Y: tile(14.3)}, tile(0.75))},
			{Height: 7, Shape: CircleShape(Vec{X: tile(5.6), Y: tile(7.1)}, tile(0.5))},
			{Height: 6, Shape: PolygonShape([]Vec{{X: tile(15.3), Y: tile(12.1)}, {X: tile(17.8), Y: tile(13.4)}, {X: tile(15.9), Y: tile(15.6)}})},
			{Height: 3, Shape: RectShape(tile(8.5), tile(15.5), tile(3), tile(0.5))},
		} {
			o.BlocksSight, o.BlocksEffect, o.Size = true, true, SizeMedium
			sc.addObstacle(o)
		}
		if p, _ := checkShadowProofs(t, c.name, sc); p[2] == 0 {
			t.Errorf("%s: the maps proved no line blocked", c.name)
		}
	}
}

// TestLevelsFollowTheCells: the per-height bit rows the shadow maps read
// (tallAbove, sightAbove) agree with the per-cell maxima after obstacles
// are added and destroyed.
func TestLevelsFollowTheCells(t *testing.T) {
	sc := genRichScene(t, 30, 20, 3)
	check := func(when string) {
		t.Helper()
		x := sc.query()
		defer x.Done()
		for h := range levelCount {
			for cy := range x.rows {
				for cx := range x.cols {
					i := cy*x.cols + cx
					have := [2]bool{testBit(x.tallAbove[(h*x.rows+cy)*x.cellRowWords:], cx), testBit(x.sightAbove[(h*x.rows+cy)*x.cellRowWords:], cx)}
					want := [2]bool{x.fullSight[i] > float64(h)+1e-6, x.preSight[i] > float64(h)}
					if have != want {
						t.Fatalf("%s: cell (%d,%d) at height %d: have tall, sight %v, want %v", when, cx, cy, h, have, want)
					}
				}
			}
		}
	}
	check("built")
	for i, o := range append([]Obstacle(nil), sc.obstacles...) {
		if i%3 == 0 {
			sc.removeObstacle(o.ID)
		}
	}
	check("after removals")
	ts := float64(sc.grid.TileSize)
	sc.addObstacle(Obstacle{Height: 7, Base: 2, BlocksSight: true, Size: SizeMedium, Shape: RectShape(0, 0, 3*ts, ts)})
	check("after an addition")
}

// TestFieldOfViewTallShortcutEitherWay: a field of view asks tallCrossed
// before walking a line only while it settles lines (tallFirst); with it
// asked or skipped, every tile's answer is SeesTile's. Rich random maps
// (walls off the grid, circles: the shortcut is skipped) and a board of
// whole-tile walls (it is asked throughout) must both occur.
func TestFieldOfViewTallShortcutEitherWay(t *testing.T) {
	var skipped, asked int
	check := func(name string, sc *scene) {
		t.Helper()
		x := sc.query()
		defer x.Done()
		var f FOV
		for _, u := range sc.bodies {
			x.FieldOfView(u, 0, &f)
			skipped += x.tallTries - x.tallAsked
			asked += x.tallAsked
			for y := range sc.grid.Height {
				for xx := range sc.grid.Width {
					p := Point{X: xx, Y: y}
					if have, want := f.Seen(p), x.SeesTile(u, p); have != want {
						t.Fatalf("%s: body %d at %v sees %v: field of view %v, SeesTile %v", name, u.ID, u.Pos, p, have, want)
					}
				}
			}
		}
	}
	for _, seed := range mapgen.Seeds(propSeeds) {
		check(fmt.Sprintf("seed %d", seed), genRichScene(t, 24, 24, seed))
	}
	check("walls", parseScene(t, strings.Join([]string{
		"B.....#.......",
		"..###.#..###..",
		"..#......#....",
		"..#..######..R",
		"......#.......",
		"####..#..l##..",
		"......#....#..",
		".M....h..b....",
		"..............",
	}, "\n")))
	if skipped == 0 || asked == 0 {
		t.Errorf("tallCrossed asked for %d lines and skipped for %d: both must happen", asked, skipped)
	}
}
