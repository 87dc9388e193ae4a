package rules

import (
	"slices"
	"testing"
)

// TestPreviewFireIsTheRoll checks that what PreviewFire forecasts for each
// firing command is what Apply then rolls: the same chances, against the
// same targets, as many times as it says at most.
func TestPreviewFireIsTheRoll(t *testing.T) {
	tests := []struct {
		name    string
		m, typ  string
		cmd     Command
		targets []int // have: the targets forecast, in order
		caught  []int
	}{
		{"attack", `
..........
B.....lR..
..........`, "", Attack{Unit: 1, Target: 2}, []int{2}, nil},
		{"covering fire: both enemies in the cone", `
..........
B......R..
.......R..`, "scout", CoveringFire{Unit: 1, At: Point{X: 7, Y: 1}}, []int{2, 3}, nil},
		{"covering fire: the enemy behind is out of the cone", `
..........
B......R..
R.........`, "scout", CoveringFire{Unit: 1, At: Point{X: 7, Y: 1}}, []int{2}, nil},
		{"suppressive fire: both in the area", `
..........
B......R..
.......R..`, "gunner", SuppressiveFire{Unit: 1, At: Point{X: 6, Y: 1}}, []int{0}, []int{2, 3}},
		{"blind fire over a wall", `
...R......
..........
..#####...
...B......`, "", BlindFire{Unit: 2, Target: 1}, []int{1}, nil},
		{"charge", `
..........
B....R....
..........`, "breacher", Charge{Unit: 1, Target: 2}, []int{2}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, tt.typ)
			rolls, err := s.PreviewFire(tt.cmd)
			if err != nil {
				t.Fatal(err)
			}
			var have []int
			for _, r := range rolls {
				have = append(have, r.Target)
				if r.Chance <= 0 || r.Chance >= 1 || r.Times < 1 {
					t.Errorf("target %d: chance %v, %d times: want a chance strictly between 0 and 1, at least once", r.Target, r.Chance, r.Times)
				}
			}
			if !slices.Equal(have, tt.targets) {
				t.Fatalf("targets have %v, want %v", have, tt.targets)
			}
			if !slices.Equal(rolls[0].Caught, tt.caught) {
				t.Errorf("caught have %v, want %v", rolls[0].Caught, tt.caught)
			}
			if c, ok := tt.cmd.(Charge); ok {
				if from, at := rolls[0].From, s.Unit(c.Target).Pos; from != (Point{X: at.X - 1, Y: at.Y}) {
					t.Errorf("charge strikes from %v, want the space before %v", from, at)
				}
			} else if from := rolls[0].From; from != s.Unit(SpecOf(tt.cmd).Unit).Pos {
				t.Errorf("strikes from %v, not where the shooter stands", from)
			}
			before := s.Clone()
			ev := mustApply(t, s, tt.cmd, NewRNG(5))
			seen := map[int]int{}
			for _, a := range eventsOf[Attacked](ev) {
				i := slices.IndexFunc(rolls, func(r Roll) bool { return r.Target == a.Target })
				if i < 0 {
					t.Errorf("rolled against %d, which was not forecast", a.Target)
					continue
				}
				if seen[a.Target] == 0 && (a.Chance != rolls[i].Chance || a.CritChance != rolls[i].CritChance) {
					t.Errorf("target %d: rolled %v (crit %v), forecast %v (crit %v)", a.Target, a.Chance, a.CritChance, rolls[i].Chance, rolls[i].CritChance)
				}
				if seen[a.Target]++; seen[a.Target] > rolls[i].Times {
					t.Errorf("target %d rolled %d times, forecast at most %d", a.Target, seen[a.Target], rolls[i].Times)
				}
			}
			if len(seen) == 0 {
				t.Errorf("nothing rolled: %v", ev)
			}
			if _, err := before.PreviewFire(tt.cmd); err != nil {
				t.Errorf("the forecast changed the state: %v", err)
			}
		})
	}
}

// TestPreviewFireRefusesLikeApply checks that PreviewFire refuses what
// Apply refuses, with the same error.
func TestPreviewFireRefusesLikeApply(t *testing.T) {
	tests := []struct {
		name   string
		m, typ string
		cmd    Command
	}{
		{"covering fire with a sniper rifle", `
B......R..`, "marksman", CoveringFire{Unit: 1, At: Point{X: 7, Y: 0}}},
		{"suppressing an area beside the shooter", `
B......R..
..........`, "scout", SuppressiveFire{Unit: 1, At: Point{X: 1, Y: 0}}},
		{"blind fire at a unit in sight", `
.Bh....R..`, "", BlindFire{Unit: 1, Target: 2}},
		{"charge through a wall", `
B..#.R....`, "breacher", Charge{Unit: 1, Target: 2}},
		{"not a firing command", `
B......R..`, "", Reload{Unit: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, tt.typ)
			_, perr := s.PreviewFire(tt.cmd)
			if perr == nil {
				t.Fatal("PreviewFire accepted it")
			}
			if _, ok := tt.cmd.(Reload); ok {
				return
			}
			if _, err := Apply(s, tt.cmd, NewRNG(1)); err == nil || err.Error() != perr.Error() {
				t.Errorf("Apply says %v, PreviewFire %v", err, perr)
			}
		})
	}
}
