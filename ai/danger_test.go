package ai

import (
	"math"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// TestStepOut: an enemy hidden from a unit behind a wall, one move from
// a tile with a shot at it, threatens it with the profile's StepOut, by
// the share of its fire that the return fire where it steps to does not
// match: a friend with a clear shot there takes part of it, the unit's
// own shots too; without StepOut, or in a battle over an object, it
// threatens nothing.
func TestStepOut(t *testing.T) {
	// Red stands hidden from Blue behind the wall, a move from a shot.
	const hidden = `
....................
..B.....####........
........####..R.....
........####........
....................`

	for _, tt := range []struct {
		name, board string
		stepOut     float64
		object      bool   // Red must keep its unit standing: a battle over an object
		want        string // "none", "some" or "less" (than the first case's)
	}{
		{"alone", hidden, 0.67, false, "some"},
		{"no StepOut", hidden, 0, false, "none"},
		{"over an object", hidden, 0.67, true, "none"},
		{"a friend covers its way out", `
...............B....
..B.....####........
........####..R.....
........####........
...............B....`, 0.67, false, "less"},
	} {
		s, err := rules.ParseASCII(tt.board)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range s.Units {
			if err := s.Rules().Equip(u, "trooper"); err != nil {
				t.Fatal(err)
			}
		}
		var blue, red *rules.Unit
		for _, u := range s.Units {
			switch {
			case u.Side == rules.SideRed:
				red = u
			case blue == nil && u.Pos == (rules.Point{X: 2, Y: 1}):
				blue = u
			}
		}
		if _, err := s.PreviewShot(*red, *blue); err == nil {
			t.Fatalf("%s: test map: Red has a shot at Blue where it stands", tt.name)
		}
		if tt.object {
			s.Objectives = []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalProtect, Target: red.ID}}
		}
		danger := func(p Profile) exposure {
			c := NewComputer(p)
			c.view = match.New(s, 1).View(rules.SideBlue)
			c.memo.begin(s)
			c.steps = c.stepOuts(s, blue, []*rules.Unit{red})
			return c.exposed(s, blue, []*rules.Unit{red})
		}
		p := Normal
		p.StepOut = tt.stepOut
		have := danger(p)
		if have.stepped != have.damage {
			t.Errorf("%s: stepped %.2f of %.2f damage, want all of it", tt.name, have.stepped, have.damage)
		}
		switch tt.want {
		case "none":
			if have.damage != 0 {
				t.Errorf("%s: damage %.2f, want none", tt.name, have.damage)
			}
		case "some":
			if have.damage <= 0 {
				t.Errorf("%s: damage %.2f, want some", tt.name, have.damage)
			}
		case "less":
			ref := Normal
			ref.StepOut = 0.67
			// The same board without the friends: Red steps out freely.
			solo := s.Clone()
			for _, u := range solo.Units {
				if u.Side == rules.SideBlue && u.ID != blue.ID {
					u.HP = 0
				}
			}
			c := NewComputer(ref)
			c.view = match.New(solo, 1).View(rules.SideBlue)
			c.memo.begin(solo)
			c.steps = c.stepOuts(solo, solo.Unit(blue.ID), []*rules.Unit{solo.Unit(red.ID)})
			free := c.exposed(solo, solo.Unit(blue.ID), []*rules.Unit{solo.Unit(red.ID)})
			if have.damage >= free.damage || free.damage <= 0 {
				t.Errorf("%s: damage %.2f with the friends, %.2f without: want less with them", tt.name, have.damage, free.damage)
			}
		}
	}
}

// TestWhyNamesTheStepOut: a unit that an enemy can shoot only by
// stepping out says so in the why overlay, with the profile's StepOut;
// without it the overlay does not.
func TestWhyNamesTheStepOut(t *testing.T) {
	for _, tt := range []struct {
		stepOut float64
		want    bool
	}{{0.67, true}, {0, false}} {
		s, blue, red := hiddenPair(t)
		p := Normal
		p.StepOut = tt.stepOut
		c := NewComputer(p)
		c.view = match.New(s, 1).View(rules.SideBlue)
		c.memo.begin(s)
		threats := []*rules.Unit{red}
		c.steps = c.stepOuts(s, blue, threats)
		lines := whyLines(c, s, blue, threats)
		have := strings.Contains(lines, "must step out to shoot")
		if have != tt.want {
			t.Errorf("StepOut %v: names the step out %v, want %v: %q", tt.stepOut, have, tt.want, lines)
		}
	}
}

