package rules

import (
	"testing"
)

// coverLane is a long open lane: blue shooters at (0,0) and (0,2), a red
// runner at (29,1) far outside every cone.
const coverLane = `
B.............................
.............................R
B.............................`

// Seed 003, Covering Fire: "Enemy creatures within the area, or that move
// inside the area, can be attacked by this action ... He can only hit an
// enemy once for each attack action made ... Enemies that move inside the
// affected area afterwards are not granted this special save."
func TestCoveringZoneFiresAtMovers(t *testing.T) {
	s := battle(t, coverLane, "")
	b, r := s.Unit(1), s.Unit(2)
	r.HP, r.MaxHP = 1000, 1000
	b.Hand.Weapon.Range = 24 // the zone reaches x=24 on the runner's row
	ev := mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 20, Y: 0}}, NewRNG(1))
	if len(eventsOf[Attacked](ev)) != 0 {
		t.Fatalf("the runner is outside the cone yet was attacked: %v", ev)
	}
	set := eventsOf[CoveringZoneSet](ev)
	if len(set) != 1 || set[0].Actions != 3 || set[0].Range != 24 || set[0].Dir != East || !b.Status.Covering {
		t.Fatalf("zone %+v, status %+v; want 3 actions, 24 tiles, east", set, b.Status)
	}
	ev = mustApply(t, s, EndTurn{}, NewRNG(1))
	if len(eventsOf[CoveringZoneEnded](ev)) != 0 || !b.Status.Covering {
		t.Fatal("the zone ended when the shooter's turn ended; it lasts until its next turn")
	}
	ev = mustApply(t, s, Move{Unit: 2, To: Point{X: 19, Y: 1}}, NewRNG(2))
	at := eventsOf[Attacked](ev)
	if len(at) != 3 {
		t.Fatalf("%d zone attacks on a runner crossing 5 tiles of it, want 3 (one per attack action): %v", len(at), ev)
	}
	for _, a := range at {
		if a.Attacker != 1 || a.Kind != KindCovering {
			t.Errorf("attack %+v, want a covering attack by unit 1", a)
		}
	}
	if sv := eventsOf[Saved](ev); len(sv) != 0 {
		t.Errorf("a unit moving into the zone got saves %+v", sv)
	}
	// The runner is shot where it enters (x=23: 24 tiles from the
	// shooter's centre, one row off) and finishes its move.
	first := 0
	for _, e := range ev {
		if m, ok := e.(Moved); ok {
			first += len(m.Path)
			continue
		}
		if _, ok := e.(Attacked); ok {
			break
		}
	}
	if first != 6 || r.Pos != (Point{X: 19, Y: 1}) {
		t.Errorf("first shot after %d steps, runner at %v; want 6 steps (x=23) and arrival at (19,1)", first, r.Pos)
	}
	// Exhausted for this runner: moving on within the zone draws nothing.
	if ev = mustApply(t, s, Move{Unit: 2, To: Point{X: 18, Y: 1}}, NewRNG(3)); len(eventsOf[Attacked](ev)) != 0 {
		t.Errorf("a fourth zone attack on the same target: %v", ev)
	}
	ev = mustApply(t, s, EndTurn{}, NewRNG(1))
	if e := eventsOf[CoveringZoneEnded](ev); len(e) != 1 || e[0].Reason != "turn started" || b.Status.Covering {
		t.Errorf("zone end %+v, covering %v; want it ended as the shooter's turn starts", e, b.Status.Covering)
	}
}

// Enemies already in the cone were attacked once per action when the
// zone was set; moving within it does not draw more fire.
func TestCoveringZoneCountsTheFirstVolley(t *testing.T) {
	s := battle(t, `
B.........
......R...`, "")
	r := s.Unit(2)
	r.HP, r.MaxHP = 1000, 1000
	r.Stats.Reflex = -100 // never dives out
	ev := mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 6, Y: 1}}, NewRNG(1))
	if n := len(eventsOf[Attacked](ev)); n != 3 {
		t.Fatalf("%d attacks in the first volley, want 3", n)
	}
	mustApply(t, s, EndTurn{}, NewRNG(1))
	if ev = mustApply(t, s, Move{Unit: 2, To: Point{X: 8, Y: 1}}, NewRNG(1)); len(eventsOf[Attacked](ev)) != 0 {
		t.Errorf("moving within the zone after 3 hits drew %v", eventsOf[Attacked](ev))
	}
}

