package rules

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestPreviewIsTheRoll checks that the chance and breakdown a player is
// shown are exactly the ones the attack then rolls with.
func TestPreviewIsTheRoll(t *testing.T) {
	tests := []struct {
		name  string
		m     string
		cmd   Attack
		grade CoverGrade
	}{
		{"open field", `
..........
B......R..
..........`, Attack{Unit: 1, Target: 2}, CoverExposed},
		{"behind low cover", `
..........
B.....lR..
..........`, Attack{Unit: 1, Target: 2}, CoverHalf},
		{"behind high cover", `
..........
B.....hR..
..........`, Attack{Unit: 1, Target: 2}, CoverThreeQuarter},
		{"shooting the cover", `
..........
B.....lR..
..........`, Attack{Unit: 1, Target: 2, Obstacle: 1}, CoverNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			p, err := s.PreviewAttack(tt.cmd)
			if err != nil {
				t.Fatal(err)
			}
			if tt.cmd.Obstacle == 0 && p.Grade != tt.grade {
				t.Errorf("grade have %v, want %v", p.Grade, tt.grade)
			}
			if p.Chance <= 0 || p.Chance >= 1 {
				t.Errorf("chance have %v, want strictly between 0 and 1", p.Chance)
			}
			ev := mustApply(t, s, tt.cmd, NewRNG(3))
			var got *Attacked
			for _, e := range ev {
				if a, ok := e.(Attacked); ok {
					got = &a
					break
				}
			}
			if got == nil {
				t.Fatalf("no attack event in %v", ev)
			}
			if got.Chance != p.Chance || got.CritChance != p.CritChance {
				t.Errorf("rolled chance %v/%v, preview showed %v/%v", got.Chance, got.CritChance, p.Chance, p.CritChance)
			}
			if !reflect.DeepEqual(got.Breakdown, p.Breakdown) {
				t.Errorf("rolled breakdown %+v\npreview showed %+v", got.Breakdown, p.Breakdown)
			}
			if got.Origin != p.Origin {
				t.Errorf("rolled from %v, preview showed %v", got.Origin, p.Origin)
			}
		})
	}
}

func TestPreviewRefusesLikeApply(t *testing.T) {
	s := battle(t, `
..#..
B.#.R
..#..`, "")
	before := *s.Unit(1)
	_, perr := s.PreviewAttack(Attack{Unit: 1, Target: 2})
	_, aerr := Apply(s, Attack{Unit: 1, Target: 2}, NewRNG(1))
	if !errors.Is(perr, ErrNoLoS) || !errors.Is(aerr, ErrNoLoS) {
		t.Fatalf("preview error %v, apply error %v; want both ErrNoLoS", perr, aerr)
	}
	if perr.Error() != aerr.Error() {
		t.Errorf("preview says %q, apply says %q", perr, aerr)
	}
	if *s.Unit(1) != before {
		t.Errorf("refused attack changed the attacker")
	}
}

func TestCheckChangesNothing(t *testing.T) {
	s := battle(t, `
..........
B.....lR..
..........`, "")
	units := make([]Unit, len(s.Units))
	for i, u := range s.Units {
		units[i] = *u
	}
	obstacles := len(s.Board.Obstacles)
	version := s.Board.Version()
	for _, c := range []Command{
		Attack{Unit: 1, Target: 2},
		Move{Unit: 1, To: Point{X: 3, Y: 1}},
		ChangeStance{Unit: 1, To: Prone},
		Attack{Unit: 1, Obstacle: 1},
		EndTurn{},
	} {
		if err := Check(s, c); err != nil {
			t.Errorf("%T: %v", c, err)
		}
	}
	for i, u := range s.Units {
		if *u != units[i] {
			t.Errorf("unit %d changed: %+v, was %+v", u.ID, *u, units[i])
		}
	}
	if len(s.Board.Obstacles) != obstacles || s.Board.Version() != version || s.Side != SideBlue {
		t.Errorf("board or turn changed by Check")
	}
	if err := Check(s, Move{Unit: 2, To: Point{X: 8, Y: 1}}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("moving the other side: have %v, want ErrNotYourTurn", err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	s := battle(t, `
.......
B....lR
.......`, "")
	c := s.Clone()
	c.Unit(1).Pos = Point{X: 1, Y: 0}
	c.Board.RemoveObstacle(c.Board.Obstacles[0].ID)
	if s.Unit(1).Pos != (Point{X: 0, Y: 1}) || len(s.Board.Obstacles) != 1 {
		t.Fatalf("changing the clone changed the original")
	}
	a, b := s.Unit(1), s.Unit(2)
	if have := s.Cover(a, b).By; have == nil {
		t.Errorf("original lost its cover after the clone's was removed")
	}
	if have := c.Cover(c.Unit(1), c.Unit(2)).By; have != nil {
		t.Errorf("clone still has cover from %v", have.Name)
	}
}

// TestCanSeeIsWhatTheAttackUses checks that CanSee (what fog of war shows)
// agrees with the attack's own legality: true for a target seen only by
// peeking from Full cover (seed 000), false for one no peek reaches.
func TestCanSeeIsWhatTheAttackUses(t *testing.T) {
	s := battle(t, peekMap, "")
	b, r := s.Unit(2), s.Unit(1)
	if s.LineOfSight(b, r) {
		t.Fatal("test map: B already sees R without peeking")
	}
	if !s.CanSee(b, r) {
		t.Errorf("CanSee false, but B can peek to see R")
	}
	if err := Check(s, Attack{Unit: 2, Target: 1}); err != nil {
		t.Errorf("the attack CanSee allows is refused: %v", err)
	}
	hidden := battle(t, `
..........
.####.....
.#B#......
.###......
.......R..`, "")
	hb, hr := hidden.Unit(1), hidden.Unit(2)
	if hidden.CanSee(hb, hr) {
		t.Errorf("CanSee true for a unit walled in on all sides")
	}
	if err := Check(hidden, Attack{Unit: 1, Target: 2}); err == nil {
		t.Errorf("an attack on a target nobody can see was allowed")
	}
	for _, u := range []*Unit{hb, hr} {
		for _, e := range []*Unit{hb, hr} {
			if u != e && hidden.CanSee(u, e) != hidden.LineOfSight(u, e) && !hidden.UnitInCover(u) {
				t.Errorf("CanSee differs from LineOfSight for %s, who is not in cover", u.Name)
			}
		}
	}
}

// TestTakeCoverSaysWhy checks the two reasons Take Cover is refused: the
// unit touches only something that hides it, or touches nothing (a
// diagonal corner does not count).
func TestTakeCoverSaysWhy(t *testing.T) {
	for _, tt := range []struct{ name, m, want string }{
		{"smoke only hides", `
			.....
			.Bs..
			....R`, "the smoke only hides"},
		{"diagonal is not contact", `
			.....
			.B...
			..h.R`, "side by side"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			err := Check(s, TakeCover{Unit: 1})
			if !errors.Is(err, ErrNoCover) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have %v, want ErrNoCover saying %q", err, tt.want)
			}
		})
	}
}

