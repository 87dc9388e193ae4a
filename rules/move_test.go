package rules

import (
	"errors"
	"testing"
)

// Seed 001's five worked examples, verbatim, on its value scale: exposed
// -1, light 0, medium 1 (2 taken actively), heavy 2 (3 taken actively).
func TestSeed001MovingThroughCover(t *testing.T) {
	tests := []struct {
		name       string
		start      int
		path       []int
		end        int
		this, next int
	}{
		// "A character begins their turn taking medium cover. They move
		// through an area of light cover, and take cover again in medium
		// cover. Their final cover (2) is greater than the area moved
		// through (0), so their cover this turn is 1."
		{"example 1", 2, []int{0}, 2, 1, 2},
		// "A character begins their turn exposed. They move to an area of
		// heavy cover and take cover there. Their final cover (3) is greater
		// than their starting cover (-1), so their cover this turn is 2."
		{"example 2", -1, nil, 3, 2, 3},
		// "begins their turn taking heavy cover. They emerge and move through
		// an area of medium cover and end in an exposed area ... so it is one
		// higher (0) for this turn. But starting next turn, it will be -1!"
		{"example 3", 3, []int{1}, -1, 0, -1},
		// "begins in an area of medium cover (1), moves through heavy cover
		// (2), and ends in medium cover (1) ... it is 2 for this round"
		{"example 4", 1, []int{2}, 1, 2, 1},
		// "begins in an area of heavy cover (2), moves through medium cover
		// (1), and ends in heavy cover (2) ... their cover this turn is 1"
		{"example 5", 2, []int{1}, 2, 1, 2},
	}
	for _, tt := range tests {
		if got := tt.end + MoveCoverModifier(tt.start, tt.path, tt.end); got != tt.this {
			t.Errorf("%s: cover this turn have %d, want %d", tt.name, got, tt.this)
		}
		if got := tt.end + MoveCoverModifier(tt.end, nil, tt.end); got != tt.next {
			t.Errorf("%s: cover next turn have %d, want %d", tt.name, got, tt.next)
		}
	}
}

// Seed 001 example 2 on a board: exposed start, run to high cover, take
// cover: the attack sees the -1 modifier, and it is gone next turn.
func TestMovingThroughCoverOnBoard(t *testing.T) {
	s := battle(t, `
..............
B.............
..............
..............
.........h....
..............
.........R....`, "")
	b := s.Unit(1)
	mustApply(t, s, Move{Unit: 1, To: Point{X: 9, Y: 3}}, NewRNG(1))
	mustApply(t, s, TakeCover{Unit: 1}, NewRNG(1))
	if !b.Status.TakingCover {
		t.Fatal("not taking cover")
	}
	if m := moveCoverMod(s, b); m != -1 {
		t.Errorf("modifier after running from the open into cover have %d, want -1", m)
	}
	mustApply(t, s, EndTurn{}, NewRNG(1))
	ev := mustApply(t, s, Attack{Unit: 2, Target: 1}, NewRNG(1))
	var labels []string
	found := false
	for _, md := range eventsOf[Attacked](ev)[0].Breakdown.Mods {
		labels = append(labels, md.Label)
		if md.Source == srcMoving && md.Value == -1 {
			found = true
		}
	}
	if !found {
		t.Errorf("breakdown %v lacks the -1 moving-through-cover entry", labels)
	}
	mustApply(t, s, EndTurn{}, NewRNG(1))
	if m := moveCoverMod(s, b); m != 0 {
		t.Errorf("modifier next turn have %d, want 0", m)
	}
}

func TestVault(t *testing.T) {
	tests := []struct {
		name string
		m    string
		ap   int
		want error
	}{
		// 4 tiles east over low cover: as far as 4 open tiles, 1 AP.
		{"low cover is free", `
.....
B..l.`, 1, nil},
		// High cover costs 3 tiles more: 7 tiles, 2 AP.
		{"high cover costs 3 tiles", `
#####
B..h.`, 2, nil},
		{"walls cannot be vaulted", `
#####
B..#.`, 0, ErrUnreachable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			s.AddUnit(DefaultUnit(SideRed, Point{X: 0, Y: 0}))
			ev, err := Apply(s, Move{Unit: 1, To: Point{X: 4, Y: 1}}, NewRNG(1))
			if !errors.Is(err, tt.want) {
				t.Fatalf("have %v, want %v", err, tt.want)
			}
			if err != nil {
				return
			}
			if v := eventsOf[Vaulted](ev); len(v) != 1 {
				t.Errorf("vaults have %v, want one", v)
			}
			if ap := 3 - s.Unit(1).AP; ap != tt.ap {
				t.Errorf("AP spent have %d, want %d", ap, tt.ap)
			}
		})
	}
}

