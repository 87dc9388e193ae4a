package ai

import (
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// TestStepOut: an enemy hidden from a unit behind a wall, one move from
// a tile with a shot at it, threatens it with the profile's StepOut, by
// the share of its fire that the return fire where it steps to does not
// match: a friend with a clear shot there takes part of it, the unit's
// own shots too; without StepOut, or in a battle over an object, it
// threatens nothing.
func TestStepOut(t *testing.T) {
	// Red stands hidden from Blue behind the wall, a move from a shot.
	const hidden = `
....................
..B.....####........
........####..R.....
........####........
....................`

	for _, tt := range []struct {
		name, board string
		stepOut     float64
		object      bool   // Red must keep its unit standing: a battle over an object
		want        string // "none", "some" or "less" (than the first case's)
	}{
		{"alone", hidden, 0.67, false, "some"},
		{"no StepOut", hidden, 0, false, "none"},
		{"over an object", hidden, 0.67, true, "none"},
		{"a friend covers its way out", `
...............B....
..B.....####........
........####..R.....
........####........
...............B....`, 0.67, false, "less"},
	} {
		s, err := rules.ParseASCII(tt.board)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range s.Units {
			if err := s.Rules().Equip(u, "trooper"); err != nil {
				t.Fatal(err)
			}
		}
		var blue, red *rules.Unit
		for _, u := range s.Units {
			switch {
			case u.Side == rules.SideRed:
				red = u
			case blue == nil && u.Pos == (rules.Point{X: 2, Y: 1}):
				blue = u
			}
		}
		if _, err := s.PreviewShot(*red, *blue); err == nil {
			t.Fatalf("%s: test map: Red has a shot at Blue where it stands", tt.name)
		}
		if tt.object {
			s.Objectives = []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalProtect, Target: red.ID}}
		}
		danger := func(p Profile) exposure {
			c := NewComputer(p)
			c.view = match.New(s, 1).View(rules.SideBlue)
			c.memo.begin(s)
			c.steps = c.stepOuts(s, blue, []*rules.Unit{red})
			return c.exposed(s, blue, []*rules.Unit{red})
		}
		p := Normal
		p.StepOut = tt.stepOut
		have := danger(p)
		if have.stepped != have.damage {
			t.Errorf("%s: stepped %.2f of %.2f damage, want all of it", tt.name, have.stepped, have.damage)
		}
		switch tt.want {
		case "none":
			if have.damage != 0 {
				t.Errorf("%s: damage %.2f, want none", tt.name, have.damage)
			}
		case "some":
			if have.damage <= 0 {
				t.Errorf("%s: damage %.2f, want some", tt.name, have.damage)
			}
		case "less":
			ref := Normal
			ref.StepOut = 0.67
			// The same board without the friends: Red steps out freely.
			solo := s.Clone()
			for _, u := range solo.Units {
				if u.Side == rules.SideBlue && u.ID != blue.ID {
					u.HP = 0
				}
			}
			c := NewComputer(ref)
			c.view = match.New(solo, 1).View(rules.SideBlue)
			c.memo.begin(solo)
			c.steps = c.stepOuts(solo, solo.Unit(blue.ID), []*rules.Unit{solo.Unit(red.ID)})
			free := c.exposed(solo, solo.Unit(blue.ID), []*rules.Unit{solo.Unit(red.ID)})
			if have.damage >= free.damage || free.damage <= 0 {
				t.Errorf("%s: damage %.2f with the friends, %.2f without: want less with them", tt.name, have.damage, free.damage)
			}
		}
	}
}

// TestWhyNamesTheStepOut: a unit that an enemy can shoot only by
// stepping out says so in the why overlay, with the profile's StepOut;
// without it the overlay does not.
func TestWhyNamesTheStepOut(t *testing.T) {
	for _, tt := range []struct {
		stepOut float64
		want    bool
	}{{0.67, true}, {0, false}} {
		s := ruletest.Troopers(t, `
			....................
			..B.....####........
			........####..R.....
			........####........
			....................`)
		blue, red := s.Units[0], s.Units[1]
		if _, err := s.PreviewShot(*red, *blue); err == nil {
			t.Fatal("test map: Red has a shot at Blue where it stands")
		}
		p := Normal
		p.StepOut = tt.stepOut
		c := NewComputer(p)
		c.view = match.New(s, 1).View(rules.SideBlue)
		c.memo.begin(s)
		threats := []*rules.Unit{red}
		c.steps = c.stepOuts(s, blue, threats)
		w := &thought{view: c.view, s: s, u: blue, threats: threats, shotAP: 1, best: blue.Pos, scores: []float64{0}, where: c.names.of(s.Board)}
		lines := c.explain(w, rules.EndTurn{}).Lines
		have := strings.Contains(strings.Join(lines, " "), "must step out to shoot")
		if have != tt.want {
			t.Errorf("StepOut %v: names the step out %v, want %v: %q", tt.stepOut, have, tt.want, lines)
		}
	}
}
