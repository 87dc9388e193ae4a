package match

import (
	"errors"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// A match whose last units of both sides are down is a draw: its verdict
// says so, it is over, it takes no command and asks no controller, and a
// replay of it ends there: one more command does not re-play.
func TestDrawEndsTheMatchAndItsReplay(t *testing.T) {
	s := ruletest.Troopers(t, wallMap)
	for _, u := range s.Units {
		u.HP = 0
	}
	m := New(s, 1)
	if v := m.Verdict(); !v.Over || !v.Draw || v.Why != rules.DrawWhy {
		t.Fatalf("verdict %+v, want a draw", v)
	}
	if over := m.Over(); !over {
		t.Error("a draw is not over")
	}
	if _, err := m.Apply(rules.EndTurn{}); !errors.Is(err, rules.ErrGameOver) {
		t.Errorf("a command after the draw: %v, want %v", err, rules.ErrGameOver)
	}
	var blue Inbox
	m.SetController(rules.SideBlue, &blue)
	blue.Push(rules.EndTurn{})
	if r, err := m.Step(); r != nil || err != nil {
		t.Errorf("Step after the draw applied %v (%v)", r, err)
	}

	r := m.Record(LevelRef{Name: "wall"}, [2]string{"human", "human"})
	p, err := r.Play(s.Clone())
	if err != nil {
		t.Fatal(err)
	}
	if v := p.Verdict(); !v.Draw {
		t.Errorf("the replay's verdict %+v, want the draw", v)
	}
	r.Commands = append(r.Commands, rules.SpecOf(rules.EndTurn{}))
	if _, err := r.Play(s.Clone()); !errors.Is(err, ErrDiverged) || !strings.Contains(err.Error(), "commands[0]") {
		t.Errorf("a command past the draw: %v, want it refused at commands[0]", err)
	}
}
