package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// B stands behind the middle of a wall; R is beyond its end, out of sight
// until B leans right past the wall's end (seed 000).
const peekMap = `
.....R....
..........
..........
####......
..B.......
..........`

func TestSeed000PeekOncePerTurn(t *testing.T) {
	s := battle(t, peekMap, "")
	b, r := s.Unit(2), s.Unit(1)
	r.HP, b.HP = 1000, 1000
	if oracleLoS(s, b, r) {
		t.Fatal("test map: B already sees R")
	}
	ev := mustApply(t, s, Attack{Unit: 2, Target: 1}, NewRNG(1))
	p := eventsOf[Peeked](ev)
	if len(p) != 1 || p[0].Lean != LeanRight || p[0].Tile != (Point{X: 3, Y: 4}) {
		t.Fatalf("peek have %+v, want one lean right into (3,4)", p)
	}
	if b.AP != 2 {
		t.Errorf("AP have %d, want 2: the peek is free", b.AP)
	}
	// As a target B now counts as Half cover with half its limbs exposed.
	v := oracleCover(s, r, b)
	if !v.LoS || v.Grade != CoverHalf || v.Limbs != peekLimbs(LeanRight) {
		t.Errorf("peeking B seen from R: LoS %v grade %v limbs %v, want half with %v", v.LoS, v.Grade, v.Limbs, peekLimbs(LeanRight))
	}
	ev = mustApply(t, s, Attack{Unit: 2, Target: 1}, NewRNG(2))
	if p := eventsOf[Peeked](ev); len(p) != 0 {
		t.Errorf("second attack peeked again: %+v", p)
	}
	if len(eventsOf[Attacked](ev)) != 1 {
		t.Errorf("second attack did not happen")
	}
	// Back to Full cover at the end of the turn.
	ev = mustApply(t, s, EndTurn{}, NewRNG(3))
	if len(eventsOf[PeekEnded](ev)) != 1 || b.Status.Lean != LeanNone {
		t.Errorf("end of turn: %v, lean %v; want peek_ended", ev, b.Status.Lean)
	}
	if oracleLoS(s, r, b) {
		t.Errorf("R still sees B after B ducked back")
	}
}

func TestSeed000OverwatchBeforeAttack(t *testing.T) {
	s := battle(t, peekMap, "")
	r := s.Unit(1)
	r.HP, s.Unit(2).HP = 1000, 1000
	r.Status.Overwatch, r.Status.WatchDir = true, DirTo(r.Pos, Point{X: 2, Y: 4})
	ev := mustApply(t, s, Attack{Unit: 2, Target: 1}, NewRNG(4))
	var order []string
	for _, e := range ev {
		switch e := e.(type) {
		case Peeked:
			order = append(order, "peek")
		case Attacked:
			order = append(order, e.Kind)
		}
	}
	if len(order) < 2 || order[0] != "peek" || order[1] != KindOverwatch {
		t.Fatalf("order have %v, want peek, overwatch, then the attack", order)
	}
	ow := eventsOf[Attacked](ev)[0]
	if ow.Attacker != 1 || ow.Target != 2 || ow.Grade != "half" {
		t.Errorf("overwatch shot %+v, want R at B in half cover (peeking)", ow)
	}
	if order[len(order)-1] != KindAttack {
		t.Errorf("B survived but did not attack: %v", order)
	}
	if r.Status.Overwatch {
		t.Errorf("overwatch not spent")
	}
}

func TestSeed000PeekTriggersOpportunityFirst(t *testing.T) {
	s := battle(t, `
.....R....
..........
..........
####......
.RB.......
..........`, "")
	ev := mustApply(t, s, Attack{Unit: 3, Target: 1}, NewRNG(5))
	at := eventsOf[Attacked](ev)
	if len(at) == 0 || at[0].Kind != KindOpportunity || at[0].Attacker != 2 {
		t.Fatalf("attacks %+v, want the adjacent R's opportunity attack first", at)
	}
	if s.Unit(3).Alive() && (len(at) != 2 || at[1].Kind != KindAttack) {
		t.Errorf("B's own attack should follow: %+v", at)
	}
}

func TestSeed000PronePeeksSidewaysOnly(t *testing.T) {
	// Prone behind the wall's middle: leaning sideways still sees R.
	s := battle(t, peekMap, "")
	s.Unit(2).Stance = Prone
	if v := oracleCover(s, s.Unit(2), s.Unit(1)); v.Peek != LeanRight {
		t.Errorf("prone peek have %v, want right", v.Peek)
	}
	// With both sides walled in, a prone unit cannot peek over.
	s = battle(t, `
.....R....
..........
..........
#######...
.#b#......
..........`, "")
	_, err := Apply(s, Attack{Unit: 2, Target: 1}, NewRNG(1))
	if !errors.Is(err, ErrNoLoS) {
		t.Errorf("prone, walled in: have %v, want ErrNoLoS", err)
	}
	if v := oracleCover(s, s.Unit(2), s.Unit(1)); v.Peek != LeanNone {
		t.Errorf("prone unit peeks %v", v.Peek)
	}
}