// TestPreviewShotIsTheMovedAttack: a what-if shot from another tile and
// stance previews exactly what the attack would roll once the unit stood
// there, on random maps, for every pair of enemies and every free tile
// next to the attacker.
func TestPreviewShotIsTheMovedAttack(t *testing.T) {
	checked := 0
	for _, seed := range []uint64{1, 2, 3} {
		s := genState(t, 16, 16, 8, seed)
		for _, a := range s.Units {
			for _, d := range dirSteps {
				p := a.Pos.Add(d)
				if !s.CanStand(a, p) {
					continue
				}
				for _, st := range []Stance{Standing, Prone} {
					moved := s.Clone()
					ma := moved.Unit(a.ID)
					ma.Pos, ma.Stance = p, st
					moved.Side = a.Side
					for _, e := range s.Units {
						if e.Side == a.Side {
							continue
						}
						there := *a
						there.Pos, there.Stance = p, st
						have, herr := s.PreviewShot(there, *e)
						want, werr := moved.PreviewAttack(Attack{Unit: a.ID, Target: e.ID})
						if (herr == nil) != (werr == nil) || !reflect.DeepEqual(have.Breakdown, want.Breakdown) || have.Chance != want.Chance || have.Grade != want.Grade {
							t.Fatalf("seed %d: %d at %v %v shooting %d: have %+v (%v), want %+v (%v)", seed, a.ID, p, st, e.ID, have, herr, want, werr)
						}
						if herr == nil {
							checked++
						}
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d shots checked", checked)
	}
}

// TestPreviewCoverShotIsTheMovedAttack: a what-if shot at an obstacle from
// another tile previews exactly what the attack would roll once the unit
// stood there, on random maps, for every obstacle and every free tile next
// to the attacker, each armed with a rifle.
func TestPreviewCoverShotIsTheMovedAttack(t *testing.T) {
	checked, refused := 0, 0
	for _, seed := range []uint64{1, 2, 3} {
		s := genState(t, 16, 16, 8, seed)
		rifle, ok := s.Rules().Weapon("rifle")
		if !ok {
			t.Fatal("no rifle in the default tables")
		}
		for _, a := range s.Units {
			a.Hand = Carried{Weapon: rifle, Ammo: rifle.Magazine}
		}
		for _, a := range s.Units {
			for _, d := range dirSteps {
				p := a.Pos.Add(d)
				if !s.CanStand(a, p) {
					continue
				}
				moved := s.Clone()
				moved.Unit(a.ID).Pos = p
				moved.Side = a.Side
				for _, o := range s.Board.Obstacles {
					there := *a
					there.Pos = p
					have, herr := s.PreviewCoverShot(there, o.ID)
					want, werr := moved.PreviewAttack(Attack{Unit: a.ID, Obstacle: o.ID})
					if (herr == nil) != (werr == nil) || !reflect.DeepEqual(have.Breakdown, want.Breakdown) || have.Chance != want.Chance {
						t.Fatalf("seed %d: %d at %v shooting obstacle %d: have %+v (%v), want %+v (%v)", seed, a.ID, p, o.ID, have, herr, want, werr)
					}
					if herr == nil {
						checked++
					} else {
						refused++
					}
				}
			}
		}
	}
	if checked < 20 || refused < 20 {
		t.Errorf("only %d shots checked and %d refused", checked, refused)
	}
}
