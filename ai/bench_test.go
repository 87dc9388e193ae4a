package ai

import (
	"testing"

	"sightline/internal/mapgen"
	"sightline/match"
	"sightline/rules"
)

// bigBattle is a 64×64 mapgen map with 8 troopers a side.
func bigBattle(tb testing.TB) *rules.State {
	tb.Helper()
	s, err := rules.ParseASCII(mapgen.ASCII(64, 64, 16, 7))
	if err != nil {
		tb.Fatal(err)
	}
	for _, u := range s.Units {
		if err := s.Rules().Equip(u, "trooper"); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// BenchmarkThink is the computer's first turn: every answer from the
// first view to its EndTurn, each command applied. ms/unit is the think
// time per unit of its side (the goal is at most 100 ms at p95; the arena
// prints the p95).
func BenchmarkThink(b *testing.B) {
	battles := []level{{"64x64-8v8", bigBattle(b)}}
	battles = append(battles, shipped(b)...)
	for _, lv := range battles {
		b.Run(lv.path, func(b *testing.B) {
			side := lv.state.Side
			units := 0
			for _, u := range lv.state.Units {
				if u.Side == side {
					units++
				}
			}
			answers := 0
			for range b.N {
				b.StopTimer()
				m := match.New(lv.state.Clone(), 1)
				c := NewComputer(Normal)
				b.StartTimer()
				for m.State().Side == side {
					cmd := c.Next(m.View(side))
					answers++
					b.StopTimer()
					if _, err := m.Apply(cmd); err != nil {
						b.Fatalf("%+v: %v", cmd, err)
					}
					b.StartTimer()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*units), "ms/unit")
			b.ReportMetric(float64(answers)/float64(b.N), "answers")
		})
	}
}
