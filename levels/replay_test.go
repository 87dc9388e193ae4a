package levels_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
)

var update = flag.Bool("update", false, "record the golden replays again")

// goldenTurns is how many turns each golden replay plays at most.
const goldenTurns = 8

// baseline plays lv for both sides with a plain policy, so golden replays
// hold real battles: each unit shoots the enemy its side knows of with the
// best chance when it is 25% or more, else walks as close as it can to
// the nearest enemy, until its AP run out; then the turn ends. (It reads
// the true state: it records test data, it is not an opponent.)
func baseline(t *testing.T, lv *levels.Level, seed uint64, turns int) *match.Match {
	t.Helper()
	m := match.New(lv.State, seed)
	apply := func(c rules.Command) bool {
		_, err := m.Apply(c)
		return err == nil
	}
	for {
		if over := m.Over(); over || m.State().Turn > turns {
			return m
		}
		s := m.State()
		side := s.Side
		for _, u := range s.Units {
			for acts := 0; u.Side == side && u.Alive() && u.AP > 0 && acts < 4; acts++ {
				if over := m.Over(); over {
					return m
				}
				best, chance := 0, 0.25
				for _, e := range s.Units {
					if e.Side != side && e.Alive() && m.Visibility(side).Knows(e.ID) {
						if pv, err := s.PreviewAttack(rules.Attack{Unit: u.ID, Target: e.ID}); err == nil && pv.Chance >= chance {
							best, chance = e.ID, pv.Chance
						}
					}
				}
				if best != 0 && apply(rules.Attack{Unit: u.ID, Target: best}) {
					continue
				}
				to, ok := closest(s, u)
				if !ok || !apply(rules.Move{Unit: u.ID, To: to}) {
					break
				}
			}
		}
		if over := m.Over(); !over && !apply(rules.EndTurn{}) {
			t.Fatal("the turn cannot end")
		}
	}
}

// closest returns the tile u can reach nearest to the nearest living
// enemy, when it is nearer than where u stands.
func closest(s *rules.State, u *rules.Unit) (rules.Point, bool) {
	dist := func(p rules.Point) int {
		d := 1 << 30
		for _, e := range s.Units {
			if e.Side != u.Side && e.Alive() {
				d = min(d, max(abs(p.X-e.Pos.X), abs(p.Y-e.Pos.Y)))
			}
		}
		return d
	}
	r := s.Reach(u.ID, rules.MoveBudget(u))
	best, bd := u.Pos, dist(u.Pos)
	for _, p := range r.Tiles() {
		if d := dist(p); d < bd && r.Cost(p) > 0 {
			best, bd = p, d
		}
	}
	return best, best != u.Pos
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// ref returns the reference a replay keeps to an embedded level.
func ref(lv *levels.Level) match.LevelRef {
	r := match.LevelRef{Name: lv.Name, File: lv.File}
	for _, s := range lv.Sources {
		r.Sources = append(r.Sources, match.Source(s))
	}
	return r
}

// verify finds the level r names and re-plays r on it.
func verify(r *match.Replay) (*match.Match, error) {
	lv, err := levels.Find(r.Level.File, r.Level.Path, r.Level.Digests())
	if err != nil {
		return nil, err
	}
	return r.Play(lv.State)
}

// golden returns the golden replay's path for a level file.
func golden(file string) string {
	return filepath.Join("..", "testdata", "replays", strings.TrimSuffix(path.Base(file), ".tmx")+".replay.json")
}

// Every recorded level's golden replay re-plays to the same hash at the
// end of every turn (natively and under wasm). A shipped level without
// one (a designer's new map) is reported and skipped, not failed:
// `make goldens` records it.
func TestGoldenReplays(t *testing.T) {
	entries := levels.List(levels.Embedded())
	if len(entries) == 0 {
		t.Fatal("no shipped levels")
	}
	for _, e := range entries {
		t.Run(e.Name, func(t *testing.T) {
			if e.Err != nil {
				t.Fatal(e.Err)
			}
			file := golden(e.Path)
			if *update {
				lv, err := levels.Load(levels.Embedded(), e.Path)
				if err != nil {
					t.Fatal(err)
				}
				m := baseline(t, lv, 20261124, goldenTurns)
				if err := match.WriteFile(file, m.Record(ref(lv), [2]string{"test:baseline", "test:baseline"})); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
				t.Skipf("%s has no golden replay yet (%s): `make goldens` records it", e.Path, file)
			}
			r, err := match.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (`make goldens` records it again)", err)
			}
			m, err := verify(r)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Commands) < 20 || len(r.Turns) < 2 {
				t.Errorf("the golden replay holds %d commands over %d turns: not a battle", len(r.Commands), len(r.Turns))
			}
			var attacks int
			for _, c := range r.Commands {
				if c.Do == "attack" {
					attacks++
				}
			}
			if attacks == 0 {
				t.Error("no shot is fired in the golden replay")
			}
			if len(m.Log()) != len(r.Commands) {
				t.Errorf("re-played %d commands of %d", len(m.Log()), len(r.Commands))
			}
		})
	}
}

