package ai

import (
	"slices"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// With an objective zone, the computer makes for it: its own zone, else
// the enemy's, to stop it there; in its zone with no enemy in sight, it
// stays.
func TestMakesForTheObjective(t *testing.T) {
	// A wall hides Red (far right) from Blue; the zone is the top-right
	// corner, out of Blue's reach this turn.
	const board = `
B.................###.R
..................###..
..................###..`
	zone := rules.Rect{Min: rules.Point{X: 14, Y: 0}, Max: rules.Point{X: 17, Y: 1}}
	for _, tt := range []struct {
		name  string
		objs  []rules.Objective
		start rules.Point
		want  func(have rules.Command) bool
	}{
		{"its own zone", []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalReach, Zone: zone}}, rules.Point{},
			func(c rules.Command) bool { m, ok := c.(rules.Move); return ok && zoneDist(m.To, zone) < 14-1 }},
		{"the enemy's zone", []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalHold, Zone: zone, Turns: 3}}, rules.Point{},
			func(c rules.Command) bool { m, ok := c.(rules.Move); return ok && zoneDist(m.To, zone) < 14-1 }},
		{"in its zone, it holds", []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: zone, Turns: 3}}, rules.Point{X: 15, Y: 0},
			func(c rules.Command) bool { m, ok := c.(rules.Move); return !ok || zone.Contains(m.To) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := rules.ParseASCII(board)
			if err != nil {
				t.Fatal(err)
			}
			s.Unit(1).Pos = tt.start
			s.Objectives = tt.objs
			if err := s.CheckObjectives(); err != nil {
				t.Fatal(err)
			}
			m := match.New(s, 1)
			c := NewComputer(Normal)
			for i := 0; i < 4; i++ { // its whole turn
				cmd := c.Next(m.View(rules.SideBlue))
				if _, end := cmd.(rules.EndTurn); end {
					break
				}
				if !tt.want(cmd) {
					t.Fatalf("command %d: %+v", i+1, cmd)
				}
				if _, err := m.Apply(cmd); err != nil {
					t.Fatal(err)
				}
			}
			if tt.start == (rules.Point{}) && zoneDist(m.State().Unit(1).Pos, zone) >= 14-1 {
				t.Errorf("it ended its turn at %v, no nearer the zone", m.State().Unit(1).Pos)
			}
		})
	}
}

// zoneDist is 0 inside the zone and the straight distance to its
// nearest tile outside.
func TestZoneDist(t *testing.T) {
	z := rules.Rect{Min: rules.Point{X: 2, Y: 2}, Max: rules.Point{X: 4, Y: 3}} // (2,2)-(3,2)
	for _, tt := range []struct {
		p    rules.Point
		want float64
	}{
		{rules.Point{X: 3, Y: 2}, 0}, {rules.Point{X: 0, Y: 2}, 2}, {rules.Point{X: 6, Y: 2}, 3}, {rules.Point{X: 7, Y: 5}, 5},
	} {
		if have := zoneDist(tt.p, z); have != tt.want {
			t.Errorf("%v: have %v, want %v", tt.p, have, tt.want)
		}
	}
}

// With no enemy known, its belief looks like a won battle; it still
// reloads an empty weapon and draws into empty hands before it moves.
func TestReadiesWithNoEnemyKnown(t *testing.T) {
	for _, tt := range []struct {
		name  string
		ready func(u *rules.Unit)
		want  rules.Command
	}{
		{"an empty magazine", func(u *rules.Unit) { u.Hand.Ammo = 0 }, rules.Reload{Unit: 1}},
		{"empty hands", func(u *rules.Unit) { u.Hand = rules.Carried{} }, rules.Draw{Unit: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, `
B.........###.R
..........###..`)
			tt.ready(s.Unit(1))
			m := match.New(s, 1)
			if have := NewComputer(Normal).Next(m.View(rules.SideBlue)); have != tt.want {
				t.Errorf("have %+v, want %+v", have, tt.want)
			}
		})
	}
}

// With an object to destroy, the computer makes for it and shoots it in
// the same turn when it is near; from afar, in sight of it, it shoots it
// from where it stands or from nearer (aimObject: a firing point), never
// walking off the turn without a shot at it.
func TestGoesForTheObjectToDestroy(t *testing.T) {
	const board = `
B.......h...........###.R
....................###..
....................###..`
	for _, tt := range []struct {
		name  string
		start rules.Point
		want  func(cmds []rules.Command) bool
	}{
		{"near: shoots it this turn", rules.Point{X: 3, Y: 0}, func(cmds []rules.Command) bool {
			return slices.ContainsFunc(cmds, func(c rules.Command) bool { a, ok := c.(rules.Attack); return ok && a.Obstacle != 0 && a.Target == 0 })
		}},
		{"far: fires on it from where it stands or nearer", rules.Point{X: 0, Y: 2}, func(cmds []rules.Command) bool {
			a, ok := cmds[0].(rules.Attack)
			shoots := slices.ContainsFunc(cmds, func(c rules.Command) bool { a, ok := c.(rules.Attack); return ok && a.Obstacle != 0 && a.Target == 0 })
			return shoots && ((ok && a.Obstacle != 0) || isMoveToward(cmds[0], rules.Point{X: 8, Y: 0}, 4))
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, board)
			s.Unit(1).Pos = tt.start
			crate := s.Board.Obstacles[0]
			crate.Name, crate.DE, crate.Destructible = "radio", 3, true
			s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalDestroy, Target: crate.ID}}
			if err := s.CheckObjectives(); err != nil {
				t.Fatal(err)
			}
			m := match.New(s, 1)
			c := NewComputer(Normal)
			var cmds []rules.Command
			for range 6 {
				cmd := c.Next(m.View(rules.SideBlue))
				if _, end := cmd.(rules.EndTurn); end {
					break
				}
				cmds = append(cmds, cmd)
				if _, err := m.Apply(cmd); err != nil {
					t.Fatal(err)
				}
				if over := m.Over(); over {
					break
				}
			}
			if len(cmds) == 0 || !tt.want(cmds) {
				t.Fatalf("commands %+v (last why %q)", cmds, c.Why().Lines)
			}
		})
	}
}

// isMoveToward reports whether c moves to within d tiles (straight
// distance) of p.
func isMoveToward(c rules.Command, p rules.Point, d float64) bool {
	m, ok := c.(rules.Move)
	return ok && zoneDist(m.To, rules.Rect{Min: p, Max: rules.Point{X: p.X + 1, Y: p.Y + 1}}) < d
}

// A shot at the unit the enemy must protect is worth more than the same
// shot at another: felling it wins.
func TestShootsTheProtectedFirst(t *testing.T) {
	s := ruletest.Troopers(t, `
....R
B....
....R`)
	// Units in reading order: Red 1 (4,0), Blue 2 (0,1), Red 3 (4,2).
	s.Objectives = []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalProtect, Target: 3}}
	m := match.New(s, 1)
	c := NewComputer(Normal)
	cmd := c.Next(m.View(rules.SideBlue))
	if a, ok := cmd.(rules.Attack); !ok || a.Target != 3 {
		t.Fatalf("have %+v (%q), want an attack on unit 3, the one Red protects", cmd, c.Why().Lines)
	}
}
