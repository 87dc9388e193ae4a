package rules

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// TestGlimpseMemoMatchesAnew: on random command sequences over the random
// maps (moves, stances, shots that wound and destroy obstacles), with
// leans set at random on the units between commands, every CanSeeUnseen
// answer is the one asked anew (canSeeUnseen), for every pair of living
// units of opposite sides after every command, and so is the answer a
// Glimpses kept by pair gives; and the board does keep answers (some are
// asked twice), so does the Glimpses, and both answers occur.
func TestGlimpseMemoMatchesAnew(t *testing.T) {
	var asked, kept, seen, paired int
	for mi := range randomMaps {
		for seed := uint64(1); seed <= 3; seed++ {
			s := battle(t, randomMaps[mi], "")
			rng, pick := NewRNG(seed), NewRNG(seed^0x5eed)
			var g Glimpses
			for i := 0; i < 60; i++ {
				if _, err := Apply(s, randomCommand(s, pick), rng); errors.Is(err, ErrGameOver) {
					break
				}
				leanAtRandom(s, pick)
				for _, a := range s.Units {
					for _, e := range s.Units {
						if !a.Alive() || !e.Alive() || a.Side == e.Side {
							continue
						}
						if _, ok := s.Board.glimpseMemo(glimpseKey{lookOf(a), lookOf(e)}); ok {
							kept++
						}
						asked++
						have, want := s.CanSeeUnseen(a, e), canSeeUnseen(s, a, e)
						if g.n == len(s.Units) {
							if sl := g.slots[(a.ID-1)*g.n+e.ID-1]; sl.asked && sl.k == (glimpseKey{lookOf(a), lookOf(e)}) {
								paired++
							}
						}
						if have != want {
							t.Fatalf("map %d seed %d command %d: unit %d at %v sees unit %d at %v: kept %v, anew %v", mi, seed, i, a.ID, a.Pos, e.ID, e.Pos, have, want)
						}
						if have := g.CanSeeUnseen(s, a, e); have != want {
							t.Fatalf("map %d seed %d command %d: unit %d at %v sees unit %d at %v: kept by pair %v, anew %v", mi, seed, i, a.ID, a.Pos, e.ID, e.Pos, have, want)
						}
						if want {
							seen++
						}
					}
				}
			}
		}
	}
	if kept == 0 || kept == asked || paired == 0 || paired == asked || seen == 0 || seen == asked {
		t.Errorf("%d glimpses asked, %d of them kept, %d kept by pair, %d seen: want some of each", asked, kept, paired, seen)
	}
	t.Logf("%d glimpses asked, %d of them kept, %d kept by pair, %d seen", asked, kept, paired, seen)
}

// TestGlimpsesFollowTheBoard: B, in Full cover, glimpses R by its peek; a
// wall built across the peek's line, then razed, changes the answer, and
// the Glimpses kept by pair, asked again with both units' looks unchanged,
// gives the answer asked anew each time.
func TestGlimpsesFollowTheBoard(t *testing.T) {
	s := battle(t, peekMap, "")
	b, r := s.Unit(2), s.Unit(1)
	var g Glimpses
	wall := 0
	steps := []struct {
		name   string
		change func()
		want   bool
	}{
		{"as parsed", func() {}, true},
		{"asked again", func() {}, true},
		{"a wall across the peek's line", func() {
			wall = s.Board.AddObstacle(Obstacle{Name: "wall", Height: HeightFull, BlocksSight: true, BlocksEffect: true,
				Shape: RectShape(4*ASCIITileSize, ASCIITileSize, 6*ASCIITileSize, ASCIITileSize)}).ID
		}, false},
		{"the wall razed", func() { s.Board.RemoveObstacle(wall) }, true},
	}
	for _, st := range steps {
		st.change()
		if have, anew := g.CanSeeUnseen(s, b, r), canSeeUnseen(s, b, r); have != st.want || anew != st.want {
			t.Errorf("%s: B glimpses R: kept by pair %v, anew %v, want %v", st.name, have, anew, st.want)
		}
	}
}

