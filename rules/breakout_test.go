package rules

import (
	"errors"
	"testing"
)

// suppressedBy marks r suppressed by the unit with id by, as a hit of
// Suppressive Fire leaves it, and hands r's side the turn.
func suppressedBy(s *State, r *Unit, by int) {
	r.Status.Suppressed, r.Status.SuppressedBy = true, by
	s.Side = r.Side
}

// Seed 003, Suppressive Fire: "If the creatures in the area are affected
// by the fire, on their next turn they can only move half their normal
// speed or take an attack of opportunity from the suppressing creature if
// there is enough ammo to do so."
func TestBreakOutOfSuppression(t *testing.T) {
	tests := []struct {
		name     string
		setup    func(s *State, g *Unit)
		wantShot bool
		reason   string
	}{
		{"the suppressor fires", func(*State, *Unit) {}, true, ""},
		{"no rounds left", func(_ *State, g *Unit) { g.Hand.Ammo = 0 }, false, "its suppressor is out of rounds"},
		{"suppressor down", func(_ *State, g *Unit) { g.HP = 0 }, false, "its suppressor is down"},
		{"suppressor holds a knife", func(s *State, g *Unit) {
			knife, err := s.Rules().Load("knife")
			if err != nil {
				t.Fatal(err)
			}
			g.Hand = knife
		}, false, "its suppressor is out of rounds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A gunner (1) has suppressed a trooper (2) ten tiles away; another
			// trooper (3) keeps the battle going when the gunner falls.
			s := battle(t, `B.........R...........B`, "")
			g, r := s.Unit(1), s.Unit(2)
			if err := s.Rules().Equip(g, "gunner"); err != nil {
				t.Fatal(err)
			}
			r.HP, r.MaxHP = 500, 500
			tt.setup(s, g)
			suppressedBy(s, r, g.ID)
			half, full := MoveBudget(r), DashBudget(r)
			if half != r.AP*(r.Speed/2)*stepOrth || full != r.AP*r.Speed*stepOrth {
				t.Fatalf("budgets: half %d, full %d; want speed %d halved and whole", half, full, r.Speed)
			}
			// Half speed: 3 AP × 2 tiles reach 6 tiles, not 7.
			far := Point{X: r.Pos.X + 3*(r.Speed/2) + 1, Y: 0}
			if _, err := Apply(s, Move{Unit: 2, To: far}, NewRNG(1)); !errors.Is(err, ErrUnreachable) {
				t.Fatalf("a suppressed walk of %d tiles: have %v, want ErrUnreachable", far.X-r.Pos.X, err)
			}
			if !s.DashReach(2, full).Reachable(far) || s.Reach(2, half).Reachable(far) {
				t.Errorf("DashReach/Reach disagree with the budgets at %v", far)
			}
			pv, reason, ok := s.BreakOutShot(2)
			if ok != tt.wantShot || reason != tt.reason {
				t.Errorf("BreakOutShot: ok %v reason %q, want %v %q", ok, reason, tt.wantShot, tt.reason)
			}
			ammo := g.Hand.Ammo
			ev := mustApply(t, s, Move{Unit: 2, To: far, Dash: true}, NewRNG(5))
			bo := eventsOf[BrokeOut](ev)
			if len(bo) != 1 || bo[0].By != 1 || bo[0].Shot != tt.wantShot || bo[0].Reason != tt.reason {
				t.Fatalf("broke out: %+v, want one by 1 with shot %v, reason %q", bo, tt.wantShot, tt.reason)
			}
			shots := eventsOf[Attacked](ev)
			if tt.wantShot {
				if len(shots) != 1 || shots[0].Attacker != 1 || shots[0].Kind != KindOpportunity || g.Hand.Ammo != ammo-1 {
					t.Fatalf("shots %+v, gunner ammo %d (was %d): want one opportunity attack, one round", shots, g.Hand.Ammo, ammo)
				}
				if shots[0].Chance != pv.Chance {
					t.Errorf("the shot rolled at %.3f, previewed at %.3f", shots[0].Chance, pv.Chance)
				}
				if _, ok := ev[0].(BrokeOut); !ok {
					t.Errorf("first event %T, want the break-out before the shot", ev[0])
				}
			} else if len(shots) != 0 {
				t.Errorf("shots %+v, want none", shots)
			}
			if _, _, ok := s.BreakOutShot(2); ok {
				t.Error("BreakOutShot offers a second shot after breaking out")
			}
			if r.Pos != far || !r.Status.Dashed {
				t.Fatalf("trooper at %v dashed %v, want at %v", r.Pos, r.Status.Dashed, far)
			}
			// Broken out: full speed for the rest of the turn, no second shot.
			if MoveBudget(r) != r.AP*r.Speed*stepOrth {
				t.Errorf("after breaking out: budget %d, want full speed", MoveBudget(r))
			}
			if r.AP > 0 {
				ev = mustApply(t, s, Move{Unit: 2, To: Point{X: far.X + 1}, Dash: true}, NewRNG(5))
				if len(eventsOf[BrokeOut](ev))+len(eventsOf[Attacked](ev)) != 0 {
					t.Errorf("a second dash in the turn: %+v, want no second shot", ev)
				}
			}
			mustApply(t, s, EndTurn{}, NewRNG(1))
			if r.Status.Suppressed || r.Status.Dashed || r.Status.SuppressedBy != 0 {
				t.Errorf("after the turn: status %+v, want suppression and dash over", r.Status)
			}
		})
	}
}

