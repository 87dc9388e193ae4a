package rules

import (
	"errors"
	"testing"
)

// TestGlimpsesOnlyLeaners: after every random command on the
// random-sequence maps, a looker GlimpsesOnlyLeaners calls quiet glimpses
// no enemy that does not lean (CanSeeUnseen is false), and both kinds of
// looker, and glimpses, occur.
func TestGlimpsesOnlyLeaners(t *testing.T) {
	quiet, loud, glimpses := 0, 0, 0
	for mi, m := range randomMaps {
		for g := range 6 {
			s := battle(t, m, []string{"trooper", "gunner", "breacher"}[g%3])
			rng, pick := NewRNG(uint64(mi*10+g+1)), NewRNG(uint64(mi*10+g+1)^0x9e37)
			for range 60 {
				if _, err := Apply(s, randomCommand(s, pick), rng); errors.Is(err, ErrGameOver) {
					break
				}
				for _, a := range s.Units {
					if !a.Alive() {
						continue
					}
					q := s.GlimpsesOnlyLeaners(a)
					if q {
						quiet++
					} else {
						loud++
					}
					for _, e := range s.Units {
						if e.Side == a.Side || !e.Alive() || e.Status.Lean != LeanNone || !s.CanSeeUnseen(a, e) {
							continue
						}
						glimpses++
						if q {
							t.Fatalf("map %d game %d: unit %d is called quiet but glimpses unit %d, which does not lean", mi, g, a.ID, e.ID)
						}
					}
				}
			}
		}
	}
	t.Logf("%d quiet lookers, %d others, %d glimpses of enemies that do not lean", quiet, loud, glimpses)
	if quiet == 0 || loud == 0 || glimpses == 0 {
		t.Errorf("the games never reached a quiet looker (%d), another (%d) or a glimpse (%d)", quiet, loud, glimpses)
	}
}
