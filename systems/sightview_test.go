package systems

import (
	"math"
	"strings"
	"testing"

	"sightline/rules"
)

// parseHover reads an ASCII map in which '@' marks the hovered tile (open
// floor). It returns the state and the tile.
func parseHover(t *testing.T, m string) (*rules.State, rules.Point) {
	t.Helper()
	var at rules.Point
	found := false
	for y, row := range strings.Split(strings.Trim(m, "\n"), "\n") {
		if x := strings.IndexRune(row, '@'); x >= 0 {
			at, found = rules.Point{X: x, Y: y}, true
		}
	}
	if !found {
		t.Fatalf("map has no '@':\n%s", m)
	}
	s, err := rules.ParseASCII(strings.ReplaceAll(m, "@", "."))
	if err != nil {
		t.Fatal(err)
	}
	return s, at
}

// movedMap is m with unit 'B' (the first Blue unit) moved to '@': the
// hypothetical position drawn as its own map, for an oracle independent
// of the preview's clone.
func movedMap(m string) string {
	i := strings.IndexRune(m, 'B')
	m = m[:i] + "." + m[i+1:]
	return strings.Replace(m, "@", "B", 1)
}

// firstOf returns the first unit of a side.
func firstOf(s *rules.State, side rules.Side) *rules.Unit {
	for _, u := range s.Units {
		if u.Side == side {
			return u
		}
	}
	return nil
}

func TestPreviewSight(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    string
		// want maps an enemy's glyph index among the enemies (0 = first
		// in reading order) to its shield; enemies not listed must have
		// no line.
		want map[int]Shield
	}{
		{"low wall east gives half cover", `
B............
.....@l.....R
.............`, map[int]Shield{0: ShieldHalf}},
		{"high cover gives three-quarter", `
B............
.....@h.....R
.............`, map[int]Shield{0: ShieldThreeQuarter}},
		{"arrow slit gives improved", `
B............
.....@a.....R
.............`, map[int]Shield{0: ShieldImproved}},
		{"cover on the wrong side: flanked", `
R.............
..............
......@l......
B.............`, map[int]Shield{0: ShieldFlanked}},
		{"nothing near: exposed", `
B..........
.....@...R.
...........`, map[int]Shield{0: ShieldExposed}},
		{"wall hides one enemy, the other flanks", `
.......#..R
B.....@#...
.......#...
...........
...R.......`, map[int]Shield{1: ShieldFlanked}},
		{"glass: seen (a line) though not reachable", `
B......g...
.....@.g.R.
.......g...`, map[int]Shield{0: ShieldFull}},
		{"smoke: not seen", `
B......s...
.....@.s.R.
.......s...`, map[int]Shield{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, at := parseHover(t, tc.m)
			blue := firstOf(s, rules.SideBlue)
			before := blue.Pos
			have, err := PreviewSight(s, blue.ID, at, nil)
			if err != nil {
				t.Fatal(err)
			}
			if blue.Pos != before {
				t.Fatalf("PreviewSight moved the real unit to %v", blue.Pos)
			}
			// The oracle, asked about the same position drawn as its own map.
			o, err := rules.ParseASCII(movedMap(tc.m))
			if err != nil {
				t.Fatal(err)
			}
			var me *rules.Unit
			var enemies []*rules.Unit
			for _, u := range o.Units {
				if u.Side == rules.SideBlue {
					me = u
				} else {
					enemies = append(enemies, u)
				}
			}
			if me.Pos != at {
				t.Fatalf("moved map puts the unit at %v, want %v", me.Pos, at)
			}
			var hs []*rules.Unit // the same enemies in the preview's state
			for _, u := range s.Units {
				if u.Side == rules.SideRed {
					hs = append(hs, u)
				}
			}
			for i, e := range enemies {
				l, ok := have.Line(hs[i].ID)
				sees := o.LineOfSight(me, e)
				if ok != sees {
					t.Errorf("map:%s\nenemy %d: have line %v, oracle LineOfSight %v", tc.m, i, ok, sees)
				}
				w, listed := tc.want[i]
				if ok != listed {
					t.Errorf("map:%s\nenemy %d: have line %v, want %v", tc.m, i, ok, listed)
				}
				if !ok {
					continue
				}
				c := o.Cover(e, me)
				if l.Cover.Grade != c.Grade || l.Cover.Flanked != c.Flanked || l.Shield != ShieldOf(c.Grade) {
					t.Errorf("map:%s\nenemy %d: have %v/%v flanked %v, oracle %v flanked %v", tc.m, i, l.Shield, l.Cover.Grade, l.Cover.Flanked, c.Grade, c.Flanked)
				}
				if l.Shield != w {
					t.Errorf("map:%s\nenemy %d: have shield %v, want %v", tc.m, i, l.Shield, w)
				}
				if l.From != o.Board.SpaceCenter(me) || l.To != o.Board.SpaceCenter(e) {
					t.Errorf("enemy %d: line %v→%v, want %v→%v", i, l.From, l.To, o.Board.SpaceCenter(me), o.Board.SpaceCenter(e))
				}
			}
		})
	}
}