// A mover is halted by zone fire only when it dies.
func TestCoveringZoneKillsMover(t *testing.T) {
	s := battle(t, coverLane, "")
	b, r := s.Unit(1), s.Unit(2)
	b.Hand.Weapon.Range = 24
	b.Stats.Attack = 100
	fixedDamage(b, 1000)
	mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 20, Y: 0}}, NewRNG(1))
	mustApply(t, s, EndTurn{}, NewRNG(1))
	ev := mustApply(t, s, Move{Unit: 2, To: Point{X: 15, Y: 1}}, NewRNG(1))
	if r.Alive() || r.Pos != (Point{X: 23, Y: 1}) || len(eventsOf[Killed](ev)) != 1 {
		t.Errorf("runner alive %v at %v, want killed where it entered (23,1)", r.Alive(), r.Pos)
	}
	if _, ok := ev[len(ev)-1].(Killed); !ok {
		t.Errorf("events after the kill: %v", ev)
	}
}

// Overwatch and covering fire zones that see the same step fire in unit
// ID order, whichever holds which.
func TestCoveringZoneAndOverwatchOrder(t *testing.T) {
	for _, tt := range []struct {
		name            string
		covering, watch int
	}{
		{"covering unit first", 1, 3},
		{"overwatch unit first", 3, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, coverLane, "")
			s.Unit(2).HP = 1000
			c := s.Unit(tt.covering)
			c.Hand.Weapon.Range = 24 // both reach the far end of the lane
			s.Unit(tt.watch).Hand.Weapon.Range = 24
			mustApply(t, s, CoveringFire{Unit: tt.covering, At: Point{X: 20, Y: c.Pos.Y}}, NewRNG(1))
			mustApply(t, s, Overwatch{Unit: tt.watch, At: Point{X: 20, Y: s.Unit(tt.watch).Pos.Y}}, NewRNG(1))
			mustApply(t, s, EndTurn{}, NewRNG(1))
			ev := mustApply(t, s, Move{Unit: 2, To: Point{X: 22, Y: 1}}, NewRNG(1))
			at := eventsOf[Attacked](ev)
			if len(at) < 2 {
				t.Fatalf("attacks %v, want the zone and the overwatch", at)
			}
			first, second := at[0], at[1]
			wantFirst, wantSecond := min(tt.covering, tt.watch), max(tt.covering, tt.watch)
			if first.Attacker != wantFirst || second.Attacker != wantSecond {
				t.Errorf("order %d then %d, want %d then %d", first.Attacker, second.Attacker, wantFirst, wantSecond)
			}
			kinds := map[int]string{tt.covering: KindCovering, tt.watch: KindOverwatch}
			for _, a := range at[:2] {
				if a.Kind != kinds[a.Attacker] {
					t.Errorf("unit %d attacked as %s", a.Attacker, a.Kind)
				}
			}
			// Both fired at the step onto x=23 (the first in both cones).
			steps := 0
			for _, e := range ev {
				if m, ok := e.(Moved); ok {
					steps += len(m.Path)
				}
				if _, ok := e.(Attacked); ok {
					break
				}
			}
			if steps != 6 {
				t.Errorf("first reaction after %d steps, want 6", steps)
			}
		})
	}
}

// The zone ends when its shooter dies or dives away from enemy fire.
func TestCoveringZoneEnds(t *testing.T) {
	t.Run("shooter killed", func(t *testing.T) {
		s := battle(t, coverLane, "")
		mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 20, Y: 0}}, NewRNG(1))
		mustApply(t, s, EndTurn{}, NewRNG(1))
		r := s.Unit(2)
		r.Hand.Weapon.Range = 40
		r.Stats.Attack = 100
		fixedDamage(r, 1000)
		ev := mustApply(t, s, Attack{Unit: 2, Target: 1}, NewRNG(1))
		e := eventsOf[CoveringZoneEnded](ev)
		if len(e) != 1 || e[0].Reason != "fell" || s.Unit(1).Status.Covering {
			t.Errorf("zone end %+v after the shooter died: %v", e, ev)
		}
	})
	t.Run("shooter dove", func(t *testing.T) {
		m := `
.h........
.B........
.........R`
		for seed := uint64(1); seed < 60; seed++ {
			s := battle(t, m, "")
			b := s.Unit(1)
			b.HP, b.MaxHP = 1000, 1000
			b.Stats.Reflex = 100
			s.Unit(2).HP = 1000
			mustApply(t, s, CoveringFire{Unit: 1, At: Point{X: 9, Y: 2}}, NewRNG(1))
			mustApply(t, s, EndTurn{}, NewRNG(1))
			ev := mustApply(t, s, CoveringFire{Unit: 2, At: Point{X: 1, Y: 1}}, NewRNG(seed))
			d := eventsOf[Dived](ev)
			if len(d) == 0 || d[0].Prone {
				continue
			}
			e := eventsOf[CoveringZoneEnded](ev)
			if len(e) != 1 || e[0].Unit != 1 || e[0].Reason != "dove" || b.Status.Covering {
				t.Errorf("zone end %+v after diving: %v", e, ev)
			}
			return
		}
		t.Fatal("no seed made the shooter dive to cover")
	})
}

