package sight

import (
	"slices"
	"testing"
)

func TestShapeContainsAndCoversTile(t *testing.T) {
	// A 32-pixel grid: the L is concave, the fence lies on a tile edge.
	ell := PolygonShape([]Vec{{0, 0}, {64, 0}, {64, 32}, {32, 32}, {32, 64}, {0, 64}})
	fence := RectShape(32, 0, 6, 64)
	ring := CircleShape(Vec{48, 48}, 10)
	for _, c := range []struct {
		name string
		s    Shape
		tile Point
		want bool
	}{
		{"L, its corner tile", ell, Point{0, 0}, true},
		{"L, its arm", ell, Point{1, 0}, true},
		{"L, the notch", ell, Point{1, 1}, false},
		{"fence, the tile it lies in", fence, Point{1, 0}, true},
		{"fence, the tile it only touches", fence, Point{0, 0}, false},
		{"circle, its tile", ring, Point{1, 1}, true},
		{"circle, a tile it misses", ring, Point{0, 0}, false},
	} {
		if have := c.s.CoversTile(c.tile, 32); have != c.want {
			t.Errorf("%s: CoversTile(%v) have %v, want %v", c.name, c.tile, have, c.want)
		}
	}
	if ell.Contains(Vec{64, 16}) {
		t.Error("a point on the L's edge counts as inside")
	}
	if lo, hi := ring.Bounds(); lo != (Vec{38, 38}) || hi != (Vec{58, 58}) {
		t.Errorf("circle bounds %v %v", lo, hi)
	}
}

func TestPoseAndSize(t *testing.T) {
	for _, c := range []struct {
		side int
		want Size
	}{{0, SizeMedium}, {1, SizeMedium}, {2, SizeLarge}, {4, SizeGargantuan}, {9, SizeGargantuan}} {
		if have := SizeOf(c.side); have != c.want {
			t.Errorf("SizeOf(%d) = %v, want %v", c.side, have, c.want)
		}
	}
	for _, p := range []Pose{Standing, Crouched, Prone} {
		if q, err := ParsePose(p.String()); err != nil || q != p {
			t.Errorf("ParsePose(%q) = %v, %v", p.String(), q, err)
		}
	}
	if _, err := ParsePose("kneeling"); err == nil {
		t.Error("ParsePose accepted kneeling")
	}
	if Standing.Height() != 4 || Crouched.Height() != 3 || Prone.Height() != 1 {
		t.Error("pose heights are not seed 004's 4, 3 and 1")
	}
}

func TestGrid(t *testing.T) {
	// 3×2 tiles of 32 pixels; the middle column is a roof 3 bricks up.
	g := &Grid{Width: 3, Height: 2, TileSize: 32, Floors: []int{0, 3, 0, 0, 3, 1}}
	for _, c := range []struct {
		name string
		b    Body
		want float64
	}{
		{"standing on the ground", Body{Pos: Point{0, 0}, Size: 1, Stance: Standing}, 4},
		{"prone on the roof", Body{Pos: Point{1, 1}, Size: 1, Stance: Prone}, 4},
		{"a 2×2 mech across the roof edge stands on the roof", Body{Pos: Point{1, 0}, Size: 2, Stance: Standing}, 3 + 8},
		{"half off the board: the tiles on it count", Body{Pos: Point{2, 1}, Size: 2, Stance: Crouched}, 1 + 6},
	} {
		if have := g.EyeOf(c.b); have != c.want {
			t.Errorf("%s: EyeOf = %v, want %v", c.name, have, c.want)
		}
	}
	var buf [MaxCorners]Vec
	if n := g.CornersInto(Point{1, 0}, 2, &buf); n != 9 || buf[0] != (Vec{32, 0}) || buf[8] != (Vec{96, 64}) {
		t.Errorf("a 2×2 space's corners: %d, %v .. %v", n, buf[0], buf[n-1])
	}
	if c := g.SpaceCenter(Point{1, 0}, 2); c != (Vec{64, 32}) {
		t.Errorf("a 2×2 space's centre: %v", c)
	}
	if g.PhantomTop(Point{1, 0}) != 7 || g.InBounds(Point{3, 0}) || !g.InBounds(Point{2, 1}) {
		t.Error("PhantomTop or InBounds is wrong")
	}
}

// TestCoveredTiles: the tiles of a 4×3 board of 10-pixel tiles a shape
// covers, row by row; parts off the board and edges merely touched are
// left out.
func TestCoveredTiles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape Shape
		want  []Point
	}{
		{"two tiles", RectShape(10, 10, 20, 10), []Point{{1, 1}, {2, 1}}},
		{"touching edges only", RectShape(10, 10, 10, 10), []Point{{1, 1}}},
		{"off the top left", RectShape(-15, -15, 20, 20), []Point{{0, 0}}},
		{"off the bottom right", RectShape(35, 25, 30, 30), []Point{{3, 2}}},
		{"off the board", RectShape(50, 50, 10, 10), nil},
		{"a circle", CircleShape(Vec{20, 15}, 3), []Point{{1, 1}, {2, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if have := tc.shape.CoveredTiles(10, 4, 3, nil); !slices.Equal(have, tc.want) {
				t.Errorf("have %v, want %v", have, tc.want)
			}
		})
	}
}
