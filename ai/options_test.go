package ai

import (
	"math"
	"testing"

	"sightline/match"
	"sightline/rules"
)

// TestOptions: where it stands, the computer weighs every command the
// rules offer it from their own forecasts, and the best plan is the one a
// player would expect.
func TestOptions(t *testing.T) {
	tests := []struct {
		name      string
		m         string
		blue, red string
		want      []string // the commands it must weigh
		best      []string // the best must be one of these
		spent     []int    // units with no AP left
		easy      []int    // units with defence -10, easy to hit
	}{
		{"two enemies side by side behind a wall: fire at the area", `
..........l.R.......
..........l.R.......
B...................
....................`, "gunner", "trooper",
			[]string{"attack", "aim", "suppressive_fire", "covering_fire"}, []string{"suppressive_fire", "covering_fire"}, nil, nil},
		{"a heavy weapon with AP to spare: aim first", `
..........
B......R..
..........`, "gunner", "trooper",
			[]string{"attack", "aim"}, []string{"aim"}, nil, nil},
		{"out of range of a sniper: take cover", `
.....................................
Bl...................................
.....................................
....................................R`, "breacher", "marksman",
			[]string{"take_cover", "overwatch"}, []string{"take_cover"}, nil, nil},
		{"an enemy in the open: shoot it, do not charge", `
..........
B....R....
..........`, "breacher", "trooper",
			[]string{"attack"}, []string{"attack"}, nil, nil}, // a charge into its volley is worth less than nothing
		{"an enemy behind a fence: shooting the fence is weighed", `
..........
B....lR...
B.........
B.........`, "gunner", "trooper",
			[]string{"attack", "attack_cover"}, []string{"attack", "aim", "suppressive_fire", "covering_fire", "attack_cover"}, nil, nil},
		{"behind a wall, an enemy a friend sees: fire blind", `
...R......
..........
..#####...
B..B......`, "trooper", "trooper",
			[]string{"blind_fire"}, []string{"blind_fire"}, []int{2}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := rules.ParseASCII(tt.m)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range s.Units {
				typ := tt.blue
				if u.Side == rules.SideRed {
					typ = tt.red
				}
				if err := s.Rules().Equip(u, typ); err != nil {
					t.Fatal(err)
				}
			}
			for _, o := range s.Board.Obstacles {
				if o.Height <= rules.HeightLow {
					o.Destructible, o.Vaultable = true, true // a wooden fence
				}
			}
			for _, id := range tt.spent {
				s.Unit(id).AP = 0
			}
			for _, id := range tt.easy {
				s.Unit(id).Stats.Defence = -10
			}
			c := NewComputer(Normal)
			w := c.start(match.New(s, 1).View(rules.SideBlue))
			opts := c.options(w)
			have := map[string]bool{}
			for _, o := range opts {
				name := o.cmd.CommandName()
				if a, ok := o.cmd.(rules.Attack); ok && a.Obstacle != 0 {
					name = "attack_cover"
				}
				have[name] = true
			}
			best, _ := choose(w.s, opts)
			if best.cmd != nil {
				if err := rules.Check(w.s, best.cmd); err != nil {
					t.Errorf("chose %+v, which is illegal: %v", best.cmd, err)
				}
			}
			for _, name := range tt.want {
				if !have[name] {
					t.Errorf("have %v, want %s among them", have, name)
				}
			}
			bestName := ""
			if best.cmd != nil {
				bestName = best.cmd.CommandName()
				if a, ok := best.cmd.(rules.Attack); ok && a.Obstacle != 0 {
					bestName = "attack_cover"
				}
			}
			if !contains(tt.best, bestName) {
				t.Errorf("best have %+v, want one of %v; weighed %+v", best, tt.best, opts)
			}
		})
	}
}

// TestChooseSkipsTheIllegal: the best option the rules refuse is passed
// over for the next best.
func TestChooseSkipsTheIllegal(t *testing.T) {
	s, err := rules.ParseASCII(`
B......R..`)
	if err != nil {
		t.Fatal(err)
	}
	opts := []option{
		{cmd: rules.Reload{Unit: 1}, value: 1},
		{cmd: rules.ChangeStance{Unit: 1, To: rules.Standing}, value: 9}, // already standing
		{cmd: rules.ChangeStance{Unit: 1, To: rules.Prone}, value: 5},
	}
	have, ok := choose(s, opts)
	if want := opts[2].cmd; !ok || have.cmd != want {
		t.Errorf("have %+v, want %+v", have.cmd, want)
	}
	if _, ok := choose(s, opts[1:2]); ok {
		t.Error("chose an illegal option")
	}
}

