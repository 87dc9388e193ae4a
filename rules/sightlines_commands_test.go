package rules

import (
	"errors"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// TestPropertySightlinesAfterCommands plays random commands (moves,
// attacks that wound, fell units and destroy cover, stance changes, turns
// ended, and now and then an obstacle razed or rebuilt) on the
// random-sequence maps and on rich generated ones, and after every
// command checks that the cache kept up to date incrementally, as a
// match keeps it, answers every field of view, list of units seen and pair
// exactly as a fresh one computed from scratch does, for the whole board
// and for a sight radius.
func TestPropertySightlinesAfterCommands(t *testing.T) {
	for gi, g := range sightlineGames() {
		t.Run(g.name, func(t *testing.T) {
			for _, radius := range []int{0, 6} {
				s := g.state(t)
				c := NewSightlines(s, radius)
				c.Update()
				rng, pick := NewRNG(uint64(gi+1)), NewRNG(uint64(gi+1)^0x5151)
				redone := 0
				var razed []Obstacle
				for i := range g.steps {
					cmd := randomCommand(s, pick)
					if _, err := Apply(s, cmd, rng); errors.Is(err, ErrGameOver) {
						break
					}
					// Cover seldom falls to random shots: every fifth
					// command an obstacle falls too, or one fallen
					// stands again.
					switch obs := s.Board.Obstacles; {
					case i%10 == 4 && len(obs) > 0:
						o := obs[pick.D(len(obs))-1]
						razed = append(razed, *o)
						s.Board.RemoveObstacle(o.ID)
					case i%10 == 9 && len(razed) > 0:
						s.Board.AddObstacle(razed[len(razed)-1])
						razed = razed[:len(razed)-1]
					}
					fovs, _ := c.Update()
					redone += fovs
					if f, p := c.Update(); f != 0 || p != 0 {
						t.Fatalf("radius %d command %d (%s): a second Update with nothing changed redid %d fields of view and %d pairs", radius, i, cmd.CommandName(), f, p)
					}
					sameAsFresh(t, s, c, radius, i, cmd)
				}
				if all := g.steps * len(s.Units); redone >= all {
					t.Errorf("radius %d: %d fields of view redone in %d commands: nothing was kept", radius, redone, g.steps)
				}
			}
		})
	}
}

// sightlineGame is a battle the sight caches' property tests play random
// commands on.
type sightlineGame struct {
	name  string
	state func(t *testing.T) *State
	steps int
}

// sightlineGames returns the random-sequence maps with each unit type and
// rich generated maps.
func sightlineGames() []sightlineGame {
	var games []sightlineGame
	for mi, m := range randomMaps {
		for _, typ := range []string{"trooper", "gunner", "breacher"} {
			games = append(games, sightlineGame{"map" + itoa(mi) + "-" + typ, func(t *testing.T) *State { return battle(t, m, typ) }, 80})
		}
	}
	for _, seed := range mapgen.Seeds(2) {
		games = append(games, sightlineGame{"rich" + itoa(int(seed)), func(t *testing.T) *State { return genRichState(t, 20, 20, seed) }, 60})
	}
	return games
}

// sameAsFresh fails t unless c answers as a cache made now over s does.
func sameAsFresh(t *testing.T, s *State, c *Sightlines, radius, i int, cmd Command) {
	t.Helper()
	fresh := NewSightlines(s, radius)
	for _, a := range s.Units {
		have, want := c.FOV(a.ID), fresh.FOV(a.ID)
		if fovString(have) != fovString(want) || !slices.Equal(have.Units, want.Units) {
			t.Fatalf("radius %d command %d (%s): unit %d's field of view differs from a fresh one\nhave %v\n%s\nwant %v\n%s", radius, i, cmd.CommandName(), a.ID, have.Units, fovString(have), want.Units, fovString(want))
		}
		for _, b := range s.Units {
			if have, want := c.Visible(a.ID, b.ID), fresh.Visible(a.ID, b.ID); have != want {
				t.Fatalf("radius %d command %d (%s): %d sees %d: have %v, want %v", radius, i, cmd.CommandName(), a.ID, b.ID, have, want)
			}
		}
	}
}
