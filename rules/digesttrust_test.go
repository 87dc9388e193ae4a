package rules

import (
	"errors"
	"testing"
)

// In the trusted mode, the digest after every command of random battles
// (moves, shots at units and at cover, cover wounded in place and razed,
// turn ends) equals the one made anew from the whole state: the rules
// tell the board of every change to its obstacles and tiles. Without
// the rules' note of a wound (damageCover) it fails.
func TestDigestTrustFollowsCommands(t *testing.T) {
	wounds, razed, commands := 0, 0, 0
	for mi, m := range randomMaps {
		for g := range 6 {
			s := battle(t, m, "breacher")
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
						if e.Wounds > 0 && !e.Destroyed {
							wounds++
						}
					case ObstacleRemoved:
						razed++
					}
				}
				commands++
				if have, want := s.Hash(), hashWhole2(t, s); have != want {
					t.Fatalf("map %d, game %d, command %d: Hash %s, want %s", mi, g, i, have, want)
				}
			}
		}
	}
	t.Logf("%d commands, %d obstacles wounded in place, %d razed", commands, wounds, razed)
	if wounds == 0 || razed == 0 {
		t.Errorf("the random battles wounded %d obstacles in place and razed %d: they test little", wounds, razed)
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
	s.Board.NoteObstacleChanged()
	if have, want := s.Hash(), hashWhole2(t, s); have == before || have != want {
		t.Errorf("trusted, the wound announced: Hash %s, want %s", have, want)
	}
	s.Board.Obstacles[1].Wounds++
	s.Board.SetDigestTrust(false)
	checkHashes(t, s, "untrusted, a wound unannounced")
}
