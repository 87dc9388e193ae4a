package ai

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// fairWins and fairMatches bound TestEveryLevelIsFair on each shipped
// level: it plays seeded matches of the computer against itself until
// each side has won fairWins of them, at most fairMatches, and stops
// there. A level where Blue wins 35-65% (docs/LEVEL_DESIGN.md) passes
// with a chance of 91% or more, after 5.5-6 matches on average; one where
// a side wins 85% fails 54% of the time, where the former "each side
// once in six" failed it 38%. A match with no winner counts as played.
const (
	fairWins    = 2
	fairMatches = 10
)

// unbalanced are the shipped levels known to fail TestEveryLevelIsFair
// with today's computer and rules (issue 27, fair levels): one side won
// fewer than fairWins of fairMatches, or a match had no winner in 40
// turns. The test logs their figures instead of failing, and fails once
// one of them passes, so the list shrinks as the maps are fixed and
// never hides a fixed level.
var unbalanced = map[string]bool{}

// TestEveryLevelIsFair: on every shipped level, the computer playing both
// sides wins fairWins times as Blue and fairWins times as Red within
// fairMatches seeded matches, and every match played ends before the
// turn limit: no level is decided by who plays first, and none drags on
// without an end. The levels play side by side, the largest first, so
// a CPU the rest of a run leaves idle takes one; a level stops as soon
// as its verdict is known (fairDecided).
func TestEveryLevelIsFair(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every level; run without -short")
	}
	lvs := shipped(t)
	slices.SortStableFunc(lvs, func(a, b level) int {
		return b.state.Board.Width*b.state.Board.Height - a.state.Board.Width*a.state.Board.Height
	})
	for _, lv := range lvs {
		t.Run(lv.path, func(t *testing.T) {
			t.Parallel()
			var wins [2]int
			var problems []string
			turns, played := 0, 0
			for i := 0; !fairDecided(wins, i); i++ {
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
				played++
				turns += m.State().Turn
				v := m.Verdict()
				switch {
				case !v.Over:
					problems = append(problems, fmt.Sprintf("seed %d: no winner after 40 turns", i+1))
				case v.Draw:
					problems = append(problems, fmt.Sprintf("seed %d: a draw (%s)", i+1, v.Why))
				default:
					wins[v.Winner]++
				}
			}
			t.Logf("Blue %d, Red %d of %d, %.1f turns a match", wins[rules.SideBlue], wins[rules.SideRed], played, float64(turns)/float64(played))
			if wins[rules.SideBlue] < fairWins || wins[rules.SideRed] < fairWins {
				problems = append(problems, fmt.Sprintf("Blue won %d and Red %d of %d: each side must win %d", wins[rules.SideBlue], wins[rules.SideRed], played, fairWins))
			}
			switch {
			case unbalanced[lv.path] && len(problems) == 0:
				t.Errorf("fair now: take it off the unbalanced list")
			case unbalanced[lv.path]:
				t.Logf("known unbalanced (issue 27): %s", strings.Join(problems, "; "))
			default:
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
}

// fairDecided reports whether TestEveryLevelIsFair knows a level's
// verdict after played matches with wins: each side has won fairWins
// (it passes), or one side can no longer reach fairWins in the matches
// left of fairMatches (it fails, so the rest need not be played).
func fairDecided(wins [2]int, played int) bool {
	left := fairMatches - played
	return min(wins[rules.SideBlue], wins[rules.SideRed]) >= fairWins ||
		wins[rules.SideBlue]+left < fairWins || wins[rules.SideRed]+left < fairWins
}

// TestFairDecided: a level's fairness verdict is known once each side
// has won fairWins, or once a side could not reach fairWins even by
// winning every match left; not before.
func TestFairDecided(t *testing.T) {
	for _, c := range []struct {
		blue, red, played int
		want              bool
	}{
		{0, 0, 0, false},
		{2, 1, 3, false},
		{2, 2, 4, true},
		{5, 2, 7, true},
		{7, 0, 8, false},
		{8, 0, 9, true},
		{1, 7, 9, false},
		{1, 8, fairMatches, true},
		{0, 0, fairMatches - 1, true},
		{1, 1, fairMatches - 2, false},
	} {
		if have := fairDecided([2]int{c.blue, c.red}, c.played); have != c.want {
			t.Errorf("Blue %d, Red %d of %d: decided %v, want %v", c.blue, c.red, c.played, have, c.want)
		}
	}
}

// firstLevelMatches is how many seeded matches TestFirstLevelIsEasy
// plays at most.
const firstLevelMatches = 10

// TestFirstLevelIsEasy: the campaign's first level is a battle a
// newcomer can win on the default difficulty (normal). The greedy
// baseline stands in for the newcomer, playing Blue as the campaign's
// player does: it must win at least half of firstLevelMatches seeded
// matches. The matches stop once that is known either way (half won, or
// out of reach), so the verdict is the one all of them would give.
func TestFirstLevelIsEasy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a level's matches; run without -short")
	}
	camp := levels.Campaign(levels.List(levels.Embedded()))
	if len(camp) == 0 {
		t.Fatal("no campaign levels")
	}
	lv, err := levels.Load(levels.Embedded(), camp[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	need := (firstLevelMatches + 1) / 2
	wins, played := 0, 0
	for ; wins < need && wins+firstLevelMatches-played >= need; played++ {
		m := match.New(lv.State.Clone(), uint64(played+1))
		m.SetController(rules.SideBlue, NewGreedy())
		m.SetController(rules.SideRed, NewComputer(Normal))
		if err := Play(m, 40, nil); err != nil {
			t.Fatalf("seed %d: %v", played+1, err)
		}
		if v := m.Verdict(); v.Over && !v.Draw && v.Winner == rules.SideBlue {
			wins++
		}
	}
	msg := fmt.Sprintf("%s: the greedy baseline as Blue won %d of the first %d of %d matches against the normal computer", camp[0].Path, wins, played, firstLevelMatches)
	t.Log(msg)
	if wins < need {
		t.Error(msg + ": the first level must let a newcomer win at least half")
	}
}