// Smoke stops sight, not bodies: a unit walks through a cloud as through
// open ground (no vault), and may stand in it; a wall still stops it.
func TestWalkThroughSmoke(t *testing.T) {
	for _, tt := range []struct {
		name string
		m    string
		want error
	}{
		{"through smoke", `
#####
B.ss.`, nil},
		{"into smoke", `
#####
B..s.`, nil},
		{"not through a wall", `
#####
B.#s.`, ErrUnreachable},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			s.AddUnit(DefaultUnit(SideRed, Point{X: 0, Y: 0}))
			to := Point{X: 3, Y: 1}
			ev, err := Apply(s, Move{Unit: 1, To: to}, NewRNG(1))
			if !errors.Is(err, tt.want) {
				t.Fatalf("have %v, want %v", err, tt.want)
			}
			if err != nil {
				return
			}
			if v := eventsOf[Vaulted](ev); len(v) != 0 || s.Unit(1).Pos != to || 3-s.Unit(1).AP != 1 {
				t.Errorf("vaults %v, at %v, AP spent %d: want no vault, at %v, 1 AP", v, s.Unit(1).Pos, 3-s.Unit(1).AP, to)
			}
		})
	}
}

// Seed 004, Piling Through Cover: d6 + ST > DE destroys the section and
// the unit moves on; otherwise it halts.
func TestPileThrough(t *testing.T) {
	m := `
#####
B..h.
#####`
	seenOK, seenFail := false, false
	for seed := uint64(1); seed < 60 && !(seenOK && seenFail); seed++ {
		s := battle(t, m, "")
		s.AddUnit(DefaultUnit(SideRed, Point{X: 4, Y: 0}))
		b := s.Unit(1)
		b.Stats.ST = 8 // vs brick DE 12: a 5 or 6 breaks through
		ev := mustApply(t, s, Move{Unit: 1, To: Point{X: 4, Y: 1}, Pile: true}, NewRNG(seed))
		p := eventsOf[PiledThrough](ev)
		if len(p) != 1 || p[0].DE != 12 || p[0].ST != 8 {
			t.Fatalf("pile events %+v", p)
		}
		if p[0].Success != (p[0].Roll+8 > 12) {
			t.Errorf("roll %d + 8 vs 12: success %v", p[0].Roll, p[0].Success)
		}
		if p[0].Success {
			seenOK = true
			if b.Pos != (Point{X: 4, Y: 1}) || s.Board.Obstacle(obstacleIDAt(s, Point{X: 3, Y: 1})) != nil {
				t.Errorf("after piling through: at %v", b.Pos)
			}
		} else {
			seenFail = true
			if b.Pos != (Point{X: 2, Y: 1}) {
				t.Errorf("failed pile: at %v, want halted at (2,1)", b.Pos)
			}
		}
	}
	if !seenOK || !seenFail {
		t.Errorf("seeds gave success %v failure %v", seenOK, seenFail)
	}
}

func obstacleIDAt(s *State, p Point) int {
	for _, o := range s.Board.Obstacles {
		if o.Shape.CoversTile(p, s.Board.TileSize) {
			return o.ID
		}
	}
	return -1
}

func TestOverwatchOnMove(t *testing.T) {
	s := battle(t, `
R.........
..........
..........
.........B`, "")
	r, b := s.Unit(1), s.Unit(2)
	r.Status.Overwatch, r.Status.WatchDir = true, DirTo(r.Pos, Point{X: 5, Y: 3})
	b.HP = 1000
	ev := mustApply(t, s, Move{Unit: 2, To: Point{X: 5, Y: 3}}, NewRNG(1))
	at := eventsOf[Attacked](ev)
	if len(at) != 1 || at[0].Kind != KindOverwatch {
		t.Fatalf("attacks %+v, want one overwatch shot", at)
	}
	if r.Status.Overwatch {
		t.Error("overwatch not spent")
	}
	// The move is reported in segments around the shot and still arrives.
	total := 0
	for _, m := range eventsOf[Moved](ev) {
		total += len(m.Path)
	}
	if b.Pos != (Point{X: 5, Y: 3}) || total != 4 {
		t.Errorf("B at %v after %d steps", b.Pos, total)
	}
}

