package levels

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// razeGame plays a battle in which every unit shoots at cover whenever the
// rules let it, up to limit commands or match.MaxTurns turns: each unit,
// in turn, shoots at the destructible obstacle within ten tiles nearest to
// falling (the most wounds, then the nearest; the first of four the rules
// allow), else walks one action point, until its action points run out.
// Nobody shoots at a unit, so the battle lasts, and every shot may raze
// cover: the board changing under a re-play's lazy fog, its dearest case.
func razeGame(tb testing.TB, s *rules.State, seed uint64, limit int) *match.Match {
	return playTurns(tb, s, seed, 0x7a2e, limit, razer())
}

// razer returns razeGame's unit: it shoots at the destructible obstacle
// within ten tiles nearest to falling (the first of four the rules allow),
// else walks one action point.
func razer() func(p *player, u *rules.Unit) bool {
	type target struct{ id, wounds, d2 int }
	var near []target
	return func(p *player, u *rules.Unit) bool {
		st := p.m.State()
		ts := float64(st.Board.TileSize)
		near = near[:0]
		for _, o := range st.Board.Obstacles {
			if !o.Destructible {
				continue
			}
			lo, hi := o.Shape.Bounds()
			dx, dy := int((lo.X+hi.X)/2/ts)-u.Pos.X, int((lo.Y+hi.Y)/2/ts)-u.Pos.Y
			if d2 := dx*dx + dy*dy; d2 <= 100 {
				near = append(near, target{o.ID, o.Wounds, d2})
			}
		}
		slices.SortFunc(near, func(a, b target) int {
			return cmp.Or(b.wounds-a.wounds, a.d2-b.d2, a.id-b.id)
		})
		for _, t := range near[:min(4, len(near))] {
			if p.try(rules.Attack{Unit: u.ID, Obstacle: t.id}) {
				return true
			}
		}
		return p.walk(u)
	}
}

// turnsGame plays a battle of the most turns a file may hold: on each
// side's turn, act plays for one living unit after another (the next ones
// each turn) until perTurn commands were played or tried, then the side
// ends its turn, up to limit commands or match.MaxTurns turns. Every turn
// costs a re-play the turn's digest (SHA-256 of the whole board's JSON)
// and the start of a turn.
func turnsGame(tb testing.TB, s *rules.State, seed uint64, limit, perTurn int, act func(p *player, u *rules.Unit) bool) *match.Match {
	tb.Helper()
	p := &player{tb: tb, m: match.New(s.Clone(), seed), rng: rand.New(rand.NewPCG(seed, 0x7e45))}
	m := p.m
	next := 0
	for len(m.Log()) < limit-1 && len(m.TurnHashes()) < match.MaxTurns-1 && !m.Over() {
		st := m.State()
		for tries := 0; tries < perTurn && len(m.Log()) < limit-1; tries++ {
			var mine []*rules.Unit
			for _, u := range st.Units {
				if u.Side == st.Side && u.Alive() && u.AP > 0 {
					mine = append(mine, u)
				}
			}
			if len(mine) == 0 {
				break
			}
			next++
			act(p, mine[next%len(mine)])
		}
		p.try(rules.EndTurn{})
	}
	return m
}

// BenchmarkVerifyTurnsFile re-plays, on the largest generated map (256×256,
// levels.MaxUnits troopers), the files of the most turns the reader takes
// (match.MaxTurns): turnsGame with four commands a turn, walks
// ("walking"), or razeGame's shots at cover when the rules allow them
// ("razing"): a digest a turn where the other files pay one every hundred
// commands. As BenchmarkVerifyRazingFile, with SIGHTLINE_RAZE_DIR set the
// files are written there once and read back after.
func BenchmarkVerifyTurnsFile(b *testing.B) {
	huge := ruletest.Troopers(b, mapgen.ASCII(256, 256, MaxUnits, 7))
	cases := []struct {
		name string
		act  func(p *player, u *rules.Unit) bool
	}{
		{"walking", func(p *player, u *rules.Unit) bool { return p.walk(u) }},
		{"razing", razer()},
	}
	dir := os.Getenv("SIGHTLINE_RAZE_DIR")
	b.Logf("load average %s", loadAverage())
	for _, c := range cases {
		var data []byte
		b.Run("256x256-32v32-"+c.name, func(b *testing.B) {
			data = fileOnce(b, data, dir, "turns", c.name, func() *match.Match {
				return turnsGame(b, huge, 11, match.CommandLimit(huge), 4, c.act)
			})
			reportRazing(b, data, huge)
		})
	}
}

