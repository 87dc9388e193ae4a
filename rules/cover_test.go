package rules

import (
	"fmt"
	"testing"
)

// TestCoverSeed004Table plays seed 004's cover table: very-low, low, high
// and corner cover in contact with a standing and a prone target, attacked
// from eight tiles away on level ground.
func TestCoverSeed004Table(t *testing.T) {
	for _, tc := range []struct {
		cover, target rune
		want          CoverGrade
		bonus         int
		limbs         Limbs
		los           bool
	}{
		{'v', 'R', CoverNone, 0, 0, true},
		{'l', 'R', CoverHalf, 2, Limbs(0).With(LeftLeg).With(RightLeg), true},
		{'h', 'R', CoverThreeQuarter, 3, AllLimbs &^ Limbs(0).With(Head), true},
		{'#', 'R', CoverFull, 4, AllLimbs, true}, // corner cover: seen (peeked) around its edges
		{'v', 'r', CoverHalf, 2, AllLimbs, true},
		{'l', 'r', CoverThreeQuarter, 3, AllLimbs, true},
		{'h', 'r', CoverFull, 4, AllLimbs, true},
		{'#', 'r', CoverFull, 4, AllLimbs, true},
	} {
		m := fmt.Sprintf("..........\nB.......%c%c\n..........", tc.cover, tc.target)
		t.Run(m[11:21], func(t *testing.T) {
			s := mustParse(t, m)
			b, r := unitsOf(t, s)
			c := s.Cover(b, r)
			if c.Grade != tc.want || c.Bonus != tc.bonus || c.CoveredLimbs != tc.limbs || c.LoS != tc.los {
				t.Errorf("map:\n%s\nhave %v %+d limbs %q LoS %v, want %v %+d limbs %q LoS %v", m, c.Grade, c.Bonus, c.CoveredLimbs, c.LoS, tc.want, tc.bonus, tc.limbs, tc.los)
			}
			if c.Grade != CoverNone && (c.By == nil || !c.InContact || !c.LoE) {
				t.Errorf("map:\n%s\nBy %v InContact %v LoE %v, want the adjacent obstacle, in contact, with effect", m, c.By, c.InContact, c.LoE)
			}
			if want := [2]Vec{{X: 288, Y: 32}, {X: 288, Y: 64}}; c.Corners != want && c.Corners != [2]Vec{want[1], want[0]} {
				t.Errorf("corners: have %v, want %v", c.Corners, want)
			}
			if !s.UnitInCover(r) {
				t.Errorf("target not in cover")
			}
		})
	}
}