func TestPreviewSightFlankedMark(t *testing.T) {
	// The unit would touch high cover that faces away from the enemy, too
	// tall to dive over and too long to dive round within half its speed:
	// the oracle calls it flanked (in cover, none from this side, no dive
	// out of it).
	s, at := parseHover(t, `
R......h......
.......h......
......@h......
B......h......`)
	p, err := PreviewSight(s, firstOf(s, rules.SideBlue).ID, at, nil)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := p.Line(1)
	if !ok || !l.Cover.Flanked || l.Shield != ShieldFlanked {
		t.Fatalf("have line %v flanked %v shield %v, want a flanked line", ok, l.Cover.Flanked, l.Shield)
	}
}

func TestPreviewSightHidesUnknownEnemies(t *testing.T) {
	s, at := parseHover(t, `
B..........
.....@...R.
..........R`)
	p, err := PreviewSight(s, 1, at, func(id int) bool { return id != 2 })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Line(2); ok {
		t.Error("an enemy hidden by the fog got a line")
	}
	if _, ok := p.Line(3); !ok {
		t.Error("a known enemy in sight got no line")
	}
}

func TestPreviewSightErrors(t *testing.T) {
	s, _ := parseHover(t, "B.@.R")
	if _, err := PreviewSight(s, 9, rules.Point{X: 1}, nil); err == nil {
		t.Error("unknown unit: no error")
	}
	if _, err := PreviewSight(s, 1, rules.Point{X: 40}, nil); err == nil {
		t.Error("tile off the board: no error")
	}
	if _, err := ComputeTarget(s, 1, 1); err == nil {
		t.Error("self target: no error")
	}
}

func TestComputeTarget(t *testing.T) {
	for _, tc := range []struct {
		name   string
		m      string
		status string
		label  string
		by     bool
	}{
		{"clear shot at a unit behind low cover", `
B........lR`, "", "½ cover +2", true},
		{"three-quarter behind high cover", `
B........hR`, "", "¾ cover +3", true},
		{"flanked", `
..........
B.........
.........R
.........l`, "", "Flanked", false},
		{"exposed in the open", `
B.........
..........
.........R
..........`, "", "Exposed −2", false},
		{"glass: seen, not reachable", `
.....g...
B....g..R
.....g...`, StatusNoEffect, "", true},
		{"wall: no line of sight", `
.....#...
B....#..R
.....#...`, StatusNoSight, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			ti, err := ComputeTarget(s, 1, 2)
			if err != nil {
				t.Fatal(err)
			}
			c := s.Cover(s.Unit(1), s.Unit(2))
			if ti.Cover.Origin != c.Origin || ti.Cover.Corners != c.Corners || ti.Cover.LoS != c.LoS || ti.Cover.LoE != c.LoE {
				t.Errorf("cone %+v differs from the oracle's %+v", ti.Cover, c)
			}
			if ti.Status != tc.status {
				t.Errorf("status %q, want %q", ti.Status, tc.status)
			}
			if tc.label != "" && ti.Label != tc.label {
				t.Errorf("label %q, want %q", ti.Label, tc.label)
			}
			if (ti.Cover.By != nil) != tc.by {
				t.Errorf("covering obstacle %v, want one: %v", ti.Cover.By, tc.by)
			}
			pv, perr := s.PreviewAttack(rules.Attack{Unit: 1, Target: 2})
			if ti.Legal != (perr == nil) {
				t.Fatalf("legal %v, PreviewAttack error %v", ti.Legal, perr)
			}
			if ti.Legal && (ti.Origin != pv.Origin || ti.Grade != pv.Grade || ti.Flanked != pv.Flanked) {
				t.Errorf("target %+v does not follow the attack plan %+v", ti, pv)
			}
			if !ti.Legal && ti.Reason == "" {
				t.Error("an illegal attack without a reason")
			}
		})
	}
}

