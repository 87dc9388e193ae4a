package sight

import "testing"

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