func TestOpportunityAttackOnLeaving(t *testing.T) {
	s := battle(t, `
.R.....
.B.....`, "")
	s.Unit(2).HP = 1000
	ev := mustApply(t, s, Move{Unit: 2, To: Point{X: 5, Y: 1}}, NewRNG(1))
	at := eventsOf[Attacked](ev)
	if len(at) != 1 || at[0].Kind != KindOpportunity || at[0].Attacker != 1 {
		t.Fatalf("attacks %+v, want one opportunity attack", at)
	}
	if !s.Unit(1).Status.Reacted {
		t.Error("reaction not used up")
	}
}

func TestAimHalvesSpeedAndWidensThreat(t *testing.T) {
	s := battle(t, `B.........R`, "marksman")
	b := s.Unit(1)
	ev := mustApply(t, s, Aim{Unit: 1}, NewRNG(1))
	if a := eventsOf[Aimed](ev); len(a) != 1 || a[0].AP != 2 || b.AP != 1 {
		t.Fatalf("sniper aim: %v AP left %d, want 2 AP spent", ev, b.AP)
	}
	if MoveBudget(b) != 1*(b.Speed/2)*2 {
		t.Errorf("aiming budget %d, want half speed", MoveBudget(b))
	}
	ev = mustApply(t, s, Attack{Unit: 1, Target: 2}, NewRNG(1))
	if a := eventsOf[Attacked](ev)[0]; a.Breakdown.CritFrom() != 18 {
		t.Errorf("sniper 19-20 aimed: crit from %d, want 18", a.Breakdown.CritFrom())
	}
}

// Seed 003, Overwatch: "spending 1 attack action. This increases the
// critical threat range of your next shot by 1 ... For each additional
// action, spent in Overwatch, without firing and without breaking the
// Aiming action, you increase the critical threat range of the shot by an
// additional 1, to a maximum of your Intelligence modifier x3."
func TestOverwatchThreatFromAim(t *testing.T) {
	for _, tt := range []struct {
		name       string
		ap, int    int
		aiming     bool
		wantThreat int
	}{
		{"one action while aiming: +1", 1, 1, true, 1},
		{"two actions: +2", 2, 1, true, 2},
		{"three actions: +3", 3, 1, true, 3},
		{"three actions, INT 0: capped at 0", 3, 0, true, 0},
		{"three actions, INT 1 caps at 3", 3, 1, true, 3},
		{"two actions, INT 2: its cap of 6 is above", 2, 2, true, 2},
		{"not aiming: nothing", 3, 1, false, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, `B.........R`, "marksman")
			b := s.Unit(1)
			b.Stats.INT, b.AP, b.Status.Aiming = tt.int, tt.ap, tt.aiming
			ev := mustApply(t, s, Overwatch{Unit: 1, At: Point{X: 10, Y: 0}}, NewRNG(1))
			ow := eventsOf[OverwatchSet](ev)
			if len(ow) != 1 || ow[0].AP != tt.ap || ow[0].Threat != tt.wantThreat || b.Status.WatchThreat != tt.wantThreat {
				t.Errorf("overwatch %+v, watch threat %d; want %d AP and +%d", ow, b.Status.WatchThreat, tt.ap, tt.wantThreat)
			}
		})
	}
}

func TestInventory(t *testing.T) {
	s := battle(t, `B.........R`, "")
	b := s.Unit(1)
	b.Hand.Ammo = 0
	if _, err := Apply(s, Attack{Unit: 1, Target: 2}, NewRNG(1)); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty rifle: have %v, want ErrEmpty", err)
	}
	mustApply(t, s, Reload{Unit: 1}, NewRNG(1))
	if b.Hand.Ammo != b.Hand.Weapon.Magazine || b.AP != 2 {
		t.Errorf("reload: ammo %d AP %d", b.Hand.Ammo, b.AP)
	}
	if _, err := Apply(s, Draw{Unit: 1}, NewRNG(1)); !errors.Is(err, ErrHands) {
		t.Errorf("draw with full hands: have %v, want ErrHands", err)
	}
	mustApply(t, s, Drop{Unit: 1}, NewRNG(1))
	if !b.Hand.Empty() || b.AP != 2 {
		t.Errorf("drop is free and empties the hand: %+v AP %d", b.Hand, b.AP)
	}
	mustApply(t, s, Draw{Unit: 1}, NewRNG(1))
	if b.Hand.Weapon.Name != "knife" || !b.Holster.Empty() || b.AP != 1 {
		t.Errorf("draw: hand %q holster %q AP %d", b.Hand.Weapon.Name, b.Holster.Weapon.Name, b.AP)
	}
	mustApply(t, s, Holster{Unit: 1}, NewRNG(1))
	if !b.Hand.Empty() || b.Holster.Weapon.Name != "knife" || b.AP != 0 {
		t.Errorf("holster: hand %q holster %q AP %d", b.Hand.Weapon.Name, b.Holster.Weapon.Name, b.AP)
	}
}

