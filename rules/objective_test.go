package rules

import (
	"errors"
	"strings"
	"testing"
)

// The objectives decide a battle as their goals say, and a side that
// loses every unit loses whatever its objectives.
func TestVerdict(t *testing.T) {
	zone := Rect{Min: Point{X: 4, Y: 0}, Max: Point{X: 6, Y: 2}} // (4,0)-(5,1)
	// B at (0,0) and (0,2), R at (7,0) and (7,2); a wall at (2,1).
	const board = `
B......R
..#.....
B......R`
	tests := []struct {
		name string
		objs []Objective
		play func(s *State, end func()) // moves units, ends turns
		want Verdict
	}{
		{"no objectives: going on", nil, func(*State, func()) {}, Verdict{}},
		{"no objectives: every enemy down", nil, func(s *State, _ func()) { s.Unit(2).HP, s.Unit(4).HP = 0, 0 },
			Verdict{Over: true, Winner: SideBlue, Why: "Every Red unit is down."}},
		{"reach: a unit in the zone", []Objective{{Side: SideBlue, Goal: GoalReach, Zone: zone, Turns: 3}},
			func(s *State, _ func()) { s.Unit(1).Pos = Point{X: 5, Y: 1} },
			Verdict{Over: true, Winner: SideBlue, Why: "Blue did it: reach (4,0)-(5,1) by the end of turn 3."}},
		{"reach: the deadline passes", []Objective{{Side: SideBlue, Goal: GoalReach, Zone: zone, Turns: 1, Text: "Take the bridge"}},
			func(s *State, end func()) { end(); end() },
			Verdict{Over: true, Winner: SideRed, Why: "Blue failed: Take the bridge."}},
		{"reach: before the deadline", []Objective{{Side: SideBlue, Goal: GoalReach, Zone: zone, Turns: 2}},
			func(s *State, end func()) { end(); end() }, Verdict{}},
		{"hold: two of its turns in a row", []Objective{{Side: SideRed, Goal: GoalHold, Zone: zone, Turns: 2}},
			func(s *State, end func()) { end(); s.Unit(2).Pos = Point{X: 4, Y: 0}; end(); end(); end() },
			Verdict{Over: true, Winner: SideRed, Why: "Red did it: hold (4,0)-(5,1) for 2 turns."}},
		{"hold: an enemy in the zone breaks the count", []Objective{{Side: SideRed, Goal: GoalHold, Zone: zone, Turns: 2}},
			func(s *State, end func()) {
				end()
				s.Unit(2).Pos = Point{X: 4, Y: 0}
				end()
				s.Unit(1).Pos = Point{X: 5, Y: 1}
				end()
				end() // held at the end of one turn only, then contested
			}, Verdict{}},
		{"extract: every living unit in the zone at the end of its turn", []Objective{{Side: SideBlue, Goal: GoalExtract, Zone: zone}},
			func(s *State, end func()) {
				s.Unit(1).Pos = Point{X: 4, Y: 0}
				s.Unit(3).HP = 0 // the fallen need not get out
				end()
			}, Verdict{Over: true, Winner: SideBlue, Why: "Blue did it: get every unit out at (4,0)-(5,1)."}},
		{"extract: not until its turn ends", []Objective{{Side: SideBlue, Goal: GoalExtract, Zone: zone}},
			func(s *State, _ func()) { s.Unit(1).Pos, s.Unit(3).Pos = Point{X: 4, Y: 0}, Point{X: 5, Y: 0} }, Verdict{}},
		{"survive: turn 2 ends", []Objective{{Side: SideRed, Goal: GoalSurvive, Turns: 2}},
			func(s *State, end func()) { end(); end(); end(); end() },
			Verdict{Over: true, Winner: SideRed, Why: "Red did it: hold out to the end of turn 2."}},
		{"destroy: the wall is gone (its name with it)", []Objective{{Side: SideBlue, Goal: GoalDestroy, Target: 1}},
			func(s *State, _ func()) { s.Board.RemoveObstacle(1) },
			Verdict{Over: true, Winner: SideBlue, Why: "Blue did it: destroy obstacle 1."}},
		{"protect: the unit falls", []Objective{{Side: SideRed, Goal: GoalProtect, Target: 4}},
			func(s *State, _ func()) { s.Unit(4).HP = 0 },
			Verdict{Over: true, Winner: SideBlue, Why: "Red failed: keep Red 4 alive."}},
		{"eliminate with a deadline: failed", []Objective{{Side: SideBlue, Goal: GoalEliminate, Turns: 1}},
			func(s *State, end func()) { end(); end() },
			Verdict{Over: true, Winner: SideRed, Why: "Blue failed: fell every enemy by the end of turn 1."}},
		{"a side with no unit loses, whatever its objectives", []Objective{{Side: SideRed, Goal: GoalSurvive, Turns: 1}},
			func(s *State, end func()) { end(); end(); s.Unit(2).HP, s.Unit(4).HP = 0, 0 },
			Verdict{Over: true, Winner: SideBlue, Why: "Every Red unit is down."}},
		{"both sides down at once: a draw", nil,
			func(s *State, _ func()) { s.Unit(1).HP, s.Unit(2).HP, s.Unit(3).HP, s.Unit(4).HP = 0, 0, 0, 0 },
			Verdict{Over: true, Draw: true, Why: DrawWhy}},
		{"a draw whatever the objectives", []Objective{{Side: SideRed, Goal: GoalProtect, Target: 4}},
			func(s *State, _ func()) { s.Unit(1).HP, s.Unit(2).HP, s.Unit(3).HP, s.Unit(4).HP = 0, 0, 0, 0 },
			Verdict{Over: true, Draw: true, Why: DrawWhy}},
		{"the first objective decided wins", []Objective{
			{Side: SideRed, Goal: GoalSurvive, Turns: 1},
			{Side: SideBlue, Goal: GoalReach, Zone: zone},
		}, func(s *State, _ func()) { s.Unit(1).Pos, s.Turn = Point{X: 4, Y: 1}, 2 }, // both at once
			Verdict{Over: true, Winner: SideRed, Why: "Red did it: hold out to the end of turn 1."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseASCII(board)
			if err != nil {
				t.Fatal(err)
			}
			s.Objectives = tt.objs
			if err := s.CheckObjectives(); err != nil {
				t.Fatal(err)
			}
			rng := NewRNG(1)
			end := func() {
				if _, err := Apply(s, EndTurn{}, rng); err != nil {
					t.Fatalf("end turn %d: %v", s.Turn, err)
				}
			}
			tt.play(s, end)
			if have := s.Verdict(); have != tt.want {
				t.Errorf("have %+v\nwant %+v", have, tt.want)
			}
			if over := s.Over(); over != tt.want.Over {
				t.Errorf("Over() = %v; want %v", over, tt.want.Over)
			}
			if tt.want.Over {
				if _, err := Apply(s, EndTurn{}, rng); err == nil {
					t.Error("a command was taken after the battle was decided")
				}
			}
		})
	}
}

