package rules

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// In the trusted mode, the digest after every command of random battles
// (moves, shots at units and at cover, cover wounded in place and razed,
// turn ends) equals the one made anew from the whole state, and no
// digest but the first compares every obstacle: the rules tell the board
// of every change to its obstacles and tiles, and the kept sums follow
// them. Without the rules' note of a wound (damageCover) it fails, under
// -short too. Under -short (the js/wasm lane) it plays two battles a map,
// the native run six.
func TestDigestTrustFollowsCommands(t *testing.T) {
	wounds, razed, commands, followed := 0, 0, 0, 0
	var s0 *State
	maps := append(slices.Clone(randomMaps), mapgen.ASCII(30, 30, 8, 3)) // the last spans blocks
	games := 6
	if testing.Short() {
		games = 2
	}
	for mi, m := range maps {
		for g := range games {
			s := battle(t, m, "breacher")
			if mi == len(maps)-1 && g == 0 {
				s0 = s.Clone()
			}
			s.Board.SetDigestTrust(true)
			checkHashes(t, s, "the start")
			seed := uint64(mi*100 + g + 1)
			rng, pick := NewRNG(seed), NewRNG(seed^0x7a57)
			for i := 0; i < 150; i++ {
				evs, err := Apply(s, randomCommand(s, pick), rng)
				if errors.Is(err, ErrGameOver) {
					break
				}
				for _, e := range evs {
					switch e := e.(type) {
					case CoverDamaged:
						if o := s.Board.Obstacle(e.Obstacle); o != nil && o.Destructible && e.Wounds > 0 {
							wounds++ // wounded in place, standing
						}
					case ObstacleRemoved:
						razed++
					}
				}
				commands++
				follows := s.Board.hashFollows
				if have, want := s.Hash(), hashWhole2(t, s); have != want {
					t.Fatalf("map %d, game %d, command %d: Hash %s, want %s", mi, g, i, have, want)
				}
				if s.Board.hashFollows != follows {
					followed++ // every obstacle compared
				}
			}
		}
	}
	t.Logf("%d commands, %d obstacles wounded in place, %d razed, every obstacle compared after %d", commands, wounds, razed, followed)
	if wounds == 0 || razed == 0 {
		t.Errorf("the random battles wounded %d obstacles in place and razed %d: they test little", wounds, razed)
	}
	if n := len(s0.Board.Obstacles); n <= 2*hashBlock {
		t.Errorf("the largest map holds %d obstacles: too few to span blocks", n)
	}
	if followed > 0 {
		t.Errorf("every obstacle was compared after %d commands: the board's word was not taken", followed)
	}
}

// The trusted mode takes the board's word: an obstacle changed in place
// unannounced is not seen until the board hears of a change, and is seen
// at once without the mode.
func TestDigestTrustTakesTheBoardsWord(t *testing.T) {
	s, err := ParseASCII(`
B.#.
.##R`)
	if err != nil {
		t.Fatal(err)
	}
	s.Board.SetDigestTrust(true)
	before := s.Hash()
	s.Board.Obstacles[0].Wounds++
	if h := s.Hash(); h != before {
		t.Errorf("trusted, a wound unannounced: the hash changed (%s): the mode compares after all", h)
	}
	s.Board.NoteObstacleChanged(s.Board.Obstacles[0])
	if have, want := s.Hash(), hashWhole2(t, s); have == before || have != want {
		t.Errorf("trusted, the wound announced: Hash %s, want %s", have, want)
	}
	s.Board.Obstacles[1].Wounds++
	s.Board.SetDigestTrust(false)
	checkHashes(t, s, "untrusted, a wound unannounced")
}

// In the trusted mode the kept sums follow wounds announced and removals
// in any mix, over several blocks, without comparing every obstacle
// again: each digest equals the one made anew.
func TestDigestTrustFollowsWoundsAndRemovals(t *testing.T) {
	s, err := ParseASCII(mapgen.ASCII(40, 40, 2, 5))
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	if n := len(b.Obstacles); n < 4*hashBlock {
		t.Fatalf("%d obstacles: too few to span blocks", n)
	}
	b.SetDigestTrust(true)
	checkHashes(t, s, "the start")
	follows := b.hashFollows
	rng := rand.New(rand.NewPCG(4, 4))
	for step := range 80 {
		for range rng.IntN(3) { // wounds, announced
			o := b.Obstacles[rng.IntN(len(b.Obstacles))]
			o.Wounds++
			b.NoteObstacleChanged(o)
		}
		for range rng.IntN(3) {
			b.RemoveObstacle(b.Obstacles[rng.IntN(len(b.Obstacles))].ID)
		}
		if step%7 == 3 { // a wounded one razed before the digest
			o := b.Obstacles[rng.IntN(len(b.Obstacles))]
			o.Wounds++
			b.NoteObstacleChanged(o)
			b.RemoveObstacle(o.ID)
		}
		if have, want := s.Hash(), hashWhole2(t, s); have != want {
			t.Fatalf("step %d: Hash %s, want %s", step, have, want)
		}
	}
	if b.hashFollows != follows {
		t.Errorf("every obstacle was compared %d times: the board's word was not taken", b.hashFollows-follows)
	}
}
