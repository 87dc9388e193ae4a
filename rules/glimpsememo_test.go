package rules

import (
	"errors"
	"testing"
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
				for _, u := range s.Units {
					if u.Alive() && pick.D(5) == 1 {
						u.Status.Lean = Lean(pick.D(4) - 1)
						u.Status.PeekTile = u.Pos.Add(Point{X: pick.D(3) - 2, Y: pick.D(3) - 2})
					}
				}
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
