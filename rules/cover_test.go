package rules

import (
	"fmt"
	"strings"
	"testing"

	"sightline/rules/sight"
)

// TestCoverSeed004Table plays seed 004's cover table: very-low, low, high
// and corner cover in contact with a standing and a prone target, attacked
// from eight tiles away on level ground. Corner cover: "Rolling to hit a
// standing unit protected by corner cover is with a -3 penalty", "a prone
// unit ... -4".
func TestCoverSeed004Table(t *testing.T) {
	for _, tc := range []struct {
		cover, target rune
		want          CoverGrade
		bonus         int
		limbs         sight.Limbs
		los           bool
	}{
		{'v', 'R', CoverNone, 0, 0, true},
		{'l', 'R', CoverHalf, 2, sight.Limbs(0).With(sight.LeftLeg).With(sight.RightLeg), true},
		{'h', 'R', CoverThreeQuarter, 3, sight.AllLimbs &^ sight.Limbs(0).With(sight.Head), true},
		{'#', 'R', CoverFull, 3, sight.AllLimbs, true}, // corner cover: seen around its edges
		{'v', 'r', CoverHalf, 2, sight.AllLimbs, true},
		{'l', 'r', CoverThreeQuarter, 3, sight.AllLimbs, true},
		{'h', 'r', CoverFull, 4, sight.AllLimbs, true},
		{'#', 'r', CoverFull, 4, sight.AllLimbs, true},
	} {
		m := fmt.Sprintf("..........\nB.......%c%c\n..........", tc.cover, tc.target)
		t.Run(m[11:21], func(t *testing.T) {
			s := mustParse(t, m)
			b, r := unitsOf(t, s)
			c := s.Cover(b, r)
			if corner := tc.cover == '#' && tc.target == 'R'; c.Corner != corner {
				t.Errorf("map:\n%s\nCorner %v, want %v", m, c.Corner, corner)
			}
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
	tiny := &Obstacle{Name: "post", Class: "Cover", Height: HeightHigh, BlocksSight: true, BlocksEffect: true, Size: sight.SizeTiny}
	small := &Obstacle{Name: "crate", Class: "Cover", Height: HeightHigh, BlocksSight: true, BlocksEffect: true, Size: SizeSmall}
	legend := DefaultLegend()
	legend['t'] = Glyph{Obstacle: tiny}
	legend['k'] = Glyph{Obstacle: small}
	// A low wall on a roof: the glyph's obstacle stands on its floor.
	legend['p'] = Glyph{Obstacle: DefaultLegend()['l'].Obstacle, Floor: 4}
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
		{name: "a low wall standing on a roof, from the roof: half", m: `
			444444444
			444B44pR4
			444444444`, a: 1, t: 2, floor: map[Point]int{{X: 3, Y: 1}: 4, {X: 7, Y: 1}: 4}, want: CoverHalf, los: true, loe: true},
		{name: "low wall from the ground: half", m: `
			.........
			...B..lR.
			.........`, a: 1, t: 2, want: CoverHalf, los: true, loe: true},
		{name: "the same wall from a roof: none (seed 004 elevation)", m: `
			.........
			...B..lR.
			.........`, a: 1, t: 2, floor: map[Point]int{{X: 3, Y: 1}: 3}, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.Flanked {
					return "in contact with a wall that does not cover it from the roof, but prone behind it the wall would: want not Flanked (seed 004, Flanking)"
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
			lll....
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
		{name: "prone attacker at a corner: no penalty (seed 004, Corner cover)", m: `
			.....
			.#b..
			.....
			..R..`, a: 1, t: 2, want: CoverNone, los: true, loe: true,
			check: func(c CoverResult) string {
				if c.AttackerPenalty != 0 {
					return fmt.Sprintf("attacker penalty %d, want 0", c.AttackerPenalty)
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
			if c.Grade != tc.want || c.Bonus != s.CoverBonus(tc.want, c.Corner) || c.LoS != tc.los || c.LoE != tc.loe {
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
	if have := sight.Limbs(0).With(sight.Head).With(sight.LeftLeg).String(); have != "head, left leg" {
		t.Errorf("limbs: have %q", have)
	}
}

// TestCornerCoverInTheBreakdown: the shot rolls what the oracle says. A
// standing target at a wall's corner is hit at -3 ("Corner cover"), a
// prone one at -4, each citing seed 004's Corner cover; Take Cover raises
// corner cover to full.
func TestCornerCoverInTheBreakdown(t *testing.T) {
	for _, tc := range []struct {
		m      string
		taking bool
		want   []Modifier
	}{
		{"B.......#R", false, []Modifier{{Label: "Corner cover", Value: 3}}},
		{"B.......#r", false, []Modifier{{Label: "Full cover", Value: 4}}},
		{"B.......#R", true, []Modifier{{Label: "Corner cover", Value: 3}, {Label: "Taking cover", Value: 1}}},
	} {
		s := battle(t, "..........\n"+tc.m+"\n..........", "")
		b, r := unitsOf(t, s)
		r.Status.TakingCover = tc.taking
		pv, err := s.PreviewAttack(Attack{Unit: b.ID, Target: r.ID})
		if err != nil {
			t.Fatalf("%s: %v", tc.m, err)
		}
		var have []Modifier
		for _, m := range pv.Breakdown.Mods {
			if m.Kind == ModDefence && strings.HasPrefix(m.Source, "seed") {
				have = append(have, Modifier{Label: m.Label, Value: m.Value})
				if m.Label != "Taking cover" && m.Source != "seed 004, Corner cover" {
					t.Errorf("%s: %s cites %q, want seed 004, Corner cover", tc.m, m.Label, m.Source)
				}
			}
		}
		if fmt.Sprint(have) != fmt.Sprint(tc.want) {
			t.Errorf("%s (taking cover %v): defence mods %v, want %v", tc.m, tc.taking, have, tc.want)
		}
		sum := 0
		for _, m := range tc.want {
			sum += m.Value
		}
		if pv.Breakdown.Cover != sum {
			t.Errorf("%s: breakdown cover %d, want %d", tc.m, pv.Breakdown.Cover, sum)
		}
	}
}

// TestProneBehindCover plays seed 004's prone rules against a continuous
// wall in contact with a prone unit, so no line passes beside it: "Rolling
// to hit from prone in very low cover is without a penalty", "from prone
// in low cover is with a -1 penalty", "Rolling to hit a prone unit
// protected by very low cover is with a -2 penalty", "by low cover ... -3",
// and "A prone unit in high cover cannot draw a line-of-sight over the
// cover". The prone unit holds its weapon just over very-low and low
// cover, so sight runs both ways.
func TestProneBehindCover(t *testing.T) {
	for _, tc := range []struct {
		wall    rune
		los     bool
		penalty int        // the prone unit's, firing
		grade   CoverGrade // the prone unit's, fired at
	}{
		{'v', true, 0, CoverHalf},
		{'l', true, -1, CoverThreeQuarter},
		{'h', false, 0, CoverFull},
	} {
		m := fmt.Sprintf("..R..\n.....\n.....\n%s\n..b..", strings.Repeat(string(tc.wall), 5))
		t.Run(string(tc.wall), func(t *testing.T) {
			s := battle(t, m, "")
			prone, red := unitsOf(t, s)
			out, in := s.Cover(prone, red), s.Cover(red, prone)
			if out.LoS != tc.los || in.LoS != tc.los {
				t.Fatalf("map:\n%s\nLoS from the prone unit %v, to it %v, want %v both ways", m, out.LoS, in.LoS, tc.los)
			}
			if !tc.los {
				return
			}
			if out.AttackerPenalty != tc.penalty {
				t.Errorf("prone unit firing: penalty %d, want %d", out.AttackerPenalty, tc.penalty)
			}
			if in.Grade != tc.grade || !in.InContact {
				t.Errorf("prone unit fired at: %v (in contact %v), want %v in contact", in.Grade, in.InContact, tc.grade)
			}
			if out.Grade > CoverNone || out.By != nil {
				t.Errorf("the prone unit's own wall covers its target: %v by %v", out.Grade, out.By)
			}
			pv, err := s.PreviewAttack(Attack{Unit: prone.ID, Target: red.ID})
			if err != nil {
				t.Fatalf("the prone unit cannot fire over its wall: %v", err)
			}
			got := 0
			for _, md := range pv.Breakdown.Mods {
				if md.Label == "Firing from prone over low cover" {
					got = md.Value
				}
			}
			if got != tc.penalty {
				t.Errorf("breakdown's prone penalty %d, want %d", got, tc.penalty)
			}
		})
	}
}

// TestPointBlankAcrossCover: seed 004, Cover: "A unit is only protected by
// cover from an attacker if the cover is between the unit and said
// attacker and the cover obscures some of the line-of-sight". Two units
// touching the same low wall from opposite sides each get low cover
// against the other, though the attacker's eye is right over the wall;
// the same wall beside both of them is not between them; from a roof the
// geometry decides.
func TestPointBlankAcrossCover(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    string
		roof bool
		want CoverGrade
	}{
		{"across a low wall", `
			.......
			..BlR..
			.......`, false, CoverHalf},
		{"across a low wall, prone", `
			.......
			..Blr..
			.......`, false, CoverThreeQuarter},
		{"across a high wall", `
			.......
			..BhR..
			.......`, false, CoverThreeQuarter},
		{"a wall beside both", `
			.......
			..BR...
			..ll...`, false, CoverNone},
		{"across a low wall from a roof", `
			.......
			..BlR..
			.......`, true, CoverNone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := battle(t, tc.m, "")
			b, r := unitsOf(t, s)
			if tc.roof {
				s.Board.SetTile(b.Pos, Tile{Floor: 4, Cost: 1})
			}
			c := s.Cover(b, r)
			if c.Grade != tc.want {
				t.Fatalf("map:%s\nhave %v by %v, want %v", tc.m, c.Grade, c.By, tc.want)
			}
			if tc.want <= CoverNone {
				return
			}
			if c.By == nil || !c.InContact || c.Flanked || c.CoveredLimbs == 0 {
				t.Errorf("by %v in contact %v flanked %v limbs %v: want the wall, in contact, covering some limbs", c.By, c.InContact, c.Flanked, c.CoveredLimbs)
			}
			if r.Stance == Standing {
				if back := s.Cover(r, b); back.Grade != tc.want {
					t.Errorf("the other way: have %v, want %v", back.Grade, tc.want)
				}
			}
			pv, err := s.PreviewAttack(Attack{Unit: b.ID, Target: r.ID})
			if err != nil {
				t.Fatal(err)
			}
			if pv.Grade != tc.want || pv.Breakdown.Cover != s.CoverBonus(tc.want, false) {
				t.Errorf("the shot rolls %v with cover %+d, want %v", pv.Grade, pv.Breakdown.Cover, tc.want)
			}
		})
	}
}

// TestFlanking plays seed 004's Flanking: "When a unit is in cover and is
// being attacked from a direction where they cannot dive into cover or dive
// to prone out of line-of-sight of an attack they are flanked"; "A unit can
// dive over low cover or around a corner and if they can do this they are
// not considered flanked".
func TestFlanking(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m       string
		flanked bool
	}{
		{"very-low cover in front: it can drop prone behind it", `
			..........
			B......vR.
			..........`, false},
		{"low cover behind: it can dive over it", `
			..........
			B.....Rl..
			..........`, false},
		{"high cover behind: it cannot dive over it", `
			..........
			B.....Rh..
			..........`, true},
		{"low cover behind, a unit where it would land", `
			..........
			B.....Rl.B
			..........`, false},
		{"in the open: not in cover, so not flanked", `
			..........
			B.....R...
			..........`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := battle(t, tc.m, "")
			var b, r *Unit
			for _, u := range s.Units {
				if u.Side == SideRed {
					r = u
				} else if b == nil {
					b = u
				}
			}
			c := s.Cover(b, r)
			if c.Flanked != tc.flanked {
				t.Errorf("map:%s\nflanked %v (grade %v), want %v", tc.m, c.Flanked, c.Grade, tc.flanked)
			}
			if c.Flanked && c.Grade != CoverNone {
				t.Errorf("flanked with %v cover", c.Grade)
			}
		})
	}
}

// Seed 001, Cover: "Light ... Passive Effect: - ... Active Effect:
// Downgrade 1x". A very-low wall gives a standing unit nothing passively
// (light cover on RULES.md's scale); taking cover behind it gives Half
// (+2) against attackers the wall stands in front of, and nothing against
// one it does not.
func TestTakeCoverBehindLightCover(t *testing.T) {
	tests := []struct {
		name      string
		m         string
		takeCover bool
		wantCover int    // the breakdown's cover bonus
		wantLabel string // the entry that gives it ("" for none)
		wantValue int    // seed 001's cover value where it stands
	}{
		{"very-low wall in front, taking cover: +2", `
..........
B.......vR
..........`, true, 2, "Taking cover behind light cover", 1},
		{"very-low wall in front, not taking cover: nothing", `
..........
B.......vR
..........`, false, 0, "", 0},
		{"very-low wall behind, taking cover: nothing from this side", `
..........
B.......Rv
..........`, true, 0, "", 1},
		{"low wall in front, taking cover: Half +2 and one step up", `
..........
B.......lR
..........`, true, 3, "Taking cover", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := battle(t, tt.m, "")
			if tt.takeCover {
				mustApply(t, s, EndTurn{}, NewRNG(1))
				mustApply(t, s, TakeCover{Unit: 2}, NewRNG(1))
				mustApply(t, s, EndTurn{}, NewRNG(1))
			}
			pv, err := s.PreviewAttack(Attack{Unit: 1, Target: 2})
			if err != nil {
				t.Fatal(err)
			}
			label := ""
			for _, m := range pv.Breakdown.Mods {
				if m.Source == srcActive {
					label = m.Label
				}
			}
			if pv.Breakdown.Cover != tt.wantCover || label != tt.wantLabel {
				t.Errorf("have cover %+d, entry %q; want %+d, %q", pv.Breakdown.Cover, label, tt.wantCover, tt.wantLabel)
			}
			if v := coverValue(s, s.Unit(2)); v != tt.wantValue {
				t.Errorf("cover value %d, want %d (light 0, taken actively 1)", v, tt.wantValue)
			}
		})
	}
}