// Seed 004, Flanking: "If another unit is in the way of where a diving
// unit will land, that unit can be moved enough to make room". Blue 2
// (Reflex 100, always saves) dives from Red's covering fire behind the
// wall; a friend on the spot behind it is moved a tile aside, to where it
// is as safe, rather than leaving Blue 2 prone in the open. Where no
// friend can make room without leaving cover, Blue 2 drops prone.
func TestDiveMovesAUnitInTheWay(t *testing.T) {
	tests := []struct {
		name      string
		m         string
		wantTo    Point
		wantMoved int // the unit moved aside (0: none)
		wantRoom  Point
	}{
		{"spots free", `
R............
.............
.......B#....
.............`, Point{X: 9, Y: 3}, 0, Point{}},
		{"both spots behind the wall held", `
R............
.............
.......B#b...
.........b...`, Point{X: 9, Y: 3}, 4, Point{X: 10, Y: 2}},
		{"four friends behind the wall: no room without leaving cover, prone", `
R............
.............
.......B#bb..
.........bb..`, Point{X: 7, Y: 2}, 0, Point{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "scout")
			b := s.Unit(2)
			b.HP, b.Stats.Reflex = 1000, 100
			mustApply(t, s, EndTurn{}, NewRNG(1))
			ev := mustApply(t, s, CoveringFire{Unit: 1, At: b.Pos}, NewRNG(1))
			d := eventsOf[Dived](ev)
			if prone := tt.wantTo == (Point{X: 7, Y: 2}); len(d) != 1 || d[0].Unit != 2 || d[0].Prone != prone || d[0].To != tt.wantTo || b.Pos != tt.wantTo {
				t.Fatalf("dives %+v, want Blue 2 to %v", d, tt.wantTo)
			}
			mv := eventsOf[Moved](ev)
			if tt.wantMoved == 0 {
				if len(mv) != 0 {
					t.Errorf("moved %+v, want nobody moved aside", mv)
				}
				return
			}
			if len(mv) != 1 || mv[0].Unit != tt.wantMoved || mv[0].Path[0] != tt.wantRoom || s.Unit(tt.wantMoved).Pos != tt.wantRoom || mv[0].Aside != 2 {
				t.Errorf("moved %+v, want unit %d moved aside by Blue 2 to %v", mv, tt.wantMoved, tt.wantRoom)
			}
		})
	}
}

// Seed 004, Flanking: "A unit can dive over low cover or around a corner
// and if they can do this they are not considered flanked". One reach
// decides both: the flank test tries every tile the covering fire dive
// can reach (half speed), so a unit is never tagged flanked (-2 on its
// save) and then dives around a corner in the same volley. Red 1 touches
// low cover, fired at from the side by Blue 2 (Reflex 100: it saves).
func TestFlankAndDiveShareOneReach(t *testing.T) {
	tests := []struct {
		name        string
		m           string
		wantFlanked bool
		wantTo      Point // where it dives (its own tile: drops prone)
	}{
		{"the corner two steps away: not flanked, dives there", `
.l.....
.R....B
.......`, false, Point{X: 0, Y: 0}},
		{"no corner in reach: flanked, drops prone", `
lll....
.R....B
.......`, true, Point{X: 1, Y: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "scout")
			r, b := s.Unit(1), s.Unit(2)
			r.HP, r.Stats.Reflex = 1000, 100
			if have := s.Flanked(b, r); have != tt.wantFlanked {
				t.Errorf("flanked %v, want %v", have, tt.wantFlanked)
			}
			ev := mustApply(t, s, CoveringFire{Unit: 2, At: r.Pos}, NewRNG(1))
			sv := eventsOf[Saved](ev)
			if len(sv) != 1 {
				t.Fatalf("saves %+v, want one", sv)
			}
			penalty := false
			for _, m := range sv[0].Mods {
				penalty = penalty || m.Label == "Flanked"
			}
			if penalty != tt.wantFlanked {
				t.Errorf("save %+v: flanked penalty %v, want %v", sv[0], penalty, tt.wantFlanked)
			}
			d := eventsOf[Dived](ev)
			if len(d) != 1 || d[0].To != tt.wantTo || d[0].Prone != tt.wantFlanked {
				t.Errorf("dives %+v, want to %v (prone in place: %v)", d, tt.wantTo, tt.wantFlanked)
			}
		})
	}
}
