package ai

import (
	"testing"
	"time"

	"sightline/internal/cputime"
	"sightline/match"
	"sightline/rules"
)

// longGame plays Random against Random on s from seed until one side
// wins or limit commands are logged, and returns the match.
func longGame(tb testing.TB, s *rules.State, seed uint64, limit int) *match.Match {
	tb.Helper()
	m := match.New(s.Clone(), seed)
	m.SetController(rules.SideBlue, NewRandom(seed))
	m.SetController(rules.SideRed, NewRandom(seed+1))
	for len(m.Log()) < limit {
		if over := m.Over(); over {
			break
		}
		res, err := m.Step()
		if err != nil {
			tb.Fatal(err)
		}
		if res == nil {
			tb.Fatal("a baseline had no command")
		}
	}
	return m
}

// BenchmarkVerifyLongReplay re-plays, as a replay's verification does, a
// long game of the random baseline on a 64×64 map with 8 troopers a side (every
// command checked and applied, both sides' knowledge updated, every
// turn's hash compared). cpu-us/command is the processor time of one
// re-played command (the process's, collector included: an idle
// machine's wall time, whatever else this one runs); worst-file-s, that
// times the map's match.CommandLimit, the worst file's verification on such
// a map (levels' BenchmarkVerifyReplays gives it on each shipped level).
func BenchmarkVerifyLongReplay(b *testing.B) {
	big := level{"64x64-8v8", bigBattle(b)}
	m := longGame(b, big.state, 7, 600)
	r := m.Record(match.LevelRef{Name: big.path, File: big.path}, [2]string{"random", "random"})
	if len(r.Commands) < 300 {
		b.Fatalf("%s: only %d commands, %d turns (%+v)", big.path, len(r.Commands), len(r.Turns), m.Verdict())
	}
	b.Logf("%s: %d commands, %d turns", big.path, len(r.Commands), len(r.Turns))
	var cpu time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		start := big.state.Clone() // a re-play owns its start
		b.StartTimer()
		t0 := cputime.Process()
		if _, err := r.Play(start); err != nil {
			b.Fatal(err)
		}
		cpu += cputime.Process() - t0
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(r.Commands)), "ns/command")
	perCommand := float64(cpu.Nanoseconds()) / float64(b.N*len(r.Commands))
	b.ReportMetric(perCommand/1e3, "cpu-us/command")
	b.ReportMetric(perCommand*float64(match.CommandLimit(big.state))/1e9, "worst-file-s")
}
