package ai

import (
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// boundTurn plays Blue's first turn on the ASCII map m with normal's
// judgement and Bound bound, Blue making for zone (to hold it two
// turns, so that reaching it wins nothing yet), and returns its
// commands and the account of each.
func boundTurn(t *testing.T, m string, zone rules.Rect, bound int) ([]rules.Command, [][]string) {
	t.Helper()
	s := ruletest.Troopers(t, m)
	s.Objectives = []rules.Objective{
		{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: zone, Turns: 2},
		{Side: rules.SideRed, Goal: rules.GoalSurvive, Turns: 12},
	}
	p := Normal
	p.Bound = bound
	c := NewComputer(p)
	mt := match.New(s, 1)
	mt.SetController(rules.SideBlue, c)
	var cmds []rules.Command
	var whys [][]string
	for range 20 {
		if mt.State().Side != rules.SideBlue || mt.Over() {
			break
		}
		res, err := mt.Step()
		if err != nil || res == nil {
			t.Fatalf("step: %v", err)
		}
		cmds = append(cmds, res.Command)
		if w := c.Why(); w != nil {
			whys = append(whys, w.Lines)
		} else {
			whys = append(whys, nil)
		}
	}
	return cmds, whys
}

// TestBoundKeepsAPForWhatItMeets: a long walk goes one bound (one AP) at
// a time, so a unit whose first bound shows it an enemy answers with the
// AP it kept instead of ending its walk beside it with none; with nothing
// met it walks on, as far as one long move; a walk within a bound goes
// there at once.
func TestBoundKeepsAPForWhatItMeets(t *testing.T) {
	// The rifleman beyond the wall is out of Blue's sight until Blue
	// rounds its end.
	contact := `
		B....#..........
		.....#..........
		.....#....R.....
		................`
	tests := []struct {
		name  string
		m     string
		zone  rules.Rect
		bound int
		// wantFirstAP is the AP the first move spends; wantFire whether
		// Blue fires in its turn; wantBoundWhy whether the first move's
		// account names the bound.
		wantFirstAP  int
		wantFire     bool
		wantBoundWhy bool
	}{
		{"contact on the way: the AP kept fires", contact, rules.Rect{Min: rules.Point{X: 13, Y: 3}, Max: rules.Point{X: 16, Y: 4}}, 1, 1, true, true},
		{"contact on the way, no bound: walks on with no AP to fire", contact, rules.Rect{Min: rules.Point{X: 13, Y: 3}, Max: rules.Point{X: 16, Y: 4}}, 0, 3, false, false},
		{"a walk within a bound goes there at once", contact, rules.Rect{Min: rules.Point{X: 2, Y: 3}, Max: rules.Point{X: 4, Y: 4}}, 1, 1, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmds, whys := boundTurn(t, tt.m, tt.zone, tt.bound)
			if len(cmds) == 0 {
				t.Fatal("no command")
			}
			mv, ok := cmds[0].(rules.Move)
			if !ok {
				t.Fatalf("first command %#v, want a move", cmds[0])
			}
			s := ruletest.Troopers(t, tt.m)
			r := s.Reach(1, s.Unit(1).AP*s.Unit(1).Speed*2)
			if have := r.AP(mv.To); have != tt.wantFirstAP {
				t.Errorf("first move to %v spends %d AP, want %d", mv.To, have, tt.wantFirstAP)
			}
			fired := false
			for _, c := range cmds {
				if _, ok := c.(rules.Attack); ok {
					fired = true
				}
				if _, ok := c.(rules.SuppressiveFire); ok {
					fired = true
				}
			}
			if fired != tt.wantFire {
				t.Errorf("fired %v, want %v: %v", fired, tt.wantFire, cmds)
			}
			if have := strings.Contains(strings.Join(whys[0], " "), "one bound at a time"); have != tt.wantBoundWhy {
				t.Errorf("first account names the bound %v, want %v: %q", have, tt.wantBoundWhy, whys[0])
			}
		})
	}
}
