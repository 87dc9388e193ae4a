package rules

import (
	"fmt"
	"testing"

	"sightline/rules/sight"
)

// unitsOf returns the first Blue and the first Red unit of a map.
func unitsOf(t *testing.T, s *State) (blue, red *Unit) {
	t.Helper()
	for _, u := range s.Units {
		if u.Side == SideBlue && blue == nil {
			blue = u
		}
		if u.Side == SideRed && red == nil {
			red = u
		}
	}
	if blue == nil || red == nil {
		t.Fatalf("map needs a Blue and a Red unit")
	}
	return blue, red
}

func TestLineOfSight(t *testing.T) {
	for _, tc := range []struct {
		name     string
		m        string
		los, loe bool
	}{
		{"open", `
			B....R`, true, true},
		{"long wall", `
			..B..
			#####
			..R..`, false, false},
		{"a single pillar is seen around", `
			.....
			B.#.R
			.....`, true, true},
		{"no slipping along the board edge past a wall", `
			B.#.R`, false, false},
		{"seam between wall tiles", `
			#B#
			###
			#R#`, false, false},
		{"low wall does not block standing", `
			..B..
			lllll
			..R..`, true, true},
		{"high wall blocks prone", `
			..b..
			hhhhh
			..r..`, false, false},
		{"high wall does not block standing", `
			..B..
			hhhhh
			..R..`, true, true},
		{"prone sees prone over very-low (grazing its top)", `
			..b..
			vvvvv
			..r..`, true, true},
		{"glass: seen, not reachable (seed 002)", `
			..B..
			ggggg
			..R..`, true, false},
		{"smoke: reachable, not seen", `
			..B..
			sssss
			..R..`, false, true},
		{"arrow slits let lines through", `
			..b..
			aaaaa
			..r..`, true, true},
		{"mech sees over a wall a soldier cannot", `
			MM...
			MM...
			#####
			.....
			.....
			..R..`, true, true},
		{"soldier behind the same wall", `
			.B...
			.....
			#####
			.....
			.....
			..R..`, false, false},
		{"diagonal gap between two walls", `
			B.#
			.#.
			..R`, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.m)
			b, r := unitsOf(t, s)
			if have := s.LineOfSight(b, r); have != tc.los {
				t.Errorf("map:%s\nLineOfSight: have %v, want %v", tc.m, have, tc.los)
			}
			if have := s.LineOfSight(r, b); have != tc.los {
				t.Errorf("map:%s\nLineOfSight back: have %v, want %v", tc.m, have, tc.los)
			}
			loe := false
			for _, o := range s.Board.Corners(b) {
				loe = loe || s.LineOfEffect(b, o, r)
			}
			if loe != tc.loe {
				t.Errorf("map:%s\nLineOfEffect from some origin: have %v, want %v", tc.m, loe, tc.loe)
			}
		})
	}
}

