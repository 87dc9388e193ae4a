package ai

import (
	"math"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// TestClockPressure: the clock presses once the turns left, less the
// walk to the zone and the turns still to hold it, fall below the
// profile's Clock; a deadline of the side's own survive does not.
func TestClockPressure(t *testing.T) {
	z := rules.Rect{Min: rules.Point{X: 30, Y: 0}, Max: rules.Point{X: 34, Y: 4}}
	surviveRed := rules.Objective{Side: rules.SideRed, Goal: rules.GoalSurvive, Turns: 12}
	holdBlue := rules.Objective{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: z, Turns: 2}
	tests := []struct {
		name     string
		clock    float64
		turn     int
		at       rules.Point
		objs     []rules.Objective
		progress []int
		want     float64
	}{
		{"no clock in the profile", 0, 11, rules.Point{}, []rules.Objective{holdBlue, surviveRed}, []int{0, 0}, 0},
		{"no deadline", 5, 11, rules.Point{}, []rules.Objective{holdBlue}, []int{0}, 0},
		{"time to spare", 5, 1, rules.Point{}, []rules.Objective{holdBlue, surviveRed}, []int{0, 0}, 0},
		{"slack of 3 turns", 5, 6, rules.Point{}, []rules.Objective{holdBlue, surviveRed}, []int{0, 0}, 0.4},
		{"no slack left", 5, 9, rules.Point{}, []rules.Objective{holdBlue, surviveRed}, []int{0, 0}, 1},
		{"past saving", 5, 12, rules.Point{}, []rules.Objective{holdBlue, surviveRed}, []int{0, 0}, 1},
		{"a turn held already", 5, 8, rules.Point{X: 31, Y: 1}, []rules.Objective{holdBlue, surviveRed}, []int{1, 0}, 0.2},
		{"its own extract deadline", 5, 8, rules.Point{X: 31, Y: 1}, []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalExtract, Zone: z, Turns: 10}}, []int{0}, 0.4},
		{"its own survive is no deadline to beat", 5, 11, rules.Point{}, []rules.Objective{holdBlue, {Side: rules.SideBlue, Goal: rules.GoalSurvive, Turns: 12}}, []int{0, 0}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Normal
			p.Clock = tt.clock
			c := NewComputer(p)
			c.zone, c.hasZone = z, true
			u := &rules.Unit{Side: rules.SideBlue, Pos: tt.at, Speed: 5, MaxAP: 3}
			v := &match.View{Side: rules.SideBlue, Turn: tt.turn, Objectives: tt.objs, Progress: tt.progress}
			if have := c.clockPressure(v, u); math.Abs(have-tt.want) > 1e-9 {
				t.Errorf("have %v, want %v", have, tt.want)
			}
		})
	}
}

// TestWhyNamesTheClock: a unit pressed by the clock says so in the why
// overlay; with time to spare it does not.
func TestWhyNamesTheClock(t *testing.T) {
	for _, tt := range []struct {
		turn int
		want bool
	}{{11, true}, {1, false}} {
		s := ruletest.Troopers(t, `
			B.............................R`)
		s.Turn = tt.turn
		s.Objectives = []rules.Objective{
			{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: rules.Rect{Min: rules.Point{X: 20, Y: 0}, Max: rules.Point{X: 24, Y: 1}}, Turns: 2},
			{Side: rules.SideRed, Goal: rules.GoalSurvive, Turns: 12},
		}
		m := match.New(s, 1)
		p, err := ProfileNamed("hard")
		if err != nil {
			t.Fatal(err)
		}
		c := NewComputer(p)
		if c.Next(m.View(rules.SideBlue)) == nil || c.Why() == nil {
			t.Fatalf("turn %d: no decision", tt.turn)
		}
		have := strings.Contains(strings.Join(c.Why().Lines, " "), "The clock presses")
		if have != tt.want {
			t.Errorf("turn %d: names the clock %v, want %v: %q", tt.turn, have, tt.want, c.Why().Lines)
		}
	}
}