// TestCoverCases covers the other rules of ruleset §3 on small maps. The
// attacker is unit a, the target unit t (IDs in reading order).
func TestCoverCases(t *testing.T) {
	tiny := &Obstacle{Name: "post", Class: "Cover", Height: HeightHigh, BlocksSight: true, BlocksEffect: true, Size: SizeTiny}
	small := &Obstacle{Name: "crate", Class: "Cover", Height: HeightHigh, BlocksSight: true, BlocksEffect: true, Size: SizeSmall}
	legend := DefaultLegend()
	legend['t'] = Glyph{Obstacle: tiny}
	legend['k'] = Glyph{Obstacle: small}
	for _, tc := range []struct {
		name     string
		m        string
		a, t     int
		floor    map[Point]int
		want     CoverGrade
		check    func(c CoverResult) string
		los, loe bool
	}{
		{name: "open ground: exposed (seed 001)", m: `
			.......
			B.....R
			.......`, a: 1, t: 2, want: CoverExposed, los: true, loe: true},
		{name: "low wall from the ground: half", m: `
			.........
			...B..lR.
			.........`, a: 1, t: 2, want: CoverHalf, los: true, loe: true},
		{name: "the same wall from a roof: none (seed 004 elevation)", m: `
			.........
			...B..lR.
			.........`, a: 1, t: 2, floor: map[Point]int{{X: 3, Y: 1}: 3}, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if !c.Flanked {
					return "in contact with a wall that does not cover it: want Flanked"
				}
				return ""
			}},
		{name: "glass: seen, not reachable (seed 002)", m: `
			..B..
			.....
			ggggg
			..R..`, a: 1, t: 2, want: CoverFull, los: true, loe: false},
		{name: "arrow slit: improved, still targetable (seed 002)", m: `
			..B..
			.....
			.....
			aaaaa
			..R..`, a: 1, t: 2, want: CoverImproved, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.Bonus != 4 || !c.Targetable() || c.By == nil || !c.By.ArrowSlit {
					return fmt.Sprintf("bonus %d targetable %v by %v", c.Bonus, c.Targetable(), c.By)
				}
				return ""
			}},
		{name: "an ally gives no cover (seed 002)", m: `
			.........
			B....B.R.
			.........`, a: 1, t: 3, want: CoverExposed, los: true, loe: true,
			check: func(c CoverResult) string {
				if len(c.Obstacles) != 0 {
					return fmt.Sprintf("obstacles %+v, want none", c.Obstacles)
				}
				return ""
			}},
		{name: "an enemy of the attacker in between gives cover", m: `
			.........
			B....R.R.
			.........`, a: 1, t: 3, want: CoverThreeQuarter, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.ByUnit == nil || c.ByUnit.ID != 2 || c.By != nil {
					return fmt.Sprintf("by unit %v, want unit 2", c.ByUnit)
				}
				return ""
			}},
		{name: "tiny obstacle is ignored (seed 002 size)", m: `
			.........
			B......tR
			.........`, a: 1, t: 2, want: CoverExposed, los: true, loe: true,
			check: func(c CoverResult) string {
				if len(c.Obstacles) != 1 || !c.Obstacles[0].Ignored {
					return fmt.Sprintf("obstacles %+v, want one ignored", c.Obstacles)
				}
				return ""
			}},
		{name: "small obstacle counts for a medium target", m: `
			.........
			B......kR
			.........`, a: 1, t: 2, want: CoverThreeQuarter, los: true, loe: true},
		{name: "small obstacles are ignored by a mech", m: `
			...........
			B.......kmm
			........kmm
			...........`, a: 1, t: 2, want: CoverExposed, los: true, loe: true},
		{name: "cover does not stack", m: `
			..........
			B......llR
			..........`, a: 1, t: 2, want: CoverHalf, los: true, loe: true,
			check: func(c CoverResult) string {
				if len(c.Obstacles) != 2 || !c.InContact || c.By != c.Obstacles[1].Obstacle {
					return fmt.Sprintf("by %v in contact %v of %d obstacles: want the wall in contact, of 2", c.By, c.InContact, len(c.Obstacles))
				}
				return ""
			}},
		{name: "flanked from the side", m: `
			.l.....
			.R....B
			.......`, a: 2, t: 1, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if !c.Flanked {
					return "want Flanked"
				}
				return ""
			}},
		{name: "prone attacker in low cover: -1 (seed 004)", m: `
			.....
			.lb..
			.....
			..R..`, a: 1, t: 2, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.AttackerPenalty != -1 || c.AttackerReason == "" {
					return fmt.Sprintf("attacker penalty %d %q, want -1", c.AttackerPenalty, c.AttackerReason)
				}
				return ""
			}},
		{name: "prone attacker in very-low cover: no penalty", m: `
			.....
			.vb..
			.....
			..R..`, a: 1, t: 2, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.AttackerPenalty != 0 {
					return fmt.Sprintf("attacker penalty %d, want 0", c.AttackerPenalty)
				}
				return ""
			}},
		{name: "point of origin steps out from behind a wall", m: `
			.......
			.B#....
			...R...`, a: 1, t: 2, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.Origin != (Vec{X: 64, Y: 64}) {
					return fmt.Sprintf("origin %v, want {64 64} (the corner clear of the wall)", c.Origin)
				}
				return ""
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseASCIIWith(tc.m, legend)
			if err != nil {
				t.Fatal(err)
			}
			for p, f := range tc.floor {
				s.Board.SetTile(p, Tile{Floor: f, Cost: 1})
			}
			c := s.Cover(s.Unit(tc.a), s.Unit(tc.t))
			if c.Grade != tc.want || c.Bonus != tc.want.Bonus() || c.LoS != tc.los || c.LoE != tc.loe {
				t.Errorf("map:%s\nhave %v (%+d) LoS %v LoE %v, want %v LoS %v LoE %v\nobstacles %+v", tc.m, c.Grade, c.Bonus, c.LoS, c.LoE, tc.want, tc.los, tc.loe, c.Obstacles)
			}
			if tc.check != nil {
				if msg := tc.check(c); msg != "" {
					t.Errorf("map:%s\n%s", tc.m, msg)
				}
			}
		})
	}
}

func TestContact(t *testing.T) {
	s := mustParse(t, `
		l....
		.R.B.
		..#..`)
	r, b := s.Unit(1), s.Unit(2)
	var diag, wall *Obstacle
	for _, o := range s.Board.Obstacles {
		if o.Height == HeightLow {
			diag = o
		} else {
			wall = o
		}
	}
	for _, tc := range []struct {
		name string
		have bool
		want bool
	}{
		{"diagonal obstacle is not in contact", s.InContact(r, diag), false},
		{"obstacle two tiles off is not in contact", s.InContact(b, wall), false},
		{"R is not in cover", s.UnitInCover(r), false},
		{"R has cover within reach", s.Exposed(r), false},
		{"B is not in cover", s.UnitInCover(b), false},
	} {
		if tc.have != tc.want {
			t.Errorf("%s: have %v, want %v", tc.name, tc.have, tc.want)
		}
	}
	b.Pos = Point{X: 2, Y: 1}
	if !s.InContact(b, wall) || !s.UnitInCover(b) {
		t.Errorf("a unit next to a wall is not in contact with it")
	}
	s.Board.RemoveObstacle(wall.ID)
	if s.UnitInCover(b) {
		t.Errorf("still in cover after the wall is destroyed")
	}
}

func TestGradeStrings(t *testing.T) {
	var have []string
	for g := CoverExposed; g <= CoverImproved; g++ {
		have = append(have, fmt.Sprintf("%v%+d", g, g.Bonus()))
	}
	if want := "[exposed-2 none+0 half+2 three-quarter+3 full+4 improved+4]"; fmt.Sprint(have) != want {
		t.Errorf("have %v, want %v", have, want)
	}
	if have := Limbs(0).With(Head).With(LeftLeg).String(); have != "head, left leg" {
		t.Errorf("limbs: have %q", have)
	}
}