// A replay someone changed fails at the first turn it no longer matches,
// and says which.
func TestTamperedReplay(t *testing.T) {
	r, err := match.ReadFile(golden("maps/outpost.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(r *match.Replay)
		want   error
		says   string
	}{
		{"a turn's hash", func(r *match.Replay) { r.Turns[1] = strings.Repeat("0", 64) }, match.ErrDiverged, "Red's turn 1: the state at its end differs"},
		{"the seed", func(r *match.Replay) { r.Seed++ }, match.ErrDiverged, "before the first command"},
		{"a command dropped", func(r *match.Replay) { r.Commands = append(r.Commands[:1], r.Commands[2:]...) }, match.ErrDiverged, "turn"},
		{"the map", func(r *match.Replay) { r.Level.Sources[0].SHA256 = strings.Repeat("a", 64) }, levels.ErrChanged, "maps/outpost.tmx"},
		{"the data", func(r *match.Replay) { r.Data = strings.Repeat("b", 64) }, match.ErrMismatch, "tables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := *r
			c.Commands = append([]rules.CommandSpec(nil), r.Commands...)
			c.Turns = append([]string(nil), r.Turns...)
			c.Level.Sources = append([]match.Source(nil), r.Level.Sources...)
			tt.change(&c)
			_, err := verify(&c)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("verify: %v; want %v naming %q", err, tt.want, tt.says)
			}
		})
	}
}

// Files that are not replays this version can read are refused with a
// clear error, never a crash.
func TestReadBadReplays(t *testing.T) {
	good, err := os.ReadFile(golden("maps/outpost.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data string
		says string
	}{
		{"empty", "", "not a replay"},
		{"truncated", string(good[:len(good)/2]), "not a replay"},
		{"a future format", strings.Replace(string(good), fmt.Sprintf(`"format": %d`, match.ReplayFormat), `"format": 99`, 1), "format 99"},
		{"an unknown field", strings.Replace(string(good), `"seed"`, `"sneed": 1, "seed"`, 1), "sneed"},
		{"not JSON", "\x00\x01PNG", "not a replay"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, "r.json")
			if err := os.WriteFile(p, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := match.ReadFile(p)
			if err == nil || !errors.Is(err, match.ErrReplayFormat) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("read: %v; want a format error saying %q", err, tt.says)
			}
		})
	}
}

// TestRecordElsewhere records a battle on Crossroads to the file named by
// SIGHTLINE_REPLAY_OUT: `make test` records it under wasm and verifies it
// with the native sightline-cli, so a replay made in the browser's build
// plays the same natively.
func TestRecordElsewhere(t *testing.T) {
	out := os.Getenv("SIGHTLINE_REPLAY_OUT")
	if out == "" {
		t.Skip("SIGHTLINE_REPLAY_OUT is not set")
	}
	lv, err := levels.Load(levels.Embedded(), "maps/crossroads.tmx")
	if err != nil {
		t.Fatal(err)
	}
	m := baseline(t, lv, 77, goldenTurns)
	if err := match.WriteFile(out, m.Record(ref(lv), [2]string{"test:baseline", "test:baseline"})); err != nil {
		t.Fatal(err)
	}
}
