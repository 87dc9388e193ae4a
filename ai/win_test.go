package ai

import (
	"math"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// TestUrgency: the clocks of survive and hold objectives scale risk and
// the pull of the zone.
func TestUrgency(t *testing.T) {
	z := rules.Rect{Max: rules.Point{X: 2, Y: 2}}
	tests := []struct {
		name             string
		turn             int
		objs             []rules.Objective
		progress         []int
		wantRisk, wantZn float64
	}{
		{"no clock", 1, nil, nil, 1, 1},
		{"it must survive 2 more turns", 3, []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalSurvive, Turns: 4}}, nil, 1.5, 1},
		{"its last turn to survive", 4, []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalSurvive, Turns: 4}}, nil, 2, 1},
		{"the enemy must survive 1 more turn", 4, []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalSurvive, Turns: 4}}, nil, 0.5, 1},
		{"a hold held 2 of 4 turns", 3, []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalHold, Zone: z, Turns: 4}}, []int{2}, 1, 1.5},
	}
	for _, tt := range tests {
		v := &match.View{Side: rules.SideBlue, Turn: tt.turn, Objectives: tt.objs, Progress: tt.progress}
		r, zn := urgency(v)
		if math.Abs(r-tt.wantRisk) > 1e-9 || math.Abs(zn-tt.wantZn) > 1e-9 {
			t.Errorf("%s: have %v, %v; want %v, %v", tt.name, r, zn, tt.wantRisk, tt.wantZn)
		}
	}
}

// TestWinsAt: the tiles that win the battle for the unit, by objective.
func TestWinsAt(t *testing.T) {
	z := rules.Rect{Min: rules.Point{X: 2, Y: 0}, Max: rules.Point{X: 4, Y: 2}}
	tests := []struct {
		name     string
		board    string
		obj      rules.Objective
		progress int
		at       rules.Point
		want     bool
	}{
		{"into a reach zone", "B.....R", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: z}, 0, pt(2, 0), true},
		{"beside a reach zone", "B.....R", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: z}, 0, pt(1, 0), false},
		{"the enemy's reach zone", "B.....R", rules.Objective{Side: rules.SideRed, Goal: rules.GoalReach, Zone: z}, 0, pt(2, 0), false},
		{"a reach zone with no deadline", "B.....R", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: z}, 0, pt(3, 1), true},
		{"the last into an extract zone", "B..B..R", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalExtract, Zone: z}, 0, pt(2, 1), true},
		{"not the last into an extract zone", "B.....R\nB......", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalExtract, Zone: z}, 0, pt(2, 1), false},
		{"completes a hold", "B.....R", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: z, Turns: 2}, 1, pt(2, 1), true},
		{"a hold with turns to go", "B.....R", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: z, Turns: 3}, 1, pt(2, 1), false},
		{"a hold the enemy stands in", "B..R...", rules.Objective{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: z, Turns: 1}, 0, pt(2, 1), false},
	}
	for _, tt := range tests {
		s, err := rules.ParseASCII(tt.board)
		if err != nil {
			t.Fatal(err)
		}
		v := &match.View{Side: rules.SideBlue, Turn: 1, Objectives: []rules.Objective{tt.obj}, Progress: []int{tt.progress}}
		if have := winsAt(s, v, s.Unit(1), tt.at); have != tt.want {
			t.Errorf("%s: have %v, want %v", tt.name, have, tt.want)
		}
	}
}

// TestWhyNamesTheNewReasons: the account says when a tile wins the
// battle, and the odds that the enemy's next turn fells the unit.
func TestWhyNamesTheNewReasons(t *testing.T) {
	tests := []struct {
		name, board, want string
		prep              func(s *rules.State)
	}{
		{"a winning step", "B.........R.\n............", "wins the battle", func(s *rules.State) {
			s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: rules.Rect{Min: pt(3, 0), Max: pt(5, 2)}}}
		}},
		{"the odds of falling", "B.........R.\n............", "that it falls", nil},
	}
	for _, tt := range tests {
		s := ruletest.Troopers(t, tt.board)
		if tt.prep != nil {
			tt.prep(s)
		}
		c := NewComputer(Normal)
		if cmd := c.Next(match.New(s, 1).View(rules.SideBlue)); cmd == nil || c.Why() == nil {
			t.Fatalf("%s: no decision", tt.name)
		}
		found := false
		for _, l := range c.Why().Lines {
			found = found || strings.Contains(l, tt.want)
		}
		if !found {
			t.Errorf("%s: %q not in %q", tt.name, tt.want, c.Why().Lines)
		}
	}
}
