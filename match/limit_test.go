package match

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// openField returns an ASCII map of w×h open tiles with blue units of Blue and
// red of Red along its first rows.
func openField(w, h, blue, red int) string {
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = bytes.Repeat([]byte{'.'}, w)
	}
	for i := range blue {
		rows[(i/w)%h][i%w] = 'B'
	}
	for i := range red {
		rows[h-1-(i/w)%h][w-1-i%w] = 'R'
	}
	return "\n" + string(bytes.Join(rows, []byte{'\n'}))
}

// survive returns s with Red to survive turns turns (0: no objective,
// no deadline).
func survive(s *rules.State, turns int) *rules.State {
	if turns > 0 {
		s.Objectives = []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalSurvive, Turns: turns}}
	}
	return s
}

// The commands a level may hold: MaxCommands without a deadline; with
// one, the most its rules allow or what MaxWork allows on its board,
// whichever is more, never above MaxCommands.
func TestCommandLimit(t *testing.T) {
	for _, tc := range []struct {
		name                string
		w, h, blue, red     int
		turns               int
		wantWork, wantLimit int
	}{
		// The units of openField: MaxAP 3, nothing carried. A round: per
		// side 1 + 3 AP + 2 free a unit + (1 + its units) an enemy.
		{"no deadline, 10×10, 2 units", 10, 10, 1, 1, 0, 2000 + 100 + 8, MaxCommands},
		{"no deadline, 256×256, 64 units", 256, 256, 32, 32, 0, 2000 + 65536 + 8192, MaxCommands},
		{"10×10, 2 units, 12 turns", 10, 10, 1, 1, 12, 2000 + 100 + 8, 3795},                    // rules: 12×2×8 = 192
		{"24×24, 7 units, 10 turns", 24, 24, 4, 3, 10, 2000 + 576 + 98, 2991},                   // rules: 10×(34+37) = 710
		{"64×64, 19 units, 24 turns", 64, 64, 10, 9, 24, 2000 + 4096 + 722, MaxCommands},        // rules: 24×(150+146) = 7104
		{"128×128, 32 units, 1 turn", 128, 128, 16, 16, 1, 2000 + 16384 + 2048, 2 * 353},        // work: 391
		{"128×128, 32 units, 10 turns", 128, 128, 16, 16, 10, 2000 + 16384 + 2048, MaxCommands}, // rules: 10×706
		{"256×256, 2 units, 5 turns", 256, 256, 1, 1, 5, 2000 + 65536 + 8, 118},                 // rules: 5×16 = 80
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(openField(tc.w, tc.h, tc.blue, tc.red))
			if err != nil {
				t.Fatal(err)
			}
			survive(s, tc.turns)
			if have := CommandWork(tc.w*tc.h, len(s.Units)); have != tc.wantWork {
				t.Errorf("CommandWork: have %d, want %d", have, tc.wantWork)
			}
			have := CommandLimit(s)
			if have != tc.wantLimit {
				t.Errorf("CommandLimit: have %d, want %d", have, tc.wantLimit)
			}
			if bound, ok := s.CommandBound(); ok && have < min(bound, MaxCommands) {
				t.Errorf("CommandLimit %d is below the %d commands the rules allow", have, bound)
			}
		})
	}
}

// A whole battle to its deadline re-plays; a replay of more commands than
// its level holds is refused before any is re-played, naming the count,
// the limit and the level's size.
func TestPlaybackRefusesMoreCommandsThanTheLevelHolds(t *testing.T) {
	start := survive(ruletest.Troopers(t, openField(128, 128, 1, 1)), 5)
	limit := CommandLimit(start)
	if limit >= MaxCommands {
		t.Fatalf("limit %d: the board should hold fewer than MaxCommands", limit)
	}
	m := New(start.Clone(), 3)
	for {
		if over := m.Over(); over {
			break
		}
		if _, err := m.Apply(rules.EndTurn{}); err != nil {
			t.Fatal(err)
		}
	}
	r := m.Record(LevelRef{Name: "field", File: "maps/field.tmx"}, [2]string{"human", "human"})
	if _, err := r.Play(start.Clone()); err != nil {
		t.Fatalf("the whole battle, %d commands: %v", len(r.Commands), err)
	}
	for len(r.Commands) <= limit {
		r.Commands = append(r.Commands, r.Commands[0])
	}
	p, err := r.Playback(start.Clone(), nil)
	if !errors.Is(err, ErrTooLong) {
		t.Fatalf("%d commands: have %v, want ErrTooLong", limit+1, err)
	}
	want := fmt.Sprintf("too long: commands: %d, at most %d on this level (128×128 tiles, 2 units)", limit+1, limit)
	if !strings.Contains(err.Error(), want) {
		t.Errorf("have %q, want it to say %q", err, want)
	}
	if done, _ := p.Progress(); done != 0 || !p.Done() {
		t.Errorf("re-played %d commands (done %v), want none", done, p.Done())
	}
}
