package levels

import (
	"bytes"
	"errors"
	"testing"

	"sightline/match"
	"sightline/rules"
)

// levelRef returns the reference a save of lv names.
func levelRef(lv *Level) match.LevelRef {
	ref := match.LevelRef{Name: lv.Name, File: lv.File, Sources: []match.Source{}}
	for _, s := range lv.Sources {
		ref.Sources = append(ref.Sources, match.Source(s))
	}
	return ref
}

// No battle the game can play on a shipped level is a save too long to
// load: on every level (found, not listed) the limit is at least the
// commands its rules allow a battle (MaxCommands where they set no
// deadline, or allow more), and a save of that many commands is read and
// accepted; one more is refused before any is re-played.
func TestCommandLimitHoldsEveryBattle(t *testing.T) {
	entries := List(Embedded())
	if len(entries) == 0 {
		t.Fatal("no shipped level found")
	}
	for _, e := range entries {
		t.Run(e.Path, func(t *testing.T) {
			lv, err := Load(Embedded(), e.Path)
			if err != nil {
				t.Fatal(err)
			}
			limit := match.CommandLimit(lv.State)
			bound, ok := lv.State.CommandBound()
			switch {
			case !ok && limit != match.MaxCommands:
				t.Errorf("no deadline: limit %d, want MaxCommands (%d)", limit, match.MaxCommands)
			case ok && limit < min(bound, match.MaxCommands):
				t.Errorf("limit %d: below the %d commands its rules allow", limit, bound)
			case limit > match.MaxCommands:
				t.Errorf("limit %d: above MaxCommands (%d)", limit, match.MaxCommands)
			}
			t.Logf("limit %d; rules: %d commands (bounded %v)", limit, bound, ok)

			m := match.New(lv.State.Clone(), 5)
			if _, err := m.Apply(rules.EndTurn{}); err != nil {
				t.Fatal(err)
			}
			r := m.Record(levelRef(lv), [2]string{"human", "human"})
			crouch := rules.SpecOf(rules.ChangeStance{Unit: lv.State.Units[0].ID, To: rules.Prone})
			for len(r.Commands) < limit { // the re-play is not reached: its turns need not match
				r.Commands = append(r.Commands, crouch)
			}
			var buf bytes.Buffer
			if err := r.Write(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := match.ReadReplay(&buf)
			if err != nil {
				t.Fatalf("a save of %d commands: %v", limit, err)
			}
			if _, err := back.Playback(lv.State.Clone(), nil); err != nil {
				t.Errorf("a save of %d commands: %v", limit, err)
			}
			back.Commands = append(back.Commands, crouch)
			if _, err := back.Playback(lv.State.Clone(), nil); !errors.Is(err, match.ErrTooLong) {
				t.Errorf("%d commands: have %v, want ErrTooLong", limit+1, err)
			}
		})
	}
}

// A battle of single steps to its deadline on every shipped level that
// sets one (the longest battle found: every unit spends every action
// point a step at a time) holds no more commands than its rules allow,
// and its save loads and re-plays to the end.
func TestLongestBattleLoads(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and re-plays a whole battle on each level")
	}
	for _, e := range List(Embedded()) {
		lv, err := Load(Embedded(), e.Path)
		if err != nil {
			t.Fatal(err)
		}
		bound, ok := lv.State.CommandBound()
		if !ok {
			continue
		}
		t.Run(e.Path, func(t *testing.T) {
			m := wanderGame(t, lv.State, 11, match.MaxCommands)
			if over := m.Over(); !over {
				t.Fatalf("%d commands, %d turns: the deadline did not end the battle", len(m.Log()), len(m.TurnHashes()))
			}
			n := len(m.Log())
			if n > bound {
				t.Errorf("%d commands: more than the %d its rules allow", n, bound)
			}
			var buf bytes.Buffer
			if err := m.Record(levelRef(lv), [2]string{"wander", "wander"}).Write(&buf); err != nil {
				t.Fatal(err)
			}
			r, err := match.ReadReplay(&buf)
			if err != nil {
				t.Fatalf("%d commands: %v", n, err)
			}
			if _, err := r.Play(lv.State.Clone()); err != nil {
				t.Errorf("%d commands (limit %d): %v", n, match.CommandLimit(lv.State), err)
			}
			t.Logf("%d commands, %d turns; limit %d, rules %d", n, len(m.TurnHashes()), match.CommandLimit(lv.State), bound)
		})
	}
}