// TestLineClear pins the boundary rules on single segments (pixels; tiles
// are 32 px).
func TestLineClear(t *testing.T) {
	const T = ASCIITileSize
	rect := func(x, y, h int) Obstacle {
		return Obstacle{Shape: RectShape(float64(x*T), float64(y*T), T, T), Height: h, BlocksSight: true, BlocksEffect: true}
	}
	v := func(x, y float64) Vec { return Vec{X: x, Y: y} }
	for _, tc := range []struct {
		name     string
		obs      []Obstacle
		from, to Vec
		z0, z1   float64
		want     bool
	}{
		{"through a wall", []Obstacle{rect(2, 2, 5)}, v(0, 80), v(200, 80), 4, 4, false},
		{"along a wall's face", []Obstacle{rect(2, 2, 5)}, v(0, 64), v(200, 64), 4, 4, true},
		{"along the far face", []Obstacle{rect(2, 2, 5)}, v(96, 0), v(96, 200), 4, 4, true},
		{"through a corner point only", []Obstacle{rect(2, 2, 5)}, v(0, 128), v(128, 0), 4, 4, true},
		{"between diagonal walls through their shared corner", []Obstacle{rect(3, 2, 5), rect(2, 3, 5)}, v(32, 32), v(160, 160), 4, 4, true},
		{"along the seam of two stacked walls", []Obstacle{rect(2, 2, 5), rect(2, 3, 5)}, v(0, 96), v(200, 96), 4, 4, false},
		{"along the seam of two side-by-side walls", []Obstacle{rect(2, 2, 5), rect(3, 2, 5)}, v(96, 0), v(96, 200), 4, 4, false},
		{"seam of a wall and a low wall, above the low one", []Obstacle{rect(2, 2, 5), rect(3, 2, 2)}, v(96, 0), v(96, 200), 4, 4, true},
		{"over a low wall", []Obstacle{rect(2, 2, 2)}, v(0, 80), v(200, 80), 3, 3, true},
		{"grazing a low wall's top", []Obstacle{rect(2, 2, 2)}, v(0, 80), v(200, 80), 2, 2, true},
		{"under a low wall's top", []Obstacle{rect(2, 2, 2)}, v(0, 80), v(200, 80), 1.9, 1.9, false},
		{"descending into a low wall", []Obstacle{rect(4, 0, 2)}, v(0, 16), v(160, 16), 4, 0, false},
		{"descending, clearing it", []Obstacle{rect(1, 0, 2)}, v(0, 16), v(160, 16), 4, 0, true},
		{"circle secant", []Obstacle{{Shape: CircleShape(v(100, 100), 20), Height: 5, BlocksSight: true}}, v(0, 100), v(200, 100), 4, 4, false},
		{"circle tangent", []Obstacle{{Shape: CircleShape(v(100, 100), 20), Height: 5, BlocksSight: true}}, v(0, 80), v(200, 80), 4, 4, true},
		{"L-shape: along the internal cut", []Obstacle{{Shape: PolygonShape([]Vec{{X: 64, Y: 64}, {X: 128, Y: 64}, {X: 128, Y: 96}, {X: 96, Y: 96}, {X: 96, Y: 128}, {X: 64, Y: 128}}), Height: 5, BlocksSight: true}}, v(64, 64), v(128, 128), 4, 4, false},
		{"L-shape: through the notch", []Obstacle{{Shape: PolygonShape([]Vec{{X: 64, Y: 64}, {X: 128, Y: 64}, {X: 128, Y: 96}, {X: 96, Y: 96}, {X: 96, Y: 128}, {X: 64, Y: 128}}), Height: 5, BlocksSight: true}}, v(100, 200), v(200, 100), 4, 4, true},
		{"L-shape: across an arm", []Obstacle{{Shape: PolygonShape([]Vec{{X: 64, Y: 64}, {X: 128, Y: 64}, {X: 128, Y: 96}, {X: 96, Y: 96}, {X: 96, Y: 128}, {X: 64, Y: 128}}), Height: 5, BlocksSight: true}}, v(80, 0), v(80, 200), 4, 4, false},
		{"glass does not block sight", []Obstacle{{Shape: RectShape(64, 64, 32, 32), Height: 5, BlocksEffect: true}}, v(0, 80), v(200, 80), 4, 4, true},
		{"raised base", []Obstacle{{Shape: RectShape(64, 64, 32, 32), Height: 1, Base: 3, BlocksSight: true}}, v(0, 80), v(200, 80), 3.5, 3.5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBoard(8, 8, T)
			for _, o := range tc.obs {
				b.AddObstacle(o)
			}
			if have := b.LineClear(tc.from, tc.z0, tc.to, tc.z1, sight.BlockSight); have != tc.want {
				t.Errorf("LineClear(%v@%v -> %v@%v) = %v, want %v", tc.from, tc.z0, tc.to, tc.z1, have, tc.want)
			}
			if have := b.LineClear(tc.to, tc.z1, tc.from, tc.z0, sight.BlockSight); have != tc.want {
				t.Errorf("reversed: LineClear = %v, want %v", have, tc.want)
			}
		})
	}
}

func TestRaisedFloors(t *testing.T) {
	s := mustParse(t, `
		B....
		.....
		..3..
		.....
		..R..`)
	b, r := unitsOf(t, s)
	r.Stance = Prone
	s.Board.SetTile(Point{X: 2, Y: 3}, Tile{Floor: 3, Cost: 1})
	for x := 0; x < 5; x++ {
		s.Board.SetTile(Point{X: x, Y: 3}, Tile{Floor: 3, Cost: 1})
	}
	if s.LineOfSight(b, r) {
		t.Errorf("a prone unit behind a 3-brick terrace is seen from the ground")
	}
	r.Stance = Standing
	if !s.LineOfSight(b, r) {
		t.Errorf("a standing unit behind a 3-brick terrace is not seen")
	}
}