// fileOnce returns data, or when data is nil the file kind-name.json in
// dir (SIGHTLINE_RAZE_DIR) if there is one, or else the bytes of the
// battle play plays, recorded on the generated level with both sides named
// kind (and written to dir when set; the timer restarts after).
func fileOnce(b *testing.B, data []byte, dir, kind, name string, play func() *match.Match) []byte {
	generated := match.LevelRef{Name: "generated", File: "maps/generated.tmx", Sources: []match.Source{{Path: "maps/generated.tmx", SHA256: "0000000000000000000000000000000000000000000000000000000000000000"}}}
	path := dir + "/" + kind + "-" + name + ".json"
	if data == nil && dir != "" {
		data, _ = os.ReadFile(path) // none yet: written below
	}
	if data != nil {
		return data
	}
	var buf bytes.Buffer
	m := play()
	if err := m.Record(generated, [2]string{kind, kind}).Write(&buf); err != nil {
		b.Fatal(err)
	}
	b.Logf("%s: %d commands, %d turns, %d bytes", name, len(m.Log()), len(m.TurnHashes()), buf.Len())
	if dir != "" {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	return buf.Bytes()
}

// reportRazing re-plays data on a copy of s (replayCPU) and reports its
// commands, the obstacles it razes and its processor time.
func reportRazing(b *testing.B, data []byte, s *rules.State) {
	razed := 0
	cpu, n := replayCPU(b, data, func(match.LevelRef) (*rules.State, error) { return s.Clone(), nil }, func(res *match.Result) {
		for _, e := range res.Events {
			if _, ok := e.Event.(rules.ObstacleRemoved); ok {
				razed++
			}
		}
	})
	b.ReportMetric(float64(n), "commands")
	b.ReportMetric(float64(razed/b.N), "razed")
	b.ReportMetric(cpu.Seconds(), "cpu-s/file")
	b.ReportMetric(cpu.Seconds()*1e3/float64(max(n, 1)), "cpu-ms/command")
}

// BenchmarkVerifyRazingFile re-plays the file that razes the most cover
// it can within the reader's limits (razeGame) on the largest generated
// maps, 128×128 (16 a side) and 256×256 (levels.MaxUnits): as
// BenchmarkVerifyWorstFile, the bytes parsed, every command checked and
// applied, both sides' knowledge updated, every turn's digest compared;
// razed is how many obstacles the file destroys. With SIGHTLINE_RAZE_DIR
// set, each file is written there once and read back from it after (two
// builds then re-play the same bytes).
func BenchmarkVerifyRazingFile(b *testing.B) {
	cases := []struct {
		name  string
		state *rules.State
	}{
		{"128x128-16v16", ruletest.Troopers(b, mapgen.ASCII(128, 128, 32, 7))},
		{"256x256-32v32", ruletest.Troopers(b, mapgen.ASCII(256, 256, MaxUnits, 7))},
	}
	dir := os.Getenv("SIGHTLINE_RAZE_DIR")
	b.Logf("load average %s", loadAverage())
	for _, c := range cases {
		var data []byte
		b.Run(c.name, func(b *testing.B) {
			data = fileOnce(b, data, dir, "raze", c.name, func() *match.Match {
				return razeGame(b, c.state, 11, match.CommandLimit(c.state))
			})
			reportRazing(b, data, c.state)
		})
	}
}
