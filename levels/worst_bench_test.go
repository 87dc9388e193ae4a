package levels

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"sightline/internal/cputime"
	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// wanderGame plays a battle that never ends in a fight, up to limit
// commands or match.MaxTurns turns: each side's units, in turn, walk to a
// random tile one action point away or change stance (one command in
// five) until their action points run out, then the side ends its turn:
// the most commands a turn holds. Nobody shoots, so
// nobody falls and the file grows to the reader's limits; every command
// moves a body, which is what a re-play pays most for (the mover's field
// of view and sight lines, both sides' fog and glimpses, the route).
func wanderGame(tb testing.TB, s *rules.State, seed uint64, limit int) *match.Match {
	return playTurns(tb, s, seed, 0x3a11, limit, func(p *player, u *rules.Unit) bool {
		if p.rng.IntN(5) == 0 {
			p.try(rules.ChangeStance{Unit: u.ID, To: rules.Stance(p.rng.IntN(3))})
			return true
		}
		return p.walk(u)
	})
}

// player is the match playTurns plays and its generator.
type player struct {
	tb  testing.TB
	m   *match.Match
	rng *rand.Rand
}

// try applies c when the rules allow it, and reports whether they did.
func (p *player) try(c rules.Command) bool {
	if rules.Check(p.m.State(), c) != nil {
		return false
	}
	if _, err := p.m.Apply(c); err != nil {
		p.tb.Fatal(err)
	}
	return true
}

// walk moves u to a random tile one action point away, and reports
// whether it did.
func (p *player) walk(u *rules.Unit) bool {
	tiles := p.m.State().Reach(u.ID, rules.MoveBudget(u)/u.AP).Tiles()
	return len(tiles) > 0 && p.try(rules.Move{Unit: u.ID, To: tiles[p.rng.IntN(len(tiles))]})
}

// playTurns plays a battle from s up to limit commands or match.MaxTurns
// turns: each side's living units, in turn, act (at most eight commands
// each) until act reports false or their action points run out, then the
// side ends its turn. stream seeds the generator act draws from.
func playTurns(tb testing.TB, s *rules.State, seed, stream uint64, limit int, act func(p *player, u *rules.Unit) bool) *match.Match {
	tb.Helper()
	p := &player{tb: tb, m: match.New(s.Clone(), seed), rng: rand.New(rand.NewPCG(seed, stream))}
	m := p.m
	for len(m.Log()) < limit-1 && len(m.TurnHashes()) < match.MaxTurns-1 && !m.Over() {
		st := m.State()
		var ids []int
		for _, u := range st.Units {
			if u.Side == st.Side && u.Alive() {
				ids = append(ids, u.ID)
			}
		}
		for _, id := range ids {
			for range 8 {
				u := m.State().Unit(id)
				if len(m.Log()) >= limit-1 || u == nil || !u.Alive() || u.AP == 0 || !act(p, u) {
					break
				}
			}
		}
		p.try(rules.EndTurn{})
	}
	return m
}