// stepBoard is a board where Red, hidden from most of Blue's side behind
// walls and cover, may step out round them, and Blue's friends watch
// some of the ways out.
const stepBoard = `
......................
..B.....####.....B....
........####..R.......
...l....####....h.....
........#.............
..B.....#...##....R...
......................
....h.......B.........`

// TestBlindFromNeverMissesAShot: the lookout of an enemy moved to a
// step-out tile says "no shot" only where the rules' forecast finds none,
// for a standing unit on every free tile, and it settles some of them;
// for a crouched unit it settles nothing.
func TestBlindFromNeverMissesAShot(t *testing.T) {
	s := ruletest.Troopers(t, stepBoard)
	var blue *rules.Unit
	for _, u := range s.Units {
		if u.Side == rules.SideBlue {
			blue = u
			break
		}
	}
	c := NewComputer(Normal)
	settled := 0
	for _, stance := range []rules.Stance{rules.Standing, rules.Crouched} {
		for _, e := range s.Units {
			if e.Side != rules.SideRed {
				continue
			}
			for _, q := range s.Reach(e.ID, rules.MoveBudget(e)).Tiles() {
				moved := *e
				moved.Pos = q
				for y := range s.Board.Height {
					for x := range s.Board.Width {
						p := rules.Point{X: x, Y: y}
						if !s.Board.Passable(p) || (s.UnitAt(p) != nil && p != blue.Pos) || p == q {
							continue
						}
						there := *blue
						there.Pos, there.Stance = p, stance
						if !c.seeing.blindFrom(s, &moved, &there) {
							continue
						}
						if stance != rules.Standing {
							t.Fatalf("%v: settled for a %v unit", p, stance)
						}
						settled++
						if _, ok := s.ForecastShot(moved, there); ok {
							t.Fatalf("Red %d moved to %v: blind to %v, but the forecast has a shot", e.ID, q, p)
						}
					}
				}
			}
		}
	}
	if settled == 0 {
		t.Fatal("the lookouts settled nothing")
	}
}

// TestStepVolleyIsTheFirstBestTrade: stepVolley, which asks the unit's
// own return fire best trade first and skips the trades that cannot win,
// counts the trade that scanning every step-out tile in order finds (the
// most net damage, the first of equals), on every free tile of the board
// for every Red unit.
func TestStepVolleyIsTheFirstBestTrade(t *testing.T) {
	s := ruletest.Troopers(t, stepBoard)
	var blue *rules.Unit
	var threats []*rules.Unit
	for _, u := range s.Units {
		switch {
		case u.Side == rules.SideRed:
			threats = append(threats, u)
		case blue == nil:
			blue = u
		}
	}
	p := Normal
	p.StepOut = 0.67
	c := NewComputer(p)
	c.view = match.New(s, 1).View(rules.SideBlue)
	c.memo.begin(s)
	c.steps = c.stepOuts(s, blue, threats)
	counted := 0
	for y := range s.Board.Height {
		for x := range s.Board.Width {
			at := rules.Point{X: x, Y: y}
			if !s.Board.Passable(at) || (s.UnitAt(at) != nil && at != blue.Pos) {
				continue
			}
			there := *blue
			there.Pos = at
			for i, e := range threats {
				shots, have := c.stepVolley(s, e, &there, nil)
				want, wantShots := scanTrades(c, s, e, &there, &c.steps[i])
				if have != want || len(shots) != wantShots {
					t.Fatalf("Red %d at Blue on %v: %.6f damage in %d shots, want %.6f in %d", e.ID, at, have, len(shots), want, wantShots)
				}
				if have > 0 {
					counted++
				}
			}
		}
	}
	if counted == 0 {
		t.Fatal("no step out counted anywhere: the test compares nothing")
	}
}

// scanTrades is stepVolley's damage and shot count, every step-out tile
// asked in order, every forecast asked: the model as first built.
func scanTrades(c *Computer, s *rules.State, e, u *rules.Unit, st *stepOut) (float64, int) {
	n := st.ap / weaponAP(s, e)
	ours := float64(max(u.MaxAP, 1) / weaponAP(s, u))
	best, bestNet, bestShare := shotOdds{}, 0.0, 0.0
	for j, q := range st.tiles {
		if q == u.Pos || st.back[j] >= st.most || dist2(q, u.Pos) > st.far*st.far {
			continue
		}
		moved := *e
		moved.Pos = q
		pv, ok := s.ForecastShot(moved, *u)
		if !ok {
			continue
		}
		o := c.shared(e, oddsOf(pv, weaponOf(s, pv.Weapon)))
		his := float64(float64(n) * o.mean())
		back := st.back[j]
		if back >= his {
			continue
		}
		if r, ok := s.ForecastShot(*u, moved); ok {
			back += float64(ours * oddsOf(r, weaponOf(s, r.Weapon)).mean())
		}
		share := min(max(1-back/max(his, 1e-9), 0), 1)
		if net := float64(his * share); net > bestNet {
			best, bestNet, bestShare = o, net, share
		}
	}
	if bestNet <= 0 {
		return 0, 0
	}
	w := float64(c.profile.StepOut * bestShare)
	best.hit *= w
	best.crit *= w
	return float64(float64(n) * best.mean()), n
}