// Seed 004, Failing to Pile Through Cover: a running foot unit "must pass
// a DE test or fall prone and be stunned"; a running mech "must pass an
// RE test or fall prone". Running is a move whose route needs more than
// one AP; the test is a Reflex save (d20 + Reflex >= 15).
func TestPileThroughRunning(t *testing.T) {
	foot := `
##########
B......h..
##########
R.........`
	mech := `
##########
.......h..
.......h..
##########
R.........`
	tests := []struct {
		name    string
		m       string
		mech    bool
		from    Point
		to      Point
		running bool
	}{
		{"foot walking (1 AP)", foot, false, Point{X: 5, Y: 1}, Point{X: 8, Y: 1}, false},
		{"foot running (2 AP)", foot, false, Point{X: 0, Y: 1}, Point{X: 9, Y: 1}, true},
		{"mech walking (1 AP)", mech, true, Point{X: 5, Y: 1}, Point{X: 8, Y: 1}, false},
		{"mech running (2 AP)", mech, true, Point{X: 0, Y: 1}, Point{X: 8, Y: 1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seenPass, seenFall := false, false
			for seed := uint64(1); seed < 80; seed++ {
				s := battle(t, tt.m, "")
				var u *Unit
				if tt.mech {
					m := DefaultUnit(SideBlue, tt.from)
					if err := DefaultData().Equip(&m, "mech"); err != nil {
						t.Fatal(err)
					}
					u = s.AddUnit(m)
				} else {
					u = s.Unit(1)
				}
				u.Pos = tt.from
				u.Stats.ST = 0 // d6 never beats brick DE 12
				ev := mustApply(t, s, Move{Unit: u.ID, To: tt.to, Pile: true}, NewRNG(seed))
				if p := eventsOf[PiledThrough](ev); len(p) == 0 || p[0].Success {
					t.Fatalf("pile %+v, want a failure", p)
				}
				sv, fell := eventsOf[Saved](ev), eventsOf[Fell](ev)
				if !tt.running {
					if len(sv) != 0 || len(fell) != 0 || u.Stance != Standing || u.AP == 0 {
						t.Fatalf("walking unit tested %v, fell %v, %s with %d AP", sv, fell, u.Stance, u.AP)
					}
					return
				}
				if len(sv) != 1 || sv[0].Kind != "reflex" || sv[0].DC != 15 || sv[0].Bonus != u.Stats.Reflex {
					t.Fatalf("saves %+v, want one Reflex DC 15 save", sv)
				}
				if sv[0].Success {
					seenPass = true
					if len(fell) != 0 || u.Stance != Standing || u.AP == 0 {
						t.Errorf("passed the save yet fell %v, %s, %d AP", fell, u.Stance, u.AP)
					}
					continue
				}
				seenFall = true
				if len(fell) != 1 || u.Stance != Prone {
					t.Fatalf("failed the save: fell %v, stance %s", fell, u.Stance)
				}
				if tt.mech {
					if fell[0].Stunned || u.AP == 0 {
						t.Errorf("a mech only falls prone: %+v, AP %d", fell[0], u.AP)
					}
				} else if !fell[0].Stunned || fell[0].APLost == 0 || u.AP != 0 {
					t.Errorf("a foot unit is stunned and loses its AP: %+v, AP %d", fell[0], u.AP)
				}
				if _, ok := ev[len(ev)-1].(Interrupted); !ok {
					t.Errorf("the move should end interrupted: %v", ev)
				}
			}
			if !seenPass || !seenFall {
				t.Errorf("seeds gave pass %v fall %v", seenPass, seenFall)
			}
		})
	}
}

// Seed 003, Overwatch: "When the shot is fired the target or targeted
// square must be in the weapon's range (without using range increments)".
// A rifle (range 12) on overwatch shoots a mover up to 12 tiles away, not
// one 13 or 17 tiles away (two increments used to reach 24).
func TestOverwatchOnlyWithinWeaponRange(t *testing.T) {
	for _, tt := range []struct {
		name string
		m    string
		to   Point
		want int
	}{
		{"mover steps to 11 tiles away: shot", `R...........B.......`, Point{X: 11}, 1},
		{"mover steps to 12 tiles away: shot", `R............B......`, Point{X: 12}, 1},
		{"mover steps to 13 tiles away: out of range", `R.............B.....`, Point{X: 13}, 0},
		{"mover steps to 17 tiles away: out of range", `R.................B.`, Point{X: 17}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			r := s.Unit(1)
			r.Status.Overwatch, r.Status.WatchDir = true, East
			s.Unit(2).HP = 1000
			ev := mustApply(t, s, Move{Unit: 2, To: tt.to}, NewRNG(1))
			if have := len(eventsOf[Attacked](ev)); have != tt.want {
				t.Errorf("have %d overwatch shots, want %d", have, tt.want)
			}
		})
	}
}

