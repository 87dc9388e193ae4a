package levels

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sightline/internal/cputime"
	"sightline/match"
)

// BenchmarkVerifyReplays re-plays, as `sightline-cli replay verify` and a
// save's loading do, every recorded replay of the shipped levels (the
// golden baseline battles and the random ones): every command checked and
// applied, both sides' knowledge updated, every turn's digest compared.
// start-ms is the processor time of the start (both sides' first fields
// of view) and cpu-us/command that of one re-played command (the
// process's, collector included: an idle machine's wall time, whatever
// else this one runs); worst-file-s is the start and match.CommandLimit
// such commands, the time the longest file the reader takes would need
// on that level (its turns, at most match.MaxTurns, are among them).
func BenchmarkVerifyReplays(b *testing.B) {
	var files []string
	for _, dir := range []string{"replays", "random"} {
		fs, err := filepath.Glob(filepath.Join("..", "testdata", dir, "*.replay.json"))
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) == 0 {
		b.Fatal("no recorded replays in ../testdata")
	}
	for _, file := range files {
		r, err := match.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		lv, err := Find(r.Level.File, r.Level.Path, r.Level.Digests())
		if err != nil {
			b.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(file)) + "/" + strings.TrimSuffix(filepath.Base(file), ".replay.json")
		b.Run(name, func(b *testing.B) {
			var begin, steps time.Duration
			for range b.N {
				start := lv.State.Clone() // a re-play owns its start
				t0 := cputime.Process()
				p, err := r.Playback(start, nil)
				if err != nil {
					b.Fatal(err)
				}
				t1 := cputime.Process()
				for !p.Done() {
					if err := p.Step(); err != nil {
						b.Fatal(err)
					}
				}
				if err := p.Finish(); err != nil {
					b.Fatal(err)
				}
				begin, steps = begin+t1-t0, steps+cputime.Process()-t1
			}
			startNs := float64(begin.Nanoseconds()) / float64(b.N)
			perCommand := float64(steps.Nanoseconds()) / float64(b.N*len(r.Commands))
			b.ReportMetric(startNs/1e6, "start-ms")
			b.ReportMetric(perCommand/1e3, "cpu-us/command")
			b.ReportMetric((startNs+perCommand*float64(match.CommandLimit(lv.State)))/1e9, "worst-file-s")
		})
	}
}
