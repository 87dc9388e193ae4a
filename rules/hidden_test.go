package rules

import (
	"errors"
	"slices"
	"testing"
)

// A move plans with the units its side knows of (Knows, the fog of war's
// predicate): a hidden unit on the way is no hole in the range, and the
// move stops in front of it, pays for what it walked and reveals it.
func TestMoveIntoHiddenUnit(t *testing.T) {
	tests := []struct {
		name  string
		m     string
		to    Point
		stop  Point // where the mover ends
		ap    int   // AP charged
		by    int   // the unit it runs into (0: none)
		vault bool  // the move vaults on the way
	}{
		// Red 2 waits round the corner of the corridor, out of sight.
		{"round the corner", `
#######
B....##
####.##
####R##
####..#`, Point{X: 4, Y: 4}, Point{X: 4, Y: 2}, 1, 2, false},
		// The destination itself is the hidden unit's tile.
		{"onto the hidden unit", `
#######
B....##
####.##
####R##
####..#`, Point{X: 4, Y: 3}, Point{X: 4, Y: 2}, 1, 2, false},
		// A prone enemy lies hidden behind high cover the mover, prone
		// too, means to vault: the vault would land on it, so the mover
		// halts before the cover, vaults nothing and pays nothing; out of
		// sight, the enemy is still revealed (Status.Revealed).
		{"vault onto a hidden unit", `
...h..
..bhr.
...h..`, Point{X: 5, Y: 1}, Point{X: 2, Y: 1}, 0, 2, false},
		// Control: an enemy the side sees is in the way when planning;
		// the move goes round it.
		{"a seen enemy is walked round", `
......
B..R..
......`, Point{X: 5, Y: 1}, Point{X: 5, Y: 1}, 2, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			u := s.Unit(1)
			u.Speed, u.AP, u.HP, u.MaxHP = 5, 3, 100, 100
			var hidden *Unit
			if tt.by != 0 {
				hidden = s.Unit(tt.by)
				if s.Knows(SideBlue, hidden) {
					t.Fatalf("test map: Blue sees %s", hidden.Name)
				}
			}
			r := s.Reach(1, MoveBudget(u))
			if !r.Reachable(tt.to) {
				t.Fatalf("%v not shown as reachable: the range has a hole", tt.to)
			}
			if hidden != nil && !r.Reachable(hidden.Pos) {
				t.Errorf("the hidden unit's tile %v is a hole in the range", hidden.Pos)
			}
			ev, err := Apply(s, Move{Unit: 1, To: tt.to}, NewRNG(1))
			if err != nil {
				t.Fatalf("move: %v", err)
			}
			if u.Pos != tt.stop {
				t.Errorf("ends at %v, want %v (events %v)", u.Pos, tt.stop, ev)
			}
			if spent := 3 - u.AP; spent != tt.ap {
				t.Errorf("charged %d AP, want %d", spent, tt.ap)
			}
			stops := eventsOf[MoveInterrupted](ev)
			var want []MoveInterrupted
			if tt.by != 0 {
				want = []MoveInterrupted{{Unit: 1, By: tt.by, At: tt.stop}}
			}
			if !slices.Equal(stops, want) {
				t.Errorf("interruptions have %v, want %v", stops, want)
			}
			if v := len(eventsOf[Vaulted](ev)) > 0; v != tt.vault {
				t.Errorf("vaulted have %v, want %v", v, tt.vault)
			}
			if hidden == nil {
				return
			}
			for _, m := range eventsOf[Moved](ev) {
				if slices.Contains(m.Path, hidden.Pos) {
					t.Errorf("the move entered the hidden unit's tile: %v", m.Path)
				}
			}
			if !s.Knows(SideBlue, hidden) {
				t.Errorf("%s is not revealed after the move ran into it", hidden.Name)
			}
		})
	}
}

// Once seen, the unit is in the way: the range has a hole there and a
// move through it is refused, so a side never runs into what it sees.
func TestSeenUnitBlocksReach(t *testing.T) {
	s := battle(t, `
#######
B....##
####.##
####R##
####..#`, "")
	u := s.Unit(1)
	u.Speed, u.AP = 5, 3
	s.AddUnit(DefaultUnit(SideBlue, Point{X: 4, Y: 1})) // sees Red 2 down the corridor
	if !s.Knows(SideBlue, s.Unit(2)) {
		t.Fatal("test map: Blue 3 does not see Red 2")
	}
	r := s.Reach(1, MoveBudget(u))
	if r.Reachable(Point{X: 4, Y: 3}) || r.Reachable(Point{X: 4, Y: 4}) {
		t.Errorf("reach shows the seen enemy's tile or the tile past it")
	}
	if _, err := Apply(s, Move{Unit: 1, To: Point{X: 4, Y: 4}}, NewRNG(1)); !errors.Is(err, ErrUnreachable) {
		t.Errorf("move past a seen enemy: have %v, want %v", err, ErrUnreachable)
	}
}

// Reactions still fire along the walked part of an interrupted move:
// overwatch watching the corridor shoots the mover before it stops.
func TestInterruptedMoveDrawsOverwatch(t *testing.T) {
	s := battle(t, `
#######
B.....R
####.##
####R##
####..#`, "")
	u := s.Unit(1)
	u.Speed, u.AP, u.HP, u.MaxHP = 5, 3, 100, 100
	s.Side = SideRed
	mustApply(t, s, Overwatch{Unit: 2, At: Point{X: 2, Y: 1}}, NewRNG(1))
	s.Side = SideBlue
	ev := mustApply(t, s, Move{Unit: 1, To: Point{X: 4, Y: 4}}, NewRNG(1))
	shots := eventsOf[Attacked](ev)
	if len(shots) == 0 || shots[0].Kind != KindOverwatch {
		t.Fatalf("no overwatch shot at the mover: %v", ev)
	}
	if stops := eventsOf[MoveInterrupted](ev); len(stops) != 1 || u.Pos != (Point{X: 4, Y: 2}) {
		t.Errorf("interruptions %v, at %v", stops, u.Pos)
	}
}