// Seed 004, Piling Through Cover: a unit that "fails to pile through the
// cover (as detailed above) is immediately halted and may move no further
// that turn". Blue walks (1 AP) into brick (DE 12) and then tries to move
// again the same turn; after a success, or on its next turn, it may.
func TestFailedPileThroughHaltsForTheTurn(t *testing.T) {
	m := `
#####
B..h.
#####
R....`
	tests := []struct {
		name     string
		st       int  // 0: d6 never beats DE 12; 20: always does
		nextTurn bool // the second move comes on Blue's next turn
		second   Move
		want     error
	}{
		{"failed: a move back refused", 0, false, Move{Unit: 1, To: Point{X: 0, Y: 1}}, ErrBlockedPath},
		{"failed: another pile refused", 0, false, Move{Unit: 1, To: Point{X: 4, Y: 1}, Pile: true}, ErrBlockedPath},
		{"failed: next turn it moves again", 0, true, Move{Unit: 1, To: Point{X: 0, Y: 1}}, nil},
		{"smashed through: it moves on", 20, false, Move{Unit: 1, To: Point{X: 3, Y: 1}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, m, "")
			b := s.Unit(1)
			b.Stats.ST = tt.st
			mustApply(t, s, Move{Unit: 1, To: Point{X: 4, Y: 1}, Pile: true}, NewRNG(1))
			if halted := tt.st == 0; b.Status.Halted != halted || (MoveBudget(b) == 0) != halted {
				t.Fatalf("halted %v, budget %d; want halted %v", b.Status.Halted, MoveBudget(b), halted)
			}
			if tt.nextTurn {
				mustApply(t, s, EndTurn{}, NewRNG(1))
				mustApply(t, s, EndTurn{}, NewRNG(1))
			}
			if _, err := Apply(s, tt.second, NewRNG(1)); !errors.Is(err, tt.want) {
				t.Errorf("second move: have %v, want %v", err, tt.want)
			}
		})
	}
}

// Seed 001, Example 3: "A character begins their turn taking heavy cover.
// They emerge and move through an area of medium cover and end in an
// exposed area. Their final cover (-1) is less than both ... so it is one
// higher (0) for this turn." One step up from exposed (-2) is light (0):
// +2, so the shot is at 0 in all, not -1. The other examples keep their
// step of one point (Example 2 on a board, above).
func TestSeed001Example3OnBoard(t *testing.T) {
	tests := []struct {
		name      string
		path      []Point // moves made in turn 2
		wantMoved int     // the "Moved through cover" entry
		wantTotal int     // exposed plus it, when it moved
	}{
		{"heavy taken, through medium, to exposed", []Point{{X: 2, Y: 1}, {X: 8, Y: 1}}, 2, 0},
		{"stays put in heavy cover", nil, 0, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, `
..l..................
hB...................
.....................
.....................
....................R`, "")
			mustApply(t, s, TakeCover{Unit: 1}, NewRNG(1))
			mustApply(t, s, EndTurn{}, NewRNG(1))
			mustApply(t, s, EndTurn{}, NewRNG(1))
			for _, p := range tt.path {
				mustApply(t, s, Move{Unit: 1, To: p}, NewRNG(1))
			}
			mustApply(t, s, EndTurn{}, NewRNG(1))
			pv, err := s.PreviewAttack(Attack{Unit: 2, Target: 1})
			if err != nil {
				t.Fatal(err)
			}
			moved, total := 0, 0
			for _, m := range pv.Breakdown.Mods {
				switch m.Source {
				case srcMoving:
					moved = m.Value
					total += m.Value
				case srcExposed:
					total += m.Value
				}
			}
			if moved != tt.wantMoved {
				t.Errorf("moved through cover %+d, want %+d (%+v)", moved, tt.wantMoved, pv.Breakdown.Mods)
			}
			if tt.path != nil && total != tt.wantTotal {
				t.Errorf("cover in all %+d, want %+d (%+v)", total, tt.wantTotal, pv.Breakdown.Mods)
			}
		})
	}
}
