package sight

import (
	"math/rand/v2"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// TestPropertyLineClearMatchesGridDDA: random segments between random grid
// intersections at random heights agree with the grid DDA baseline.
func TestPropertyLineClearMatchesGridDDA(t *testing.T) {
	for _, seed := range mapgen.Seeds(propSeeds) {
		sc := genScene(t, 16, 16, 0, seed)
		g := newDDAGrid(sc)
		x := sc.query()
		rng := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < 3000; i++ {
			x0, y0, x1, y1 := rng.IntN(17), rng.IntN(17), rng.IntN(17), rng.IntN(17)
			if i%3 == 0 { // along grid lines, where seams matter
				x1 = x0
			}
			z0, z1 := float64(rng.IntN(7)), float64(rng.IntN(7))
			have := x.LineClear(Vec{X: float64(x0 * 32), Y: float64(y0 * 32)}, z0, Vec{X: float64(x1 * 32), Y: float64(y1 * 32)}, z1, BlockSight)
			want := g.clear(float64(x0), float64(y0), z0, float64(x1), float64(y1), z1)
			if have != want {
				t.Fatalf("seed %d: (%d,%d)@%v -> (%d,%d)@%v: oracle %v, grid DDA %v\n%s", seed, x0, y0, z0, x1, y1, z1, have, want, mapgen.ASCII(16, 16, 0, seed))
			}
		}
	}
}

// TestPropertyTallCrossedBlocks: a line the tall-cell walk calls crossed
// is one LineClear blocks, on rich random maps, for segments between grid
// intersections (a third along grid lines) at end heights no higher than
// the walk's top; and the walk does fire.
func TestPropertyTallCrossedBlocks(t *testing.T) {
	crossed := 0
	for _, seed := range mapgen.Seeds(propSeeds) {
		x := genRichScene(t, 20, 20, seed).query()
		rng := rand.New(rand.NewPCG(seed, 11))
		for i := 0; i < 4000; i++ {
			p, q := Point{X: rng.IntN(21), Y: rng.IntN(21)}, Point{X: rng.IntN(21), Y: rng.IntN(21)}
			if i%3 == 0 {
				q.X = p.X
			} else if i%3 == 1 {
				q.Y = p.Y
			}
			z0, z1 := float64(rng.IntN(8)), float64(rng.IntN(8))
			if !x.tallCrossed(p, q, z0, z1) {
				continue
			}
			crossed++
			if x.LineClear(Vec{X: float64(p.X * 32), Y: float64(p.Y * 32)}, z0, Vec{X: float64(q.X * 32), Y: float64(q.Y * 32)}, z1, BlockSight) {
				t.Fatalf("seed %d: %v@%v -> %v@%v crosses a tall cell, yet LineClear is true", seed, p, z0, q, z1)
			}
		}
	}
	if crossed < 1000 {
		t.Errorf("the tall-cell walk fired on only %d lines", crossed)
	}
}

// TestTallCrossedHeights: the tall-cell walk stops a line only where it
// crosses a wall below the wall's top (5 bricks): the line is lowest where
// it enters a wall when it rises and where it leaves one when it falls.
func TestTallCrossedHeights(t *testing.T) {
	x := parseScene(t, "....#....\n....#....\n").query()
	for _, c := range []struct {
		p, q   Point
		zp, zq float64
		want   bool
	}{
		{Point{X: 0, Y: 0}, Point{X: 9, Y: 1}, 4, 4, true},  // level, below the top
		{Point{X: 0, Y: 0}, Point{X: 9, Y: 1}, 4, 6, true},  // enters the wall at 4.89
		{Point{X: 9, Y: 1}, Point{X: 0, Y: 0}, 6, 4, true},  // the same line, falling: leaves it at 4.89
		{Point{X: 0, Y: 0}, Point{X: 9, Y: 1}, 4, 7, false}, // enters it at 5.33: over the top
		{Point{X: 0, Y: 0}, Point{X: 9, Y: 1}, 7, 4, false}, // falling, leaves it at 5.33: over the top
		{Point{X: 0, Y: 0}, Point{X: 9, Y: 1}, 8, 8, false}, // level, above the top
		{Point{X: 0, Y: 0}, Point{X: 4, Y: 2}, 4, 4, false}, // along the wall's face: no seam
		{Point{X: 4, Y: 0}, Point{X: 4, Y: 2}, 4, 4, false}, // one wall beside, open on the other side
		{Point{X: 0, Y: 0}, Point{X: 3, Y: 2}, 1, 1, false}, // never reaches the wall
	} {
		if have := x.tallCrossed(c.p, c.q, c.zp, c.zq); have != c.want {
			t.Errorf("%v@%v -> %v@%v: have %v, want %v", c.p, c.zp, c.q, c.zq, have, c.want)
		}
	}
}

// TestPropertyContactsAndFills: Contacts lists exactly the obstacles with
// height that InContact accepts, and Fills says exactly whether one covers
// the tile, for a 1×1 and a 2×2 body on every tile of rich maps, as the
// brute force over every obstacle answers.
func TestPropertyContactsAndFills(t *testing.T) {
	touching, filled := 0, 0
	for _, seed := range mapgen.Seeds(propSeeds) {
		sc := genRichScene(t, 20, 20, seed)
		x := sc.query()
		for y := range sc.grid.Height {
			for xx := range sc.grid.Width {
				p := Point{X: xx, Y: y}
				want := false
				for _, o := range sc.obstacles {
					want = want || o.Height > 0 && o.Shape.CoversTile(p, sc.grid.TileSize)
				}
				if have := x.Fills(p); have != want {
					t.Fatalf("seed %d: Fills(%v) = %v, want %v", seed, p, have, want)
				} else if have {
					filled++
				}
				for _, size := range []int{1, 2} {
					u := Body{Pos: p, Size: size}
					var want []int
					for _, o := range sc.obstacles {
						if o.Height > 0 && x.InContact(u, o.ID) {
							want = append(want, o.ID)
						}
					}
					have := x.Contacts(u, nil)
					slices.Sort(have)
					if !slices.Equal(have, want) {
						t.Fatalf("seed %d: Contacts(%v size %d) = %v, want %v", seed, p, size, have, want)
					}
					touching += len(have)
				}
			}
		}
		x.Done()
	}
	if touching == 0 || filled == 0 {
		t.Errorf("no contact (%d) or no filled tile (%d)", touching, filled)
	}
}

// TestPropertyFillsFollowObstacles: Fills, counted as obstacles are added
// and removed, says after each change exactly what a walk of the tile's
// parts (fillers) and the brute force over every obstacle standing say,
// on rich maps with walkable obstacles and obstacles razed and rebuilt.
func TestPropertyFillsFollowObstacles(t *testing.T) {
	changes, filled := 0, 0
	for _, seed := range mapgen.Seeds(propSeeds) {
		sc := genRichScene(t, 20, 20, seed)
		for i := range sc.obstacles {
			sc.obstacles[i].Walkable = i%7 == 3
		}
		x := NewIndex(sc.grid, sc.obstacles)
		rng := rand.New(rand.NewPCG(seed, 5))
		standing := slices.Clone(sc.obstacles)
		var razed []Obstacle
		for step := range 12 {
			if step > 0 {
				changes++
				if len(razed) > 0 && rng.IntN(3) == 0 {
					o := razed[len(razed)-1]
					razed = razed[:len(razed)-1]
					x.Add(o)
					standing = append(standing, o)
				} else {
					k := rng.IntN(len(standing))
					x.Remove(standing[k].ID)
					razed = append(razed, standing[k])
					standing = slices.Delete(standing, k, k+1)
				}
			}
			q := x.Query()
			for y := range sc.grid.Height {
				for xx := range sc.grid.Width {
					p := Point{X: xx, Y: y}
					want := false
					for _, o := range standing {
						want = want || o.Height > 0 && !o.Walkable && o.Shape.CoversTile(p, sc.grid.TileSize)
					}
					walked := q.fillers(p, func(*Obstacle) bool { return true })
					if have := q.Fills(p); have != want || walked != want {
						t.Fatalf("seed %d step %d: Fills(%v) = %v, the parts walked %v, want %v", seed, step, p, have, walked, want)
					}
					if want {
						filled++
					}
				}
			}
			q.Done()
		}
	}
	if changes == 0 || filled == 0 {
		t.Errorf("%d changes, %d filled tiles: nothing was checked", changes, filled)
	}
}

// TestLazyPairsAnswerAsOfTheirUpdate: a lazy cache leaves the pairs of
// one side unasked at Update; read only after obstacles were razed and
// built (no Update between), each answers as a whole cache did at that
// Update, never as the board stands now, and never panics.
func TestLazyPairsAnswerAsOfTheirUpdate(t *testing.T) {
	read, changed := 0, 0
	for _, seed := range mapgen.Seeds(propSeeds) {
		sc := genRichScene(t, 20, 20, seed)
		x := NewIndex(sc.grid, sc.obstacles)
		alive := make([]bool, len(sc.bodies))
		for i := range alive {
			alive[i] = true
		}
		lazy, whole := NewSightlines(0), NewSightlines(0)
		lazy.SetLazy(true)
		lazy.Update(x, sc.bodies, alive)
		whole.Update(x, sc.bodies, alive)
		rng := rand.New(rand.NewPCG(seed, 9))
		standing := slices.Clone(sc.obstacles)
		var razed []Obstacle
		for range len(standing) / 2 {
			k := rng.IntN(len(standing))
			x.Remove(standing[k].ID)
			razed = append(razed, standing[k])
			standing = slices.Delete(standing, k, k+1)
		}
		if len(razed) > 1 {
			x.Add(razed[0]) // one built again: the index changes again
		}
		now := NewSightlines(0)
		now.Update(x, sc.bodies, alive)
		for i, a := range sc.bodies {
			for j := i + 1; j < len(sc.bodies); j++ {
				if sc.bodies[j].Side != a.Side {
					continue // asked at Update
				}
				want := whole.Visible(i, j)
				if have := lazy.Visible(i, j); have != want {
					t.Fatalf("seed %d: bodies %d and %d read late: %v, at their Update %v", seed, i, j, have, want)
				}
				read++
				if now.Visible(i, j) != want {
					changed++
				}
			}
		}
	}
	t.Logf("%d pairs read late, %d of them changed by the razing", read, changed)
	if read == 0 || changed == 0 {
		t.Errorf("%d pairs read late, %d changed by the razing: nothing was checked", read, changed)
	}
}