func TestOverwatchFromFullCoverKeepsPeek(t *testing.T) {
	s := battle(t, peekMap, "")
	mustApply(t, s, EndTurn{}, NewRNG(1))
	mustApply(t, s, EndTurn{}, NewRNG(1))
	b := s.Unit(2)
	ev := mustApply(t, s, Overwatch{Unit: 2, At: Point{X: 6, Y: 0}}, NewRNG(1))
	if len(eventsOf[Peeked](ev)) != 1 || b.Status.Lean == LeanNone {
		t.Fatalf("overwatch from full cover did not peek: %v", ev)
	}
	ev = mustApply(t, s, EndTurn{}, NewRNG(1))
	if b.Status.Lean == LeanNone || len(eventsOf[PeekEnded](ev)) != 0 {
		t.Errorf("peek ended with the turn though B is on overwatch")
	}
	if v := oracleCover(s, s.Unit(1), b); v.Grade != CoverHalf {
		t.Errorf("B on overwatch counts as %v, want half", v.Grade)
	}
}

// TestMaySeeNeverMissesASight: whenever the attack's full sight test
// (oracleCover, peeks included) finds line of sight, the cheap test asked
// first (oracleMaySee) does too, on rich maps with units leaning every way.
func TestMaySeeNeverMissesASight(t *testing.T) {
	seen, pruned := 0, 0
	for _, seed := range []uint64{1, 2, 3, 4} {
		s := genRichState(t, 20, 20, seed)
		for i, u := range s.Units {
			u.Status.Lean = Lean(i % 4)
		}
		for _, a := range s.Units {
			for _, b := range s.Units {
				if a == b {
					continue
				}
				full, cheap := oracleCover(s, a, b).LoS, oracleMaySee(s, a, b)
				if full && !cheap {
					t.Fatalf("seed %d: %d sees %d (lean %v, %v) but the cheap test says not", seed, a.ID, b.ID, a.Status.Lean, b.Status.Lean)
				}
				if full {
					seen++
				}
				if !cheap {
					pruned++
				}
			}
		}
	}
	if seen == 0 || pruned == 0 {
		t.Errorf("%d pairs seen, %d pruned", seen, pruned)
	}
}

// TestCanSeeUnseenIsCanSee: for every pair of units the first does not
// see as both stand (LineOfSight false), CanSeeUnseen answers as CanSee,
// on rich maps with units leaning every way; and both answers occur.
func TestCanSeeUnseenIsCanSee(t *testing.T) {
	var answers [2]int
	for _, seed := range []uint64{1, 2, 3, 4} {
		s := genRichState(t, 20, 20, seed)
		for i, u := range s.Units {
			u.Status.Lean = Lean(i % 4)
		}
		for _, a := range s.Units {
			for _, b := range s.Units {
				if a == b || s.LineOfSight(a, b) {
					continue
				}
				want := s.CanSee(a, b)
				if have := s.CanSeeUnseen(a, b); have != want {
					t.Fatalf("seed %d: %d (lean %v) to %d (lean %v): CanSeeUnseen %v, CanSee %v", seed, a.ID, a.Status.Lean, b.ID, b.Status.Lean, have, want)
				}
				if want {
					answers[1]++
				} else {
					answers[0]++
				}
			}
		}
	}
	if answers[0] == 0 || answers[1] == 0 {
		t.Errorf("unseen pairs: %d not seen, %d seen by a peek", answers[0], answers[1])
	}
}

// TestOverwatchPeeksTowardItsZone: seed 000, "Entering Overwatch from
// Full Cover automatically Peeks for the duration of the Overwatch", "Your
// Cover is treated as Half Cover": the watcher leans toward the zone it
// watches (not merely the first side free), so an enemy there sees it at
// Half cover, and the watcher's own wall gives that enemy no cover.
func TestOverwatchPeeksTowardItsZone(t *testing.T) {
	s := battle(t, `
..........
.R........
...#......
...#B.....
..........`, "")
	b, r := s.Unit(2), s.Unit(1)
	if b.Side != SideBlue {
		b, r = r, b
	}
	if g, _ := oracleArea(s, b, b.Pos, b.Stance); g != CoverFull {
		t.Fatalf("test map: B is in %v cover, want full", g)
	}
	if s.Side != b.Side {
		mustApply(t, s, EndTurn{}, NewRNG(1))
	}

	mustApply(t, s, Overwatch{Unit: b.ID, At: r.Pos}, NewRNG(1))
	if b.Status.Lean == LeanNone || !s.SeesTile(at(b, b.Status.PeekTile, b.Stance), r.Pos) {
		t.Fatalf("leans %v to %v: it does not see the zone it watches", b.Status.Lean, b.Status.PeekTile)
	}
	if v := oracleCover(s, r, b); !v.LoS || v.Grade != CoverHalf {
		t.Errorf("an enemy in the zone: sees %v, %v cover, want sight and half", v.LoS, v.Grade)
	}
	if v := oracleCover(s, b, r); !v.LoS || v.Grade >= CoverFull {
		t.Errorf("the watcher's shot into its zone: sees %v, target in %v cover from the watcher's own wall", v.LoS, v.Grade)
	}
}

