package levels

import (
	"testing"

	"sightline/match"
	"sightline/rules"
)

// Format1Of re-plays r from start and returns it with the digests of
// replay format 1 (match.HashOf(1)), as a build before digest format 2
// wrote it: for the format-1 tests (asFormat1) and benchmark.
func Format1Of(tb testing.TB, start *rules.State, r *match.Replay) *match.Replay {
	tb.Helper()
	m := match.New(start.Clone(), r.Seed)
	old := *r
	old.Format, old.Start, old.Turns = 1, m.HashOf(1), []string{}
	for i, spec := range r.Commands {
		c, err := spec.Command(m.State())
		if err == nil {
			_, err = m.Apply(c)
		}
		if err != nil {
			tb.Fatalf("commands[%d]: %v", i, err)
		}
		if spec.Do == "end_turn" {
			old.Turns = append(old.Turns, m.HashOf(1))
		}
	}
	old.End = m.HashOf(1)
	return &old
}