// TestEasyPlaysPlain: a profile without the special commands offers none.
func TestEasyPlaysPlain(t *testing.T) {
	s, err := rules.ParseASCII(`
..........l.R.......
..........l.R.......
B...................`)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range s.Units {
		if err := s.Rules().Equip(u, "gunner"); err != nil {
			t.Fatal(err)
		}
	}
	easy, err := ProfileNamed("easy")
	if err != nil {
		t.Fatal(err)
	}
	c := NewComputer(easy)
	for _, o := range c.options(c.start(match.New(s, 1).View(rules.SideBlue))) {
		if name := o.cmd.CommandName(); name != "attack" && name != "overwatch" {
			t.Errorf("easy offers %s", name)
		}
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestPilesThroughToSearch: boxed in by a wall, with no enemy in sight,
// the computer smashes through to go and look when it likely breaks
// through (d6 + ST 3 above DE), and walks as close as it can when not.
func TestPilesThroughToSearch(t *testing.T) {
	for _, tt := range []struct {
		de   int
		pile bool
	}{{5, true}, {18, false}} {
		s, err := rules.ParseASCII(`
#########
#B..#...R
#########`)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range s.Units {
			if err := s.Rules().Equip(u, "trooper"); err != nil {
				t.Fatal(err)
			}
		}
		for _, o := range s.Board.Obstacles {
			if o.Shape.CoversTile(rules.Point{X: 4, Y: 1}, s.Board.TileSize) {
				o.Destructible, o.DE = true, tt.de
			}
		}
		v := match.New(s, 1).View(rules.SideBlue)
		if len(v.Units) != 1 {
			t.Fatalf("test map: Blue sees %d units", len(v.Units))
		}
		cmd := NewComputer(Normal).Next(v)
		mv, ok := cmd.(rules.Move)
		if !ok || mv.Pile != tt.pile || (mv.To.X > 4) != tt.pile {
			t.Errorf("DE %d: have %+v, want a move that piles through the wall at x=4: %v", tt.de, cmd, tt.pile)
		}
	}
}

// TestThreatStep: an enemy with no shot at a tile threatens it when one
// step out would give it a shot, with the profile's ThreatStep, and not
// without it.
func TestThreatStep(t *testing.T) {
	s, err := rules.ParseASCII(`
............
..........B.
....####....
....####....
............
............`)
	if err != nil {
		t.Fatal(err)
	}
	blue := s.Units[0]
	red := rules.DefaultUnit(rules.SideRed, rules.Point{})
	for _, u := range []*rules.Unit{blue, &red} {
		if err := s.Rules().Equip(u, "trooper"); err != nil {
			t.Fatal(err)
		}
	}
	tried := 0
	for y := 3; y < 6; y++ {
		for x := 0; x < 12; x++ {
			red.Pos = rules.Point{X: x, Y: y}
			if !s.Board.Passable(red.Pos) {
				continue
			}
			if _, err := s.PreviewShot(red, *blue); err == nil {
				continue
			}
			stepped := false
			for _, d := range []rules.Point{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0}} {
				moved := red
				moved.Pos = red.Pos.Add(d)
				if _, err := s.PreviewShot(moved, *blue); err == nil && s.Board.InBounds(moved.Pos) && s.Board.Passable(moved.Pos) {
					stepped = true
				}
			}
			for _, step := range []bool{false, true} {
				p := Normal
				p.ThreatStep = step
				have := NewComputer(p).exposed(s, blue, []*rules.Unit{&red}).damage
				if want := step && stepped; (have > 0) != want {
					t.Errorf("Red at %v, ThreatStep %v: fire %v, want some: %v", red.Pos, step, have, want)
				}
			}
			if stepped {
				tried++
			}
		}
	}
	if tried == 0 {
		t.Fatal("test map: no tile where a step gives Red a shot")
	}
}

// TestHuddled counts the friends within a tile of a tile, where one 2x2
// suppressive fire could catch both; enemies and the fallen do not count.
func TestHuddled(t *testing.T) {
	s, err := rules.ParseASCII(`
B.B.....
.B......
B...R...
......MM
......MM`)
	if err != nil {
		t.Fatal(err)
	}
	s.Unit(4).HP = 0 // the fallen Blue at (0,2)
	u := s.Unit(1)   // Blue at (0,0)
	for _, tt := range []struct {
		at   rules.Point
		want int
	}{
		{rules.Point{X: 1, Y: 0}, 2}, // (2,0) and (1,1); u itself does not count
		{rules.Point{X: 0, Y: 1}, 1}, // (1,1); the fallen at (0,2) does not count
		{rules.Point{X: 3, Y: 3}, 0},
		{rules.Point{X: 5, Y: 2}, 1}, // the mech at (6,3) reaches back to (5,2)
		{rules.Point{X: 4, Y: 1}, 0}, // beside the enemy only
	} {
		if have := huddled(s, u, tt.at); have != tt.want {
			t.Errorf("at %v: have %d, want %d", tt.at, have, tt.want)
		}
	}
}

// straggling counts the tiles past supportRange to the nearest living
// friend; enemies and the fallen do not support.
func TestStraggling(t *testing.T) {
	s, err := rules.ParseASCII(`
B.........................
B.........................
..........................
..........R...............`)
	if err != nil {
		t.Fatal(err)
	}
	s.Unit(2).HP = 0 // the fallen Blue at (0,1)
	u := s.Unit(1)   // Blue at (0,0), its only living friend is gone
	if have := straggling(s, u, rules.Point{X: 25, Y: 3}); have != 0 {
		t.Errorf("without a friend: have %v, want 0", have)
	}
	s.Unit(2).HP = s.Unit(2).MaxHP // the friend at (0,1) stands again
	for _, tt := range []struct {
		at   rules.Point
		want float64
	}{
		{rules.Point{X: 1, Y: 0}, 0},
		{rules.Point{X: 8, Y: 1}, 0},  // 8 tiles: still in reach
		{rules.Point{X: 12, Y: 1}, 4}, // the enemy at (10,3) is no friend
		{rules.Point{X: 20, Y: 1}, 12},
	} {
		if have := straggling(s, u, tt.at); math.Abs(have-tt.want) > 1e-9 {
			t.Errorf("at %v: have %v, want %v", tt.at, have, tt.want)
		}
	}
}

// With a Band, a unit is drawn toward the nearest threat only past that
// share of its weapon's range increment: a shotgun closes in where a
// sniper rifle keeps its distance.
func TestRangeBand(t *testing.T) {
	s, err := rules.ParseASCII(`
B...........................R`)
	if err != nil {
		t.Fatal(err)
	}
	c := NewComputer(Profile{Offence: 1, Approach: 1, Band: 0.5})
	u, threat := s.Unit(1), s.Unit(2)
	near, far := rules.Point{X: 18, Y: 0}, rules.Point{X: 14, Y: 0} // 10 and 14 tiles from the threat
	for _, tt := range []struct {
		kind string
		want float64 // the score near less the score far
	}{
		{"marksman", 2}, // a band of 12: only the far tile's last 2 tiles count
		{"breacher", 4}, // a band of 1.5: every tile counts
		{"trooper", 4},  // a band of 6
	} {
		if err := s.Rules().Equip(u, tt.kind); err != nil {
			t.Fatal(err)
		}
		threats := []*rules.Unit{threat}
		gain := c.tile(s, u, near, 0, threats, nil, 1) - c.tile(s, u, far, 0, threats, nil, 1)
		if math.Abs(gain-tt.want) > 1e-9 {
			t.Errorf("%s: coming 4 tiles closer gains %v, want %v", tt.kind, gain, tt.want)
		}
	}
}

// A hit on cover: the damage expected through it and the chance it
// breaks, counted over every damage roll (seed 004).
func TestCoverOdds(t *testing.T) {
	d6 := rules.Weapon{Damage: rules.Dice{N: 1, Sides: 6}}
	broken1 := 0.0 // DE 1: a roll of k wounds it k-1 times
	for k := 1; k <= 6; k++ {
		broken1 += (1 - math.Pow(5.0/6, float64(k-1))) / 6
	}
	for _, tt := range []struct {
		w                     rules.Weapon
		de                    int
		wantThrough, wantOdds float64
	}{
		{d6, 3, 1, 3.0 / 36}, // 4, 5, 6 go through by 1, 2, 3, a wound each
		{d6, 1, 2.5, broken1},
		{d6, 6, 0, 0},
		{rules.Weapon{Damage: rules.Dice{N: 1, Sides: 3, Plus: 1}}, 0, 3, 1.0 / 6}, // no DE: all through, a wound
		{rules.Weapon{}, 3, 0, 0},
	} {
		through, broken := coverOdds(tt.w, tt.de)
		if math.Abs(through-tt.wantThrough) > 1e-9 || math.Abs(broken-tt.wantOdds) > 1e-9 {
			t.Errorf("%v on DE %d: have %.4f through, %.4f broken; want %.4f, %.4f", tt.w.Damage, tt.de, through, broken, tt.wantThrough, tt.wantOdds)
		}
	}
}
