package levels_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"sightline/internal/ruletest"
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
					if i%3 == 2 && (!slices.Equal(lf.Tiles(), want.Tiles()) || !slices.Equal(lf.Units, enemiesIn(s, u, want.Units))) {
						t.Fatalf("command %d (%s): unit %d's lazy field of view differs from a fresh one: have %d tiles and units %v, want %d and the enemies of %v", i, cmd.CommandName(), u.ID, lf.Count(), lf.Units, want.Count(), want.Units)
					}
					have := c.FOV(u.ID)
					if !slices.Equal(have.Tiles(), want.Tiles()) || !slices.Equal(have.Units, want.Units) {
						t.Fatalf("command %d (%s): unit %d's field of view differs from a fresh one: have %d tiles and units %v, want %d and %v", i, cmd.CommandName(), u.ID, have.Count(), have.Units, want.Count(), want.Units)
					}
					for _, v := range s.Units {
						if have, want := lazy.Visible(u.ID, v.ID), fresh.Visible(u.ID, v.ID); have != want {
							t.Fatalf("command %d (%s): %d sees %d lazily: have %v, want %v", i, cmd.CommandName(), u.ID, v.ID, have, want)
						}
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
// unit of the side can act (ruletest.LegalCommand), with a shot at a
// random enemy tried first half the time, so that units fall.
func pickCommand(s *rules.State, rng *rand.Rand) rules.Command {
	return ruletest.LegalCommand(s, rng, func(u *rules.Unit, theirs []*rules.Unit) rules.Command {
		if len(theirs) > 0 && rng.IntN(2) == 0 {
			return rules.Attack{Unit: u.ID, Target: theirs[rng.IntN(len(theirs))].ID}
		}
		return nil
	})
}

// enemiesIn returns the IDs of ids that name units of another side than
// u's: what a lazy cache lists (rules.Sightlines.SetLazy).
func enemiesIn(s *rules.State, u *rules.Unit, ids []int) []int {
	var out []int
	for _, id := range ids {
		if v := s.Unit(id); v != nil && v.Side != u.Side {
			out = append(out, id)
		}
	}
	return out
}