// TestPeekRatherThanOwnWall: seed 000's peek is for a shooter in Full
// cover; one that sees its target only past its own wall, the wall hiding
// the target from its point of origin, leans out rather than hand the
// target Full cover from that wall.
func TestPeekRatherThanOwnWall(t *testing.T) {
	s := battle(t, `
..........
..........
..........
R..#B.....
..........`, "")
	b, r := s.Unit(2), s.Unit(1)
	raw := rawCover(s, b, r)
	if !raw.LoS || raw.Grade != CoverFull || !ownWall(s, b, raw) {
		t.Fatalf("test map: from where it stands B sees R %v at %v, own wall %v; want sight past its own wall at full", raw.LoS, raw.Grade, ownWall(s, b, raw))
	}
	if s.Side != b.Side {
		mustApply(t, s, EndTurn{}, NewRNG(1))
	}
	pv, err := s.PreviewAttack(Attack{Unit: b.ID, Target: r.ID})
	if err != nil {
		t.Fatal(err)
	}
	if !pv.Peek || pv.Grade >= CoverFull {
		t.Errorf("B's shot: peek %v, R in %v cover; want a peek and less than full", pv.Peek, pv.Grade)
	}
}

// TestPeeksTowardATile: the ways a unit may lean out toward a tile, left
// then right of the direction to it (the free space of its size beside
// it) and, crouched, over; the attack's own peek is one of them.
func TestPeeksTowardATile(t *testing.T) {
	for _, tt := range []struct {
		name   string
		board  string
		stance Stance
		toward Point
		want   []Peek
	}{
		{"north, standing: left and right", peekMap, Standing, Point{X: 5, Y: 0},
			[]Peek{{LeanLeft, Point{X: 1, Y: 4}, Standing}, {LeanRight, Point{X: 3, Y: 4}, Standing}}},
		{"north, crouched: and rising over", peekMap, Crouched, Point{X: 5, Y: 0},
			[]Peek{{LeanLeft, Point{X: 1, Y: 4}, Crouched}, {LeanRight, Point{X: 3, Y: 4}, Crouched}, {LeanOver, Point{X: 2, Y: 4}, Standing}}},
		{"east: left, north, is the wall's; right is south", peekMap, Standing, Point{X: 9, Y: 5},
			[]Peek{{LeanRight, Point{X: 2, Y: 5}, Standing}}},
		{"west: left is south, right is north", `
..........
.....B....
..........`, Crouched, Point{X: 0, Y: 2},
			[]Peek{{LeanLeft, Point{X: 5, Y: 2}, Crouched}, {LeanRight, Point{X: 5, Y: 0}, Crouched}, {LeanOver, Point{X: 5, Y: 1}, Standing}}},
		{"prone, walled in: none", `
.....R....
..........
..........
#######...
.#B#......
..........`, Prone, Point{X: 5, Y: 0}, nil},
		{"crouched, walled in: over only", `
.....R....
..........
..........
#######...
.#B#......
..........`, Crouched, Point{X: 5, Y: 0}, []Peek{{LeanOver, Point{X: 2, Y: 4}, Standing}}},
		{"a mech leans its whole size, where its space is free", `
.....R....
..........
..........
##########
..MM.#....
..MM......`, Standing, Point{X: 5, Y: 0}, []Peek{{LeanLeft, Point{X: 0, Y: 4}, Standing}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.board, "")
			a := s.Units[len(s.Units)-1]
			a.Stance = tt.stance
			if strings.Contains(tt.board, "M") {
				a.Size = 2 // the trooper's kit leaves it 1
			}
			peeks, n := s.Peeks(a, tt.toward)
			if have := peeks[:n]; !slices.Equal(have, tt.want) && !(n == 0 && len(tt.want) == 0) {
				t.Errorf("map:%s\n%v at %v toward %v: have %v, want %v", tt.board, tt.stance, a.Pos, tt.toward, have, tt.want)
			}
		})
	}
	// The attack leans the first way that sees its target (seed 000).
	s := battle(t, peekMap, "")
	peeks, n := s.Peeks(s.Unit(2), s.Unit(1).Pos)
	if v := oracleCover(s, s.Unit(2), s.Unit(1)); n != 2 || v.Peek != peeks[1].Lean || v.PeekTile != peeks[1].Tile {
		t.Errorf("the attack peeks %v into %v, want %v", v.Peek, v.PeekTile, peeks[1])
	}
}
