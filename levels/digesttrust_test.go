package levels_test

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/levels"
	"sightline/rules"
)

// TestTrustedDigestFollowsShippedLevels guards the digests' trusted mode
// (rules.Board.SetDigestTrust), which a re-play turns on: the board's
// obstacles' and tiles' sums are then brought up to date only from the
// changes the board was told of. On every shipped level (zones,
// objectives, raised floors, tile-object walls), random commands of every
// kind the action catalogue offers, shots at cover among them, are applied
// to a trusted state, and after every one its digest must equal the one a
// copy of the state makes from nothing (rules.State.Clone keeps no sums,
// and its mode is off). A rule that changed an obstacle, a unit, a tile or
// a zone's tally without telling the board fails here, on the command
// that did it.
func TestTrustedDigestFollowsShippedLevels(t *testing.T) {
	paths, err := fs.Glob(levels.Embedded(), "maps/*.tmx")
	if err != nil || len(paths) == 0 {
		t.Fatalf("maps: %v, %v", paths, err)
	}
	steps := 400
	if testing.Short() {
		steps = 120
	}
	kinds := map[string]int{}
	wounded, razed := 0, 0
	for li, p := range paths {
		lv, err := levels.Load(levels.Embedded(), p)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(path.Base(p), ".tmx")
		s := lv.State.Clone()
		s.Board.SetDigestTrust(true)
		if have, want := s.Hash(), s.Clone().Hash(); have != want {
			t.Fatalf("%s, the start: trusted digest %s, made anew %s", name, have, want)
		}
		dice, pick := rules.NewRNG(uint64(li)+1), rules.NewRNG(uint64(li)^0xd16e57)
		for i := range steps {
			cmd := anyCommand(s, pick)
			evs, err := rules.Apply(s, cmd, dice)
			if errors.Is(err, rules.ErrGameOver) {
				break
			}
			if err == nil {
				kinds[cmd.CommandName()]++
			}
			for _, e := range evs {
				switch e := e.(type) {
				case rules.CoverDamaged:
					if e.Wounds > 0 && !e.Destroyed {
						wounded++
					}
				case rules.ObstacleRemoved:
					razed++
				}
			}
			if have, want := s.Hash(), s.Clone().Hash(); have != want {
				t.Fatalf("%s, command %d (%s, %v): trusted digest %s, made anew %s", name, i, cmd.CommandName(), err, have, want)
			}
		}
	}
	t.Logf("commands applied by kind %v; %d obstacles wounded and left standing, %d razed", kinds, wounded, razed)
	for _, k := range []rules.Command{
		rules.Move{}, rules.Attack{}, rules.TakeCover{}, rules.ChangeStance{}, rules.Aim{},
		rules.Overwatch{}, rules.CoveringFire{}, rules.SuppressiveFire{}, rules.BlindFire{},
		rules.Charge{}, rules.Reload{}, rules.Draw{}, rules.Holster{}, rules.Drop{}, rules.EndTurn{},
	} {
		if kinds[k.CommandName()] == 0 {
			t.Errorf("no %s was applied: the trusted digest is not checked after one", k.CommandName())
		}
	}
	if wounded == 0 || razed == 0 {
		t.Errorf("%d obstacles wounded and %d razed: the changes the board is told of were not tried", wounded, razed)
	}
}

// anyCommand returns a command for the side to move of s from the action
// catalogue (every kind a player can give): a random unit of the side with
// action points left, a random action (a shot at cover one time in four,
// as cover is what the trusted digest follows) and a random one of its
// candidates, or the end of the turn one time in twenty or when it finds
// none. It may be illegal: the rules then refuse it without a change.
func anyCommand(s *rules.State, pick *rules.RNG) rules.Command {
	var mine []*rules.Unit
	for _, u := range s.Units {
		if u.Side == s.Side && u.Alive() && u.AP > 0 {
			mine = append(mine, u)
		}
	}
	if len(mine) == 0 || pick.D(20) == 1 {
		return rules.EndTurn{}
	}
	u := mine[pick.D(len(mine))-1]
	if pick.D(4) == 1 {
		var cover []int
		for _, o := range s.Board.Obstacles {
			if o.Destructible {
				cover = append(cover, o.ID)
			}
		}
		if len(cover) > 0 {
			return rules.Attack{Unit: u.ID, Obstacle: cover[pick.D(len(cover))-1]}
		}
	}
	all := actions.All()
	a := all[pick.D(len(all))-1]
	cands := a.ID.Candidates(s, u.ID, func(int) bool { return true })
	if len(cands) == 0 {
		return rules.EndTurn{}
	}
	return cands[pick.D(len(cands))-1]
}