// A hold's count lives in the state: a clone carries it, and changing
// the clone leaves the original be; the hash sees it.
func TestObjectiveProgressIsState(t *testing.T) {
	s, err := ParseASCII("B...R")
	if err != nil {
		t.Fatal(err)
	}
	s.Objectives = []Objective{{Side: SideBlue, Goal: GoalHold, Zone: Rect{Max: Point{X: 2, Y: 1}}, Turns: 3}}
	h0 := s.Hash()
	if _, err := Apply(s, EndTurn{}, NewRNG(1)); err != nil {
		t.Fatal(err)
	}
	c := s.Clone()
	if have := c.ObjectiveProgress(); len(have) != 1 || have[0] != 1 {
		t.Fatalf("the clone's progress is %v, want [1]", have)
	}
	c.endTurnObjectives(SideBlue)
	if s.ObjectiveProgress()[0] != 1 || c.ObjectiveProgress()[0] != 2 {
		t.Errorf("progress: original %v, clone %v; want [1] and [2]", s.ObjectiveProgress(), c.ObjectiveProgress())
	}
	r := s.Clone()
	r.Restore(c)
	if r.ObjectiveProgress()[0] != 2 || r.Hash() != c.Hash() || s.Hash() == c.Hash() || h0 == s.Hash() {
		t.Error("Restore or Hash does not carry the progress")
	}
}

// CheckObjectives names the objective that cannot work and why.
func TestCheckObjectives(t *testing.T) {
	for _, tt := range []struct {
		o    Objective
		want string
	}{
		{Objective{Side: SideBlue, Goal: "win"}, `objective 1 (win): unknown goal`},
		{Objective{Side: 7, Goal: GoalEliminate}, "side 7 is neither blue nor red"},
		{Objective{Side: SideBlue, Goal: GoalReach}, "zone (0,0)..(0,0) is empty or off the 5x1 map"},
		{Objective{Side: SideBlue, Goal: GoalHold, Zone: Rect{Max: Point{X: 9, Y: 1}}, Turns: 2}, "off the 5x1 map"},
		{Objective{Side: SideBlue, Goal: GoalHold, Zone: Rect{Max: Point{X: 2, Y: 1}}}, "needs turns above 0"},
		{Objective{Side: SideBlue, Goal: GoalSurvive, Turns: -1}, "turns -1 is negative"},
		{Objective{Side: SideBlue, Goal: GoalDestroy, Target: 3}, "no obstacle 3 to destroy"},
		{Objective{Side: SideBlue, Goal: GoalProtect, Target: 2}, "no unit 2 of its side to protect"},
	} {
		s, err := ParseASCII("B...R")
		if err != nil {
			t.Fatal(err)
		}
		s.Objectives = []Objective{tt.o}
		if err := s.CheckObjectives(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: have %v, want %q", tt.o, err, tt.want)
		}
	}
}

// CheckAction judges the action alone: in a decided battle Check refuses
// everything, CheckAction only what the rules forbid anyway.
func TestCheckAction(t *testing.T) {
	s, err := ParseASCII("B...R")
	if err != nil {
		t.Fatal(err)
	}
	s.Unit(2).HP = 0 // Blue has won
	if err := Check(s, ChangeStance{Unit: 1, To: Crouched}); !errors.Is(err, ErrGameOver) {
		t.Errorf("Check: %v, want ErrGameOver", err)
	}
	if err := CheckAction(s, ChangeStance{Unit: 1, To: Crouched}); err != nil {
		t.Errorf("CheckAction of a legal stance: %v", err)
	}
	s.Unit(1).AP = 0
	if err := CheckAction(s, ChangeStance{Unit: 1, To: Crouched}); err == nil || errors.Is(err, ErrGameOver) {
		t.Errorf("CheckAction with no AP: %v, want the rules' refusal", err)
	}
	if s.Unit(1).Stance != Standing {
		t.Error("CheckAction changed the state")
	}
}
