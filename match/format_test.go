package match

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// asFormat1 returns r with the digests a build before digest format 2
// wrote: the start, every turn's end and the end, of format 1.
func asFormat1(t *testing.T, r *Replay, start *rules.State) *Replay {
	t.Helper()
	m := New(start.Clone(), r.Seed)
	old := *r
	old.Format, old.Start, old.Turns = 1, m.HashOf(1), []string{}
	for _, spec := range r.Commands {
		c, err := spec.Command(m.state)
		if err != nil {
			t.Fatal(err)
		}
		apply(t, m, c)
		if isEndTurn(c) {
			old.Turns = append(old.Turns, m.HashOf(1))
		}
	}
	old.End = m.HashOf(1)
	return &old
}

// A file of format 1 is verified with the digests of format 1, turn by
// turn; each format's digests fail under the other's number; and a match
// re-played from a format-1 file records itself in this build's format,
// with the digests a battle played here would have.
func TestFormat1FilesVerify(t *testing.T) {
	start := ruletest.Troopers(t, wallMap)
	cmds := []rules.Command{rules.Attack{Unit: 1, Target: 3}, rules.EndTurn{}, rules.Attack{Unit: 3, Target: 1}, rules.EndTurn{},
		rules.Move{Unit: 1, To: rules.Point{X: 1, Y: 3}}, rules.EndTurn{}}
	m, err := Rebuild(start.Clone(), 42, cmds)
	if err != nil {
		t.Fatal(err)
	}
	now := m.Record(LevelRef{Name: "wall"}, [2]string{"human", "human"})
	old := asFormat1(t, now, start)
	if now.Format != ReplayFormat || ReplayFormat == 1 || old.Start == now.Start || old.End == now.End || len(old.Turns) != 3 {
		t.Fatalf("format %d: the digests of format 1 and %d do not differ (start %s / %s)", now.Format, ReplayFormat, old.Start, now.Start)
	}
	for _, r := range []*Replay{now, old} {
		p, err := r.Play(start.Clone())
		if err != nil {
			t.Fatalf("format %d: %v", r.Format, err)
		}
		again := p.Record(now.Level, now.Sides)
		if again.Format != ReplayFormat || again.Start != now.Start || again.End != now.End || !slices.Equal(again.Turns, now.Turns) {
			t.Errorf("re-played from format %d, recorded as format %d with other digests", r.Format, again.Format)
		}
	}
	edits := []struct {
		name   string
		change func(r *Replay)
		says   string
	}{
		{"a turn's digest", func(r *Replay) { r.Turns[1] = strings.Repeat("0", 64) }, "commands[3]: Red's turn 1: the state at its end differs"},
		{"the start", func(r *Replay) { r.Start = strings.Repeat("0", 64) }, "before the first command"},
		{"the end", func(r *Replay) { r.End = strings.Repeat("0", 64) }, "the state after the last command differs"},
		{"format 2's digests", func(r *Replay) { r.Start, r.Turns, r.End = now.Start, now.Turns, now.End }, "before the first command"},
	}
	for _, e := range edits {
		r := *old
		r.Turns = slices.Clone(old.Turns)
		e.change(&r)
		if _, err := r.Play(start.Clone()); !errors.Is(err, ErrDiverged) || !strings.Contains(err.Error(), e.says) {
			t.Errorf("format 1, %s changed: %v; want it to diverge saying %q", e.name, err, e.says)
		}
	}
	r := *now
	r.Start, r.Turns, r.End = old.Start, old.Turns, old.End
	if _, err := r.Play(start.Clone()); !errors.Is(err, ErrDiverged) {
		t.Errorf("format %d with format 1's digests: %v; want it to diverge", ReplayFormat, err)
	}
}