// replayCPU reads data, loads its level with start and re-plays it to
// the end b.N times, handing each command's result to each (when not
// nil): the processor time a file took and its number of commands.
func replayCPU(b *testing.B, data []byte, start func(match.LevelRef) (*rules.State, error), each func(*match.Result)) (cpu time.Duration, n int) {
	for range b.N {
		t0 := cputime.Process()
		r, err := match.ReadReplay(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		st, err := start(r.Level)
		if err != nil {
			b.Fatal(err)
		}
		p, err := r.Playback(st, each)
		if err != nil {
			b.Fatal(err)
		}
		for !p.Done() {
			if err := p.Step(); err != nil {
				b.Fatal(err)
			}
		}
		if err := p.Finish(); err != nil {
			b.Fatal(err)
		}
		cpu += cputime.Process() - t0
		n = len(r.Commands)
	}
	return cpu / time.Duration(b.N), n
}

// BenchmarkVerifyWorstFile reads and re-plays the heaviest file the
// reader takes on each map (wanderGame: match.CommandLimit commands, every
// one a body moving, or fewer where the level's deadline ends the battle
// first): on the heaviest shipped level (valley: raised floors
// everywhere) and on generated maps, the largest one a level may be
// (256×256, levels.MaxTiles) with levels.MaxUnits troopers: the bytes
// parsed, the level loaded (a generated map: cloned), every command
// checked and applied, both sides' knowledge updated, every turn's digest
// compared. cpu-s/file is the process's processor time for the whole file
// (collector included), wall-s/file its wall time (the goal: under 2 s);
// baseline-ms, measured in the same run, is a fixed piece of work (SHA-256
// of 64 MiB) that shows how busy the machine was.
func BenchmarkVerifyWorstFile(b *testing.B) {
	valley, err := Load(Embedded(), "maps/valley.tmx")
	if err != nil {
		b.Fatal(err)
	}
	ref := match.LevelRef{Name: valley.Name, File: valley.File, Sources: []match.Source{}}
	for _, s := range valley.Sources {
		ref.Sources = append(ref.Sources, match.Source(s))
	}
	generated := match.LevelRef{Name: "generated", File: "maps/generated.tmx", Sources: []match.Source{{Path: "maps/generated.tmx", SHA256: strings.Repeat("0", 64)}}}
	clone := func(s *rules.State) func(match.LevelRef) (*rules.State, error) {
		return func(match.LevelRef) (*rules.State, error) { return s.Clone(), nil }
	}
	crowd := ruletest.Troopers(b, mapgen.ASCII(32, 32, MaxUnits, 7))
	big := ruletest.Troopers(b, mapgen.ASCII(128, 128, 32, 7))
	huge := ruletest.Troopers(b, mapgen.ASCII(256, 256, MaxUnits, 7))
	cases := []struct {
		name  string
		ref   match.LevelRef
		state *rules.State
		// start loads the file's level, as the game's reader does
		start func(match.LevelRef) (*rules.State, error)
	}{
		{"valley", ref, valley.State, func(l match.LevelRef) (*rules.State, error) {
			lv, err := Find(l.File, l.Path, l.Digests())
			if err != nil {
				return nil, err
			}
			return lv.State, nil
		}},
		{"32x32-32v32", generated, crowd, clone(crowd)},
		{"128x128-16v16", generated, big, clone(big)},
		{"256x256-32v32", generated, huge, clone(huge)},
	}
	b.Logf("load average %s", loadAverage())
	b.Run("baseline", func(b *testing.B) {
		buf := make([]byte, 64<<20)
		for range b.N {
			sha256.Sum256(buf)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "baseline-ms")
	})
	for _, c := range cases {
		var data bytes.Buffer // written at the sub-benchmark's first run
		b.Run(c.name, func(b *testing.B) {
			if data.Len() == 0 {
				m := wanderGame(b, c.state, 11, match.CommandLimit(c.state))
				if err := m.Record(c.ref, [2]string{"wander", "wander"}).Write(&data); err != nil {
					b.Fatal(err)
				}
				b.Logf("%s: %d commands, %d turns, %d bytes", c.name, len(m.Log()), len(m.TurnHashes()), data.Len())
				b.ResetTimer()
			}
			cpu, n := replayCPU(b, data.Bytes(), c.start, nil)
			b.ReportMetric(float64(n), "commands")
			b.ReportMetric(float64(data.Len())/1e6, "MB")
			b.ReportMetric(cpu.Seconds(), "cpu-s/file")
			b.ReportMetric(cpu.Seconds()*1e3/float64(n), "cpu-ms/command")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s/file")
		})
	}
}

// loadAverage returns the system's load averages, or "unknown".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil || len(b) < 14 {
		return "unknown"
	}
	return string(b[:14])
}
