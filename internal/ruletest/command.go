package ruletest

import (
	"math/rand/v2"

	"sightline/rules"
)

// LegalCommand returns a command for the side to move of s, legal unless
// no unit of the side can act: the end of the turn one time in ten, else,
// for a random unit of the side with action points left, the first legal
// of first's command (when first is not nil and returns one), then in a
// random order a walk to a random tile in reach, a change of stance, a
// shot at a random enemy and a shot at random cover; the end of the turn
// when none is legal. first gets the unit and the living enemies.
func LegalCommand(s *rules.State, rng *rand.Rand, first func(u *rules.Unit, theirs []*rules.Unit) rules.Command) rules.Command {
	var mine, theirs []*rules.Unit
	for _, u := range s.Units {
		switch {
		case !u.Alive():
		case u.Side == s.Side && u.AP > 0:
			mine = append(mine, u)
		case u.Side != s.Side:
			theirs = append(theirs, u)
		}
	}
	if len(mine) == 0 || rng.IntN(10) == 0 {
		return rules.EndTurn{}
	}
	u := mine[rng.IntN(len(mine))]
	var tries []rules.Command
	if tiles := s.Reach(u.ID, rules.MoveBudget(u)/u.AP).Tiles(); len(tiles) > 0 {
		tries = append(tries, rules.Move{Unit: u.ID, To: tiles[rng.IntN(len(tiles))]})
	}
	tries = append(tries, rules.ChangeStance{Unit: u.ID, To: rules.Stance(rng.IntN(3))})
	if len(theirs) > 0 {
		tries = append(tries, rules.Attack{Unit: u.ID, Target: theirs[rng.IntN(len(theirs))].ID})
	}
	if obs := s.Board.Obstacles; len(obs) > 0 {
		tries = append(tries, rules.Attack{Unit: u.ID, Obstacle: obs[rng.IntN(len(obs))].ID})
	}
	rng.Shuffle(len(tries), func(i, j int) { tries[i], tries[j] = tries[j], tries[i] })
	if first != nil {
		if c := first(u, theirs); c != nil {
			tries = append([]rules.Command{c}, tries...)
		}
	}
	for _, c := range tries {
		if rules.Check(s, c) == nil {
			return c
		}
	}
	return rules.EndTurn{}
}
