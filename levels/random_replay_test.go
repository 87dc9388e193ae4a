package levels_test

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

// randomTurns is how many turns a random replay plays at most.
const randomTurns = 8

// playRandom plays lv with legal commands picked at random from the action
// catalogue: any unit of the side to move with AP left, any action
// (Attack a third of the time), any of its candidates, until the side has
// tried 60 commands or ends its turn early (1 in 40). Dropping a weapon is picked seldom, so units keep
// fighting. The rules refuse the illegal ones without a change, so the
// log keeps what a careless player could do, of every kind.
func playRandom(t *testing.T, lv *levels.Level, seed uint64, turns int) (*match.Match, map[string]int) {
	t.Helper()
	m := match.New(lv.State, seed)
	pick := rules.NewRNG(seed ^ 0x5eed)
	all := actions.All()
	attack, _ := actions.Of(rules.Attack{})
	kinds := map[string]int{}
	for {
		if over := m.Over(); over || m.State().Turn > turns {
			return m, kinds
		}
		s := m.State()
		for try := 0; try < 60 && pick.D(40) != 1; try++ {
			var mine []*rules.Unit
			for _, u := range s.Units {
				if u.Side == s.Side && u.Alive() && u.AP > 0 {
					mine = append(mine, u)
				}
			}
			if len(mine) == 0 {
				break
			}
			u := mine[pick.D(len(mine))-1]
			a := all[pick.D(len(all))-1]
			if pick.D(3) == 1 {
				a = attack.Spec() // a third of the tries shoot, so dice roll
			}
			cands := a.ID.Candidates(s, u.ID, m.Visibility(s.Side).Knows)
			if len(cands) == 0 {
				continue
			}
			c := cands[pick.D(len(cands))-1]
			if _, drop := c.(rules.Drop); drop && pick.D(8) != 1 {
				continue
			}
			if _, err := m.Apply(c); err == nil {
				kinds[c.CommandName()]++
			}
			if over := m.Over(); over {
				return m, kinds
			}
		}
		if _, err := m.Apply(rules.EndTurn{}); err != nil {
			t.Fatalf("the turn cannot end: %v", err)
		}
	}
}

// randomGolden returns the random replay's path for a level file.
func randomGolden(file string) string {
	return filepath.Join("..", "testdata", "random", strings.TrimSuffix(path.Base(file), ".tmx")+".replay.json")
}

// Random legal commands of every kind, played on every shipped level and
// recorded natively, re-play to the same state hash at the end of every
// turn: make test runs this natively, under js/wasm and on arm64 under
// qemu, so the three agree turn by turn (a divergence names the turn). A
// shipped level without a recording is reported, not failed:
// `go test ./levels -run RandomReplays -update` records it.
func TestRandomReplaysGolden(t *testing.T) {
	entries := levels.List(levels.Embedded())
	if len(entries) == 0 {
		t.Fatal("no shipped levels")
	}
	recorded := 0
	kinds := map[string]int{}
	for _, e := range entries {
		t.Run(e.Name, func(t *testing.T) {
			if e.Err != nil {
				t.Fatal(e.Err)
			}
			file := randomGolden(e.Path)
			if *update {
				lv, err := levels.Load(levels.Embedded(), e.Path)
				if err != nil {
					t.Fatal(err)
				}
				m, _ := playRandom(t, lv, 20261128, randomTurns)
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := match.WriteFile(file, m.Record(ref(lv), [2]string{"test:random", "test:random"})); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := os.Stat(file); os.IsNotExist(err) {
				t.Skipf("no random replay recorded for %s (go test ./levels -run RandomReplays -update records it)", e.Path)
			}
			r, err := match.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m, err := verify(r)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Turns) < 4 {
				t.Errorf("the random replay holds %d turns, want 4 or more", len(r.Turns))
			}
			for _, c := range r.Commands {
				kinds[c.Do]++
			}
			if len(m.Log()) != len(r.Commands) {
				t.Errorf("re-played %d commands of %d", len(m.Log()), len(r.Commands))
			}
			recorded++
		})
	}
	if recorded == 0 {
		t.Fatal("no shipped level has a random replay")
	}
	// The recordings together must reach the commands that move, shoot,
	// react and change stance, or they compare little.
	for _, do := range []string{"move", "attack", "overwatch", "stance", "take_cover", "end_turn"} {
		if kinds[do] == 0 {
			t.Errorf("no %q command in any random replay (have %v)", do, kinds)
		}
	}
	t.Logf("%d levels, commands by kind: %v", recorded, kinds)
}