func TestGradeLabel(t *testing.T) {
	for _, tc := range []struct {
		g       rules.CoverGrade
		flanked bool
		bonus   int
		want    string
	}{
		{rules.CoverExposed, false, -2, "Exposed −2"},
		{rules.CoverNone, true, 0, "Flanked"},
		{rules.CoverNone, false, 0, "No cover"},
		{rules.CoverHalf, false, 2, "½ cover +2"},
		{rules.CoverThreeQuarter, false, 3, "¾ cover +3"},
		{rules.CoverFull, false, 4, "Full cover +4"},
		{rules.CoverImproved, false, 4, "Improved cover +4"},
	} {
		if have := GradeLabel(tc.g, tc.flanked, false, tc.bonus); have != tc.want {
			t.Errorf("GradeLabel(%v, %v, %d) = %q, want %q", tc.g, tc.flanked, tc.bonus, have, tc.want)
		}
	}
}

func TestSightViewCache(t *testing.T) {
	s, at := parseHover(t, `
B......#...
.....@.#.R.
.......#...`)
	reach := s.Reach(1, rules.MoveBudget(s.Unit(1)))
	if !reach.Reachable(at) {
		t.Fatalf("%v unreachable", at)
	}
	in := SightInput{Selected: 1, Hover: at, HoverOK: true, Reach: reach}
	var sv SightView
	sv.Update(s, in)
	sv.Update(s, in)
	if sv.Computes != 1 {
		t.Fatalf("two frames, same inputs: %d computations, want 1", sv.Computes)
	}
	p, ok := sv.Preview()
	if !ok || len(p.Lines) != 0 {
		t.Fatalf("preview %v %+v, want one without lines (the wall hides R)", ok, p)
	}

	// Another hovered tile: recomputed.
	in.Hover = rules.Point{X: 4, Y: 1}
	sv.Update(s, in)
	if sv.Computes != 2 {
		t.Fatalf("new hover: %d computations, want 2", sv.Computes)
	}
	in.Hover = at

	// The wall destroyed: the same hover is recomputed and R is in sight.
	wall := s.Board.Obstacles
	for _, o := range wall {
		s.Board.RemoveObstacle(o.ID)
	}
	sv.Update(s, in)
	if sv.Computes != 3 {
		t.Fatalf("after the wall fell: %d computations, want 3", sv.Computes)
	}
	if p, _ := sv.Preview(); len(p.Lines) != 1 {
		t.Fatalf("after the wall fell: %d lines, want 1", len(p.Lines))
	}

	// A unit moved (by the rules): recomputed.
	if _, err := rules.Apply(s, rules.Move{Unit: 1, To: rules.Point{X: 1, Y: 0}}, rules.NewRNG(1)); err != nil {
		t.Fatal(err)
	}
	in.Reach = s.Reach(1, rules.MoveBudget(s.Unit(1)))
	sv.Update(s, in)
	if sv.Computes != 4 {
		t.Fatalf("after a move: %d computations, want 4", sv.Computes)
	}

	// An unreachable hover and no hover: no preview.
	in.Hover = rules.Point{X: 9, Y: 1}
	sv.Update(s, in)
	if _, ok := sv.Preview(); ok {
		t.Error("hovering an enemy shows a preview instead of the target cone")
	}
	if ti, ok := sv.TargetInfo(); !ok || ti.Target != 2 {
		t.Errorf("hovering the enemy: target %+v %v, want the cone on unit 2", ti, ok)
	}
	in.HoverOK = false
	sv.Update(s, in)
	if _, ok := sv.Preview(); ok {
		t.Error("no hover: still a preview")
	}
	if _, ok := sv.TargetInfo(); ok {
		t.Error("no hover, no pinned target: still a cone")
	}

	// A pinned target shows its cone wherever the pointer is.
	sv.SetTarget(2)
	sv.Update(s, in)
	if ti, ok := sv.TargetInfo(); !ok || ti.Target != 2 || sv.Target() != 2 {
		t.Errorf("pinned target: %+v %v", ti, ok)
	}
	n := sv.Computes
	sv.Update(s, in)
	if sv.Computes != n {
		t.Error("the pinned cone is recomputed every frame")
	}
	sv.SetTarget(0)
	sv.Update(s, SightInput{})
	if _, ok := sv.TargetInfo(); ok {
		t.Error("no selection: still a cone")
	}
}

