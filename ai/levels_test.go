package ai

import (
	"testing"

	"sightline/match"
	"sightline/rules"
)

// fairMatches is how many matches of the computer against itself each
// shipped level plays in TestEveryLevelIsFair.
const fairMatches = 6

// TestEveryLevelIsFair: on every shipped level, the computer playing both
// sides wins at least once as Blue and once as Red over fairMatches
// seeded matches, and every match ends before the turn limit: no level
// is decided by who plays first, and none drags on without an end.
func TestEveryLevelIsFair(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every level; run without -short")
	}
	for _, lv := range shipped(t) {
		t.Run(lv.path, func(t *testing.T) {
			var wins [2]int
			turns := 0
			for i := range fairMatches {
				m := match.New(lv.state.Clone(), uint64(i+1))
				m.SetController(rules.SideBlue, NewComputer(Normal))
				m.SetController(rules.SideRed, NewComputer(Normal))
				if err := Play(m, 40, func(st Step) {
					if st.Err != nil {
						t.Errorf("seed %d: %s's command refused: %v", i+1, st.Side, st.Err)
					}
				}); err != nil {
					t.Fatalf("seed %d: %v", i+1, err)
				}
				w, over := m.Over()
				if !over {
					t.Errorf("seed %d: no winner after 40 turns", i+1)
					continue
				}
				wins[w]++
				turns += m.State().Turn
			}
			t.Logf("Blue %d, Red %d, %.1f turns a match", wins[rules.SideBlue], wins[rules.SideRed], float64(turns)/fairMatches)
			if wins[rules.SideBlue] == 0 || wins[rules.SideRed] == 0 {
				t.Errorf("Blue won %d and Red %d of %d: each side must win sometimes", wins[rules.SideBlue], wins[rules.SideRed], fairMatches)
			}
		})
	}
}
