package levels_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"sightline/rules"
)

// TestSightlinesFollowCommands: on every shipped level and on mapgen maps,
// random legal commands (walks, stance changes, shots at units and at
// cover, turns ended) are applied, and after every one the sight cache
// kept up to date incrementally, as a match keeps it, gives every unit's
// field of view, the units it lists and every pair exactly as a cache made
// from scratch does; and a lazy cache (rules.Sightlines.SetLazy) answers
// the tiles read here and there, and every third command every tile, as
// the fresh one does.
func TestSightlinesFollowCommands(t *testing.T) {
	steps := 60
	if testing.Short() {
		steps = 12
	}
	for bi, b := range fovBoards(t, testing.Short()) {
		t.Run(b.name, func(t *testing.T) {
			s := b.state.Clone()
			c, lazy := rules.NewSightlines(s, 0), rules.NewSightlines(s, 0)
			lazy.SetLazy(true)
			c.Update()
			lazy.Update()
			rng, dice := rand.New(rand.NewPCG(uint64(bi), 77)), rules.NewRNG(uint64(bi))
			applied, redone, undecided := 0, 0, 0
			for i := range steps {
				cmd := pickCommand(s, rng)
				if _, err := rules.Apply(s, cmd, dice); errors.Is(err, rules.ErrGameOver) {
					break
				} else if err == nil {
					applied++
				}
				fovs, _ := c.Update()
				redone += fovs
				lazy.Update()
				fresh := rules.NewSightlines(s, 0)
				for _, u := range s.Units {
					// The lazy field of view: a few tiles read, and
					// every third command every tile.
					lf, want := lazy.FOV(u.ID), fresh.FOV(u.ID)
					if d := lf.Undecided(); d != nil {
						for range 16 {
							q := rules.Point{X: rng.IntN(s.Board.Width), Y: rng.IntN(s.Board.Height)}
							if d.Open(q) {
								undecided++
							}
							if lf.Seen(q) != want.Seen(q) {
								t.Fatalf("command %d (%s): unit %d's lazy field of view at %v: have %v", i, cmd.CommandName(), u.ID, q, lf.Seen(q))
							}
						}
					}
					if i%3 == 2 && (!slices.Equal(lf.Tiles(), want.Tiles()) || !slices.Equal(lf.Units, want.Units)) {
						t.Fatalf("command %d (%s): unit %d's lazy field of view differs from a fresh one: have %d tiles and units %v, want %d and %v", i, cmd.CommandName(), u.ID, lf.Count(), lf.Units, want.Count(), want.Units)
					}
					have := c.FOV(u.ID)
					if !slices.Equal(have.Tiles(), want.Tiles()) || !slices.Equal(have.Units, want.Units) {
						t.Fatalf("command %d (%s): unit %d's field of view differs from a fresh one: have %d tiles and units %v, want %d and %v", i, cmd.CommandName(), u.ID, have.Count(), have.Units, want.Count(), want.Units)
					}
					for _, v := range s.Units {
						if have, want := c.Visible(u.ID, v.ID), fresh.Visible(u.ID, v.ID); have != want {
							t.Fatalf("command %d (%s): %d sees %d: have %v, want %v", i, cmd.CommandName(), u.ID, v.ID, have, want)
						}
					}
				}
			}
			fallen := 0
			for _, u := range s.Units {
				if !u.Alive() {
					fallen++
				}
			}
			t.Logf("%d commands legal, %d fields of view redone, %d of %d obstacles left, %d units fallen, %d undecided tiles read", applied, redone, len(s.Board.Obstacles), len(b.state.Board.Obstacles), fallen, undecided)
			if applied < steps/2 {
				t.Errorf("only %d of %d commands were legal", applied, steps)
			}
			if redone >= applied*len(s.Units) {
				t.Errorf("%d fields of view redone for %d commands: nothing was kept", redone, applied)
			}
		})
	}
}

// pickCommand returns a command for the side to move, legal unless no
// unit of the side can act: a walk to a random tile in reach, a change of
// stance, a shot at a random enemy (tried first half the time) or at
// random cover, or the end of the turn.
func pickCommand(s *rules.State, rng *rand.Rand) rules.Command {
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
	if len(theirs) > 0 && rng.IntN(2) == 0 { // shots often, so that units fall
		tries = append([]rules.Command{rules.Attack{Unit: u.ID, Target: theirs[rng.IntN(len(theirs))].ID}}, tries...)
	}
	for _, c := range tries {
		if rules.Check(s, c) == nil {
			return c
		}
	}
	return rules.EndTurn{}
}