// BenchmarkPreviewSight measures one hover preview on a dense 64×64 map:
// the clone, the lazily rebuilt sight index and the oracle's answers.
func BenchmarkPreviewSight(b *testing.B) {
	f := newBigFrame(b)
	s := f.state
	var sel *rules.Unit
	for _, u := range s.Units {
		if u.Side == s.Side {
			sel = u
			break
		}
	}
	reach := s.Reach(sel.ID, rules.MoveBudget(sel))
	tiles := reach.Tiles()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := PreviewSight(s, sel.ID, tiles[i%len(tiles)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestShieldSpotKeepsOffTokens(t *testing.T) {
	const ts, r = 40.0, 7.0
	tests := []struct {
		name   string
		others [][2]float64 // tokens besides the enemy's
	}{
		{"alone", nil},
		{"a neighbour where the shield would go", [][2]float64{{100, 60}, {128, 72}}},
		{"crowded on three sides", [][2]float64{{100, 60}, {140, 100}, {60, 100}, {128, 72}, {72, 72}}},
	}
	enemy, from := [2]float64{100, 100}, [2]float64{100, 400}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tokens := append([][2]float64{enemy}, tc.others...)
			x, y := shieldSpot(enemy, from, tokens, ts, r)
			for _, tk := range tokens {
				if d := math.Hypot(tk[0]-x, tk[1]-y); d < ts*0.42+r {
					t.Errorf("shield at (%.0f, %.0f) is %.1f px from the token at %v: it covers it", x, y, d, tk)
				}
			}
			if d := math.Hypot(enemy[0]-x, enemy[1]-y); d > 2*(ts*0.42+r+2)+0.5 {
				t.Errorf("shield at (%.0f, %.0f) is %.0f px from its enemy: too far to read as its", x, y, d)
			}
		})
	}
}

func TestPreviewSightNamesEnemiesAndTokens(t *testing.T) {
	s, err := rules.ParseASCII(`
........
.B....R.
........
..B.....`)
	if err != nil {
		t.Fatal(err)
	}
	blue := s.UnitAt(rules.Point{X: 1, Y: 1})
	p, err := PreviewSight(s, blue.ID, rules.Point{X: 2, Y: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Lines) != 1 || p.Lines[0].Name == "" || p.Lines[0].Name != s.UnitAt(rules.Point{X: 6, Y: 1}).Name {
		t.Fatalf("lines %+v: want one line naming the Red unit", p.Lines)
	}
	if len(p.Tokens) != 3 {
		t.Fatalf("have %d tokens, want the 3 living units", len(p.Tokens))
	}
	if got := CoverWords(p.Lines[0]); got == "" {
		t.Fatal("no words for the cover")
	}
}

// TestEdgeArrowPointsAtEnemy: the arrow toward an enemy off screen stands
// just inside the edge of the map's part of the screen (between the
// camera's insets), on the side the enemy is, and points at it.
func TestEdgeArrowPointsAtEnemy(t *testing.T) {
	c := &Camera{ViewW: 1280, ViewH: 720, InsetTop: 48, InsetLeft: 316, WorldW: 4000, WorldH: 4000, Zoom: 1, MinZoom: 0.25, MaxZoom: 3}
	c.CenterOn(2000, 2000)
	tests := []struct {
		name   string
		at     rules.Vec
		wantX  float64 // the edge's x, or -1
		wantY  float64 // the edge's y, or -1
		ux, uy float64 // the sign of the direction
	}{
		{"east", rules.Vec{X: 3500, Y: 2000 - 24 + 12}, 1280 - edgeIn, -1, 1, 0},
		{"west, by the left column", rules.Vec{X: 500, Y: 2000 + 12}, 316 + edgeIn, -1, -1, 0},
		{"north, under the top bar", rules.Vec{X: 2000 + 158, Y: 200}, -1, 48 + edgeIn, 0, -1},
		{"south", rules.Vec{X: 2000 + 158, Y: 3800}, -1, 720 - edgeIn, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if c.Shows(tc.at, 0) {
				t.Fatal("the test wants the enemy off screen")
			}
			x, y, ux, uy, ok := edgePoint(c, tc.at)
			if !ok {
				t.Fatal("no arrow")
			}
			if tc.wantX >= 0 && math.Abs(x-tc.wantX) > 1 || tc.wantY >= 0 && math.Abs(y-tc.wantY) > 1 {
				t.Errorf("arrow at (%.0f, %.0f), want x %.0f / y %.0f", x, y, tc.wantX, tc.wantY)
			}
			if x < c.InsetLeft || x > c.ViewW || y < c.InsetTop || y > c.ViewH {
				t.Errorf("arrow at (%.0f, %.0f) is off the map's part of the screen", x, y)
			}
			if tc.ux != 0 && ux*tc.ux < 0.9 || tc.uy != 0 && uy*tc.uy < 0.9 {
				t.Errorf("arrow points (%.2f, %.2f), want toward (%g, %g)", ux, uy, tc.ux, tc.uy)
			}
		})
	}
}