// TestStepOutOnALargeMap: on a map of more than 48×48 tiles an enemy's
// step-out shots count within three range increments of the unit, from
// tiles a move action away (no peeks round a corner): Red, hidden behind
// a wall 43 tiles from Blue, threatens nothing there, and would with
// its step outs counted at every range.
func TestStepOutOnALargeMap(t *testing.T) {
	s := ruletest.Troopers(t, wallMap(2))
	blue, red := s.Units[0], s.Units[1]
	if !largeBoard(s.Board) {
		t.Fatal("test map: not a large board")
	}
	if _, err := s.PreviewShot(*red, *blue); err == nil {
		t.Fatal("test map: Red has a shot at Blue where it stands")
	}
	c := stepOutsOf(t, s, false)
	for _, q := range c.steps[0].tiles {
		if d := max(q.X-red.Pos.X, red.Pos.X-q.X, q.Y-red.Pos.Y, red.Pos.Y-q.Y); d <= 2 {
			t.Errorf("step-out tile %v is a peek %d tiles from Red", q, d)
		}
	}
	if have := c.exposed(s, blue, []*rules.Unit{red}); have.damage != 0 {
		t.Errorf("damage %.3f from beyond three range increments, want none", have.damage)
	}
	c.steps[0].far = math.MaxInt32
	if have := c.exposed(s, blue, []*rules.Unit{red}); have.damage <= 0 {
		t.Errorf("damage %.3f with the step outs counted at every range, want some", have.damage)
	}
}

// TestStepPeek: the peeks round a corner (step-out tiles within two of
// the enemy) count with the profile's StepPeek on a map of at most 48×48
// tiles, never without it, and never on a large map.
func TestStepPeek(t *testing.T) {
	small := `
		....................
		....................
		....................
		.B.......#..R.......
		.........#..........
		....................
		....................
		....................`
	tests := []struct {
		name  string
		board string
		peek  bool
		want  bool
	}{
		{"small map, peeks", small, true, true},
		{"small map, no peeks", small, false, false},
		{"large map, peeks", wallMap(30), true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ruletest.Troopers(t, tc.board)
			red := s.Units[1]
			c := stepOutsOf(t, s, tc.peek)
			have := false
			for _, q := range c.steps[0].tiles {
				if max(q.X-red.Pos.X, red.Pos.X-q.X, q.Y-red.Pos.Y, red.Pos.Y-q.Y) <= 2 {
					have = true
				}
			}
			if have != tc.want {
				t.Errorf("a peek among the step-out tiles %v: %v, want %v", c.steps[0].tiles, have, tc.want)
			}
		})
	}
}

// wallMap is a 50×50 map with Blue at column bx and Red behind a wall
// (column 43, rows 17-23) at column 45, both on row 20.
func wallMap(bx int) string {
	rows := make([]string, 50)
	for y := range rows {
		row := []byte(strings.Repeat(".", 50))
		if y >= 17 && y <= 23 {
			row[43] = '#'
		}
		if y == 20 {
			row[bx], row[45] = 'B', 'R'
		}
		rows[y] = string(row)
	}
	return strings.Join(rows, "\n")
}

// stepOutsOf is normal with StepOut 0.67 (and peek as its StepPeek)
// deciding for Blue, s.Units[0], with Red's step outs, s.Units[1]'s.
func stepOutsOf(t *testing.T, s *rules.State, peek bool) *Computer {
	t.Helper()
	p := Normal
	p.StepOut, p.StepPeek = 0.67, peek
	c := NewComputer(p)
	c.view = match.New(s, 1).View(rules.SideBlue)
	c.memo.begin(s)
	c.steps = c.stepOuts(s, s.Units[0], []*rules.Unit{s.Units[1]})
	if len(c.steps) != 1 || len(c.steps[0].tiles) == 0 {
		t.Fatalf("step outs %+v, want Red's", c.steps)
	}
	return c
}