func TestDestroyingAnObstacleUpdatesSight(t *testing.T) {
	s := mustParse(t, `
		..B..
		.....
		.....
		##h##
		..r..`)
	b, r := unitsOf(t, s)
	if s.LineOfSight(b, r) {
		t.Fatalf("seen through the high wall before it is destroyed")
	}
	before := s.Cover(b, r)
	var low *Obstacle
	for _, o := range s.Board.Obstacles {
		if o.Height == HeightHigh {
			low = o
		}
	}
	s.Board.RemoveObstacle(low.ID)
	if !s.LineOfSight(b, r) {
		t.Errorf("not seen after the high wall is destroyed")
	}
	after := s.Cover(b, r)
	if before.Grade == after.Grade || after.By == low {
		t.Errorf("cover unchanged by destroying its obstacle: before %v by %v, after %v by %v", before.Grade, before.By, after.Grade, after.By)
	}
	if !s.FieldOfView(b, 0).SeesUnit(r.ID) || !s.SeesTile(b, r.Pos) {
		t.Errorf("field of view not updated")
	}
	s.Board.AddObstacle(*low)
	if s.LineOfSight(b, r) {
		t.Errorf("seen after the wall is rebuilt")
	}
}

func TestUnitSpace(t *testing.T) {
	s := mustParse(t, `
		MM.b
		MM.2`)
	m, p := s.Units[0], s.Units[1]
	if m.Size != 2 || len(s.Units) != 2 {
		t.Fatalf("mech parsed as %d units, size %d", len(s.Units), m.Size)
	}
	for _, tc := range []struct {
		name       string
		have, want string
	}{
		{"mech size", m.SizeCategory().String(), "large"},
		{"soldier size", p.SizeCategory().String(), "medium"},
		{"mech body", fmt.Sprint(m.BodyHeight()), "8"},
		{"prone body", fmt.Sprint(p.BodyHeight()), "1"},
		{"mech corners", fmt.Sprint(len(s.Board.Corners(m))), "9"},
		{"soldier corners", fmt.Sprint(s.Board.Corners(p)), "[{96 0} {128 0} {96 32} {128 32}]"},
		{"eye on the floor", fmt.Sprint(s.Board.EyeHeight(p)), "1"},
	} {
		if tc.have != tc.want {
			t.Errorf("%s: have %s, want %s", tc.name, tc.have, tc.want)
		}
	}
	p.Pos = Point{X: 3, Y: 1}
	if have := s.Board.EyeHeight(p); have != 3 {
		t.Errorf("eye height on a 2-brick floor: have %v, want 3", have)
	}
}

func TestLineClearKinds(t *testing.T) {
	s := mustParse(t, `
		.B.
		.g.
		.s.
		.R.`)
	b := s.Board
	from, to := Vec{X: 48, Y: 16}, Vec{X: 48, Y: 112}
	for _, tc := range []struct {
		kinds sight.Blocks
		want  bool
	}{
		{sight.BlockSight, false},                     // smoke
		{sight.BlockEffect, false},                    // glass
		{sight.BlockSight | sight.BlockEffect, false}, // both
		{sight.BlockSight, true},                      // after the smoke clears
		{sight.BlockSight | sight.BlockEffect, false}, // the glass still stands
	} {
		if len(b.Obstacles) == 2 && tc.want {
			b.RemoveObstacle(b.Obstacles[1].ID)
		}
		if have := b.LineClear(from, 4, to, 4, tc.kinds); have != tc.want {
			t.Errorf("kinds %b with %d obstacles: have %v, want %v", tc.kinds, len(b.Obstacles), have, tc.want)
		}
	}
}

func TestLineOfSightAllocatesNothing(t *testing.T) {
	s := genState(t, 64, 64, 16, 3)
	a, b := s.Units[0], s.Units[1]
	s.LineOfSight(a, b)
	if n := testing.AllocsPerRun(100, func() { s.LineOfSight(a, b) }); n != 0 {
		t.Errorf("LineOfSight allocates %v times per call", n)
	}
}