// TestGlimpsesKeptAcrossRazes: on generated maps, obstacles razed one or
// two at a time (half of them near a unit) while a few units move, change
// stance or lean between razes; after every raze a Glimpses gives, for
// every pair of living enemies and every unit, the answers asked anew
// (canSeeUnseen; no lean and no Full cover for OnlyLeaners). Answers are
// kept across razes far from the pair, and some razes change an answer.
func TestGlimpsesKeptAcrossRazes(t *testing.T) {
	var across, changed, quietAcross, quietChanged int
	for _, seed := range mapgen.Seeds(4) {
		s, err := ParseASCII(mapgen.ASCII(32, 32, 8, seed))
		if err != nil {
			t.Fatal(err)
		}
		b := s.Board
		rng := rand.New(rand.NewPCG(seed, 77))
		var g Glimpses
		for step := 0; step < 80 && len(b.Obstacles) > 0; step++ {
			for range rng.IntN(3) {
				u := s.Units[rng.IntN(len(s.Units))]
				switch rng.IntN(3) {
				case 0:
					if p := u.Pos.Add(Point{X: rng.IntN(5) - 2, Y: rng.IntN(5) - 2}); b.Passable(p) && s.UnitAt(p) == nil {
						u.Pos = p
					}
				case 1:
					u.Stance = Stance(rng.IntN(3))
				default:
					u.Status.Lean = Lean(rng.IntN(4))
					u.Status.PeekTile = u.Pos.Add(Point{X: rng.IntN(3) - 1, Y: rng.IntN(3) - 1})
				}
			}
			for range 1 + rng.IntN(2) {
				o := b.Obstacles[rng.IntN(len(b.Obstacles))]
				if rng.IntN(2) == 0 { // one near a unit
					u := s.Units[rng.IntN(len(s.Units))]
					c := b.TileCenter(u.Pos)
					for _, n := range b.Obstacles {
						if lo, hi := n.Shape.Bounds(); math.Max(lo.X-c.X, c.X-hi.X) < 3*float64(b.TileSize) && math.Max(lo.Y-c.Y, c.Y-hi.Y) < 3*float64(b.TileSize) {
							o = n
							break
						}
					}
				}
				b.RemoveObstacle(o.ID)
			}
			for _, a := range s.Units {
				if !a.Alive() {
					continue
				}
				q := g.quiet[max(0, min(a.ID-1, len(g.quiet)-1)):]
				wantQuiet := a.Status.Lean == LeanNone
				if gr, _ := areaAt(s, a, a.Pos, a.Stance); gr == CoverFull {
					wantQuiet = false
				}
				if len(q) > 0 && q[0].asked && q[0].l == lookOf(a) && q[0].version != b.version {
					v, m := q[0].version, q[0].m
					if stands(b, &v, &m, q[0].l) {
						quietAcross++
					} else if q[0].quiet != wantQuiet {
						quietChanged++
					}
				}
				if have := g.OnlyLeaners(s, a); have != wantQuiet {
					t.Fatalf("seed %d step %d: unit %d at %v glimpses only leaners: kept %v, anew %v", seed, step, a.ID, a.Pos, have, wantQuiet)
				}
				for _, e := range s.Units {
					if !e.Alive() || a.Side == e.Side {
						continue
					}
					want := canSeeUnseen(s, a, e)
					k := glimpseKey{lookOf(a), lookOf(e)}
					if g.n == len(s.Units) {
						if sl := g.slots[(a.ID-1)*g.n+e.ID-1]; sl.asked && sl.k == k && sl.version != b.version {
							v, m := sl.version, sl.m
							if stands(b, &v, &m, k.A, k.T) {
								across++
							} else if sl.seen != want {
								changed++
							}
						}
					}
					if have := g.CanSeeUnseen(s, a, e); have != want {
						t.Fatalf("seed %d step %d: unit %d at %v sees unit %d at %v: kept %v, anew %v", seed, step, a.ID, a.Pos, e.ID, e.Pos, have, want)
					}
				}
			}
		}
	}
	t.Logf("glimpses kept across a raze %d, changed by one %d; only leaners kept %d, changed %d", across, changed, quietAcross, quietChanged)
	if across == 0 || changed == 0 || quietAcross == 0 || quietChanged == 0 {
		t.Errorf("want answers kept across razes and answers razes changed, of both kinds")
	}
}

// TestPlacesFollowRemovals: the board's places of its obstacles by ID
// (Board.places), asked between random removals (one or a few at a time,
// many before the map is built again), an obstacle added and a tile set
// now and then, give every standing obstacle's place in Obstacles and no
// place for one removed.
func TestPlacesFollowRemovals(t *testing.T) {
	followed := 0
	for _, seed := range mapgen.Seeds(3) {
		s, err := ParseASCII(mapgen.ASCII(32, 32, 4, seed))
		if err != nil {
			t.Fatal(err)
		}
		b := s.Board
		rng := rand.New(rand.NewPCG(seed, 3))
		var gone []int
		for step := 0; step < 150 && len(b.Obstacles) > 4; step++ {
			switch rng.IntN(20) {
			case 0:
				o := b.AddObstacle(Obstacle{Shape: RectShape(0, 0, 16, 16), Height: 1})
				gone = slices.DeleteFunc(gone, func(id int) bool { return id == o.ID })
			case 1:
				b.SetTile(Point{X: 1, Y: 1}, b.Tile(Point{X: 1, Y: 1}))
			default:
				for range 1 + rng.IntN(3) {
					id := b.Obstacles[rng.IntN(len(b.Obstacles))].ID
					b.RemoveObstacle(id)
					gone = append(gone, id)
				}
			}
			if b.order != nil && b.orderVersion != b.version {
				followed++
			}
			pl, unique := b.places()
			if !unique {
				t.Fatalf("seed %d step %d: IDs taken for shared", seed, step)
			}
			for i, o := range b.Obstacles {
				if have, ok := pl.place(o.ID); !ok || have != i {
					t.Fatalf("seed %d step %d: obstacle %d at %d: place %d, %v", seed, step, o.ID, i, have, ok)
				}
			}
			for _, id := range gone {
				if have, ok := pl.place(id); ok {
					t.Fatalf("seed %d step %d: removed obstacle %d has place %d", seed, step, id, have)
				}
			}
		}
	}
	if followed == 0 {
		t.Error("the places never followed a removal")
	}
}
