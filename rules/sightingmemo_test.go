package rules

import (
	"errors"
	"testing"
)

// TestSightingMemoMatchesAnew: on random command sequences over the random
// maps (moves, stances, shots that wound and destroy obstacles), with
// leans set at random between commands, every oracleMaySee answer is the
// one asked anew (maySee), for every pair of living units of opposite
// sides, each asked twice after every command; and the board does keep
// answers and both answers occur.
func TestSightingMemoMatchesAnew(t *testing.T) {
	var asked, kept, seen int
	for mi := range randomMaps {
		for seed := uint64(1); seed <= 3; seed++ {
			s := battle(t, randomMaps[mi], "")
			rng, pick := NewRNG(seed), NewRNG(seed^0x5eed)
			for i := 0; i < 60; i++ {
				if _, err := Apply(s, randomCommand(s, pick), rng); errors.Is(err, ErrGameOver) {
					break
				}
				leanAtRandom(s, pick)
				for range 2 {
					for _, a := range s.Units {
						for _, e := range s.Units {
							if !a.Alive() || !e.Alive() || a.Side == e.Side {
								continue
							}
							if _, ok := s.Board.sightingMemo(glimpseKey{lookOf(a), lookOf(e)}); ok {
								kept++
							}
							asked++
							have, want := oracleMaySee(s, a, e), maySee(s, a, e, false)
							if have != want {
								t.Fatalf("map %d seed %d command %d: unit %d at %v may see unit %d at %v: kept %v, anew %v", mi, seed, i, a.ID, a.Pos, e.ID, e.Pos, have, want)
							}
							if want {
								seen++
							}
						}
					}
				}
			}
		}
	}
	if kept == 0 || kept == asked || seen == 0 || seen == asked {
		t.Errorf("%d sightings asked, %d of them kept, %d seen: want some of each", asked, kept, seen)
	}
	t.Logf("%d sightings asked, %d of them kept, %d seen", asked, kept, seen)
}

// leanAtRandom sets a lean toward a random peek tile on about one living
// unit in five of s.
func leanAtRandom(s *State, pick *RNG) {
	for _, u := range s.Units {
		if u.Alive() && pick.D(5) == 1 {
			u.Status.Lean = Lean(pick.D(4) - 1)
			u.Status.PeekTile = u.Pos.Add(Point{X: pick.D(3) - 2, Y: pick.D(3) - 2})
		}
	}
}
