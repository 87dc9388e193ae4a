package ai

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// bigBattle is a 64×64 mapgen map with 8 troopers a side.
func bigBattle(tb testing.TB) *rules.State {
	tb.Helper()
	return ruletest.Troopers(tb, mapgen.ASCII(64, 64, 16, 7))
}

// hugeBattle is a 128×128 mapgen map with 16 troopers a side.
func hugeBattle(tb testing.TB) *rules.State {
	tb.Helper()
	return ruletest.Troopers(tb, mapgen.ASCII(128, 128, 32, 7))
}

// budgeted are the profiles whose think time has a budget: the default
// and the harder one, when profiles.json has it.
var budgeted = []string{"normal", "hard"}

// BenchmarkThink is the computer's first turn, for each budgeted profile
// of profiles.json, on a 64×64 map with 8 a side, a 128×128 one with 16 a
// side and every shipped level, and its first turn in contact on every
// shipped level, for each side (LEVEL-contact-SIDE, inContact): every answer from the first
// view to its EndTurn, each command applied. ms/unit is the think time
// per unit of its side on average, p95-ms/unit the 95th percentile of a
// unit's think time in a turn (the goal is at most 100 ms).
func BenchmarkThink(b *testing.B) {
	profiles, err := Profiles()
	if err != nil {
		b.Fatal(err)
	}
	battles := []level{{"64x64-8v8", bigBattle(b)}, {"128x128-16v16", hugeBattle(b)}}
	for _, lv := range shipped(b) {
		battles = append(battles, lv)
		battles = append(battles, inContact(b, lv)...)
	}
	for _, p := range profiles {
		if !slices.Contains(budgeted, p.Name) {
			continue
		}
		for _, lv := range battles {
			b.Run(p.Name+"/"+lv.path, func(b *testing.B) { benchThink(b, p, lv) })
		}
	}
}

// benchThink times profile p's first turn on lv.
func benchThink(b *testing.B, p Profile, lv level) {
	side := lv.state.Side
	units := 0
	for _, u := range lv.state.Units {
		if u.Side == side && u.Alive() {
			units++
		}
	}
	var perUnit []float64
	answers := 0
	for range b.N {
		b.StopTimer()
		m := match.New(lv.state.Clone(), 1)
		c := NewComputer(p)
		spent := map[int]time.Duration{}
		b.StartTimer()
		for m.State().Side == side {
			t0 := time.Now()
			cmd := c.Next(m.View(side))
			d := time.Since(t0)
			answers++
			b.StopTimer()
			if why := c.Why(); why != nil && reflect.DeepEqual(why.Command, cmd) {
				spent[why.Unit] += d
			}
			if _, err := m.Apply(cmd); err != nil {
				b.Fatalf("%+v: %v", cmd, err)
			}
			b.StartTimer()
		}
		for _, u := range lv.state.Units {
			if u.Side == side && u.Alive() {
				perUnit = append(perUnit, float64(spent[u.ID].Microseconds())/1000)
			}
		}
	}
	slices.Sort(perUnit)
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*units), "ms/unit")
	b.ReportMetric(perUnit[min(len(perUnit)-1, int(math.Ceil(0.95*float64(len(perUnit))))-1)], "p95-ms/unit")
	b.ReportMetric(float64(answers)/float64(b.N), "answers")
}

// inContact plays lv's battle, normal against normal (dice seed 1), to
// the start of each side's first turn in which it knows of an enemy, and
// returns those battles as LEVEL-contact-blue and LEVEL-contact-red: the
// shipped levels hide the squads at the start, so their first turn weighs
// no enemy fire. A side whose battle ends first, or runs past 40 turns,
// has none.
func inContact(tb testing.TB, lv level) []level {
	tb.Helper()
	m := match.New(lv.state.Clone(), 1)
	cs := map[rules.Side]*Computer{rules.SideBlue: NewComputer(Normal), rules.SideRed: NewComputer(Normal)}
	var out []level
	found := map[rules.Side]bool{}
	start := true // a side's turn starts
	for !m.Over() && m.State().Turn <= 40 && len(out) < 2 {
		side := m.State().Side
		v := m.View(side)
		if start && !found[side] && slices.ContainsFunc(v.Units, func(u rules.Unit) bool { return u.Side != side }) {
			found[side] = true
			out = append(out, level{lv.path + "-contact-" + strings.ToLower(side.String()), m.State().Clone()})
		}
		cmd := cs[side].Next(v)
		if _, err := m.Apply(cmd); err != nil {
			tb.Fatalf("%s: %+v: %v", lv.path, cmd, err)
		}
		_, start = cmd.(rules.EndTurn)
	}
	return out
}
