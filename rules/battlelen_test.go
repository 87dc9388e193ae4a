package rules

import "testing"

// A battle's deadline is its objectives' earliest, and the commands it
// may hold are counted per side and turn up to it.
func TestCommandBound(t *testing.T) {
	zone := Rect{Min: Point{X: 0, Y: 0}, Max: Point{X: 1, Y: 1}}
	// Two units a side with MaxAP 3 (the default legend): a round holds,
	// per side, 1 end of turn, 6 AP, 2×2 free commands and 2 enemies ×
	// (1 + 2 covering fires): 1+6+4+6 = 17. Unit 1 carries a rifle in
	// hand and a pistol stowed, unit 2 a pistol: 3 drops in the battle.
	const board = `
B..R
B..R`
	tests := []struct {
		name      string
		turn      int
		objs      []Objective
		wantLast  int
		wantBound int
		wantOK    bool
	}{
		{"no objectives", 1, nil, 0, 0, false},
		{"hold and protect set no deadline", 1, []Objective{{Side: SideBlue, Goal: GoalHold, Zone: zone, Turns: 3}, {Side: SideRed, Goal: GoalProtect, Target: 3}}, 0, 0, false},
		{"eliminate without a deadline", 1, []Objective{{Side: SideBlue, Goal: GoalEliminate}}, 0, 0, false},
		{"survive 1 turn", 1, []Objective{{Side: SideRed, Goal: GoalSurvive, Turns: 1}}, 1, 2*17 + 3, true},
		{"the earliest deadline", 1, []Objective{{Side: SideBlue, Goal: GoalHold, Zone: zone, Turns: 1}, {Side: SideRed, Goal: GoalSurvive, Turns: 10}, {Side: SideBlue, Goal: GoalReach, Zone: zone, Turns: 4}}, 4, 4*2*17 + 3, true},
		{"started on turn 3", 3, []Objective{{Side: SideBlue, Goal: GoalDestroy, Target: 1, Turns: 4}}, 4, 2*2*17 + 3, true},
		{"past its deadline", 6, []Objective{{Side: SideBlue, Goal: GoalExtract, Zone: zone, Turns: 4}}, 4, 3, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, board)
			s.Turn, s.Objectives = tc.turn, tc.objs
			rifle, pistol := Carried{Weapon: Weapon{Name: "rifle"}}, Carried{Weapon: Weapon{Name: "pistol"}}
			s.Unit(1).Hand, s.Unit(1).Holster, s.Unit(2).Hand = rifle, pistol, pistol
			if last, ok := s.LastTurn(); last != tc.wantLast || ok != tc.wantOK {
				t.Errorf("LastTurn: have %d, %v, want %d, %v", last, ok, tc.wantLast, tc.wantOK)
			}
			if have, ok := s.CommandBound(); have != tc.wantBound || ok != tc.wantOK {
				t.Errorf("CommandBound: have %d, %v, want %d, %v", have, ok, tc.wantBound, tc.wantOK)
			}
		})
	}
}