// A dash is a suppressed unit's choice; a unit that is not suppressed
// already runs at full speed, and aiming still halves a dash.
func TestDashRefusals(t *testing.T) {
	s := battle(t, `B....R`, "")
	s.Side = SideRed
	if _, err := Apply(s, Move{Unit: 2, To: Point{X: 4}, Dash: true}, NewRNG(1)); !errors.Is(err, ErrAlready) {
		t.Errorf("dash unsuppressed: have %v, want ErrAlready", err)
	}
	r := s.Unit(2)
	suppressedBy(s, r, 1)
	r.Status.Aiming = true
	if DashBudget(r) != MoveBudget(r) {
		t.Errorf("aiming: dash budget %d, move budget %d, want both at half speed", DashBudget(r), MoveBudget(r))
	}
}

// Suppressive fire records who pinned each unit down.
func TestSuppressionNamesTheSuppressor(t *testing.T) {
	for seed := uint64(1); seed < 50; seed++ {
		s := battle(t, `
B.........
..........
.....RR...`, "gunner")
		ev := mustApply(t, s, SuppressiveFire{Unit: 1, At: Point{X: 5, Y: 1}}, NewRNG(seed))
		if len(eventsOf[Suppressed](ev)) == 0 {
			continue
		}
		for _, id := range []int{2, 3} {
			if u := s.Unit(id); u.Status.Suppressed && u.Status.SuppressedBy != 1 {
				t.Errorf("unit %d suppressed by %d, want 1", id, u.Status.SuppressedBy)
			}
		}
		return
	}
	t.Fatal("no seed suppressed anyone")
}

// A suppressor that cannot see the unit breaking out has no shot at it.
func TestBreakOutUnseen(t *testing.T) {
	s := battle(t, `
B....#R.....
.....#......
.....#.....B`, "")
	r := s.Unit(2)
	suppressedBy(s, r, 1)
	ev := mustApply(t, s, Move{Unit: 2, To: Point{X: 11, Y: 0}, Dash: true}, NewRNG(1))
	if bo := eventsOf[BrokeOut](ev); len(bo) != 1 || bo[0].Shot || bo[0].Reason != "its suppressor has no shot" {
		t.Errorf("broke out: %+v, want no shot", bo)
	}
	if len(eventsOf[Attacked](ev)) != 0 || r.Pos.X != 11 {
		t.Errorf("events %+v, at %v", ev, r.Pos)
	}
}
