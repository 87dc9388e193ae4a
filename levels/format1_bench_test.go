package levels

import (
	"bytes"
	"strings"
	"testing"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// BenchmarkVerifyFormat1File reads and re-plays the heaviest file of
// replay format 1 the reader takes (builds before 2026-11-30 wrote them):
// on the largest board (256×256, levels.MaxUnits troopers), as many turns
// as match.MaxFormat1Bytes lets its digests hash, and the board's command
// limit spread over them, every command a body moving (wanderGame's walk).
// Its digests are format 1's, the whole state's JSON hashed each turn;
// wall-s/file is the goal's (under 2 s).
func BenchmarkVerifyFormat1File(b *testing.B) {
	huge := ruletest.Troopers(b, mapgen.ASCII(256, 256, MaxUnits, 7))
	turns := int(match.MaxFormat1Bytes/huge.HashFormat1Size()) - 4 // the start and end hashed too, and a turn to spare
	limit := match.CommandLimit(huge)
	perTurn := (limit + turns - 1) / turns // a side's commands a turn, its end included: the limit at about turns
	var at [2]int                          // the side and turn moved counts for
	moved := 0
	m := playTurns(b, huge, 11, 0xf1, limit, func(p *player, u *rules.Unit) bool {
		st := p.m.State()
		if now := [2]int{int(st.Side), st.Turn}; now != at {
			at, moved = now, 0
		}
		if moved >= perTurn-1 || !p.walk(u) {
			return false
		}
		moved++
		return true
	})
	ref := match.LevelRef{Name: "generated", File: "maps/generated.tmx", Sources: []match.Source{{Path: "maps/generated.tmx", SHA256: strings.Repeat("0", 64)}}}
	r := m.Record(ref, [2]string{"wander", "wander"})
	r = Format1Of(b, huge, r)
	var data bytes.Buffer
	if err := r.Write(&data); err != nil {
		b.Fatal(err)
	}
	b.Logf("format 1: %d commands, %d turns, %d bytes, load average %s", len(r.Commands), len(r.Turns), data.Len(), loadAverage())
	b.ResetTimer()
	cpu, n := replayCPU(b, data.Bytes(), func(match.LevelRef) (*rules.State, error) { return huge.Clone(), nil }, nil)
	b.ReportMetric(float64(n), "commands")
	b.ReportMetric(float64(len(r.Turns)), "turns")
	b.ReportMetric(cpu.Seconds(), "cpu-s/file")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s/file")
}
