package rules

import (
	"fmt"
	"strings"
	"testing"
)

// fovString draws a field of view: '*' seen, '.' unseen.
func fovString(f *FOV) string {
	var sb strings.Builder
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			if f.Seen(Point{X: x, Y: y}) {
				sb.WriteByte('*')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestFieldOfView(t *testing.T) {
	for _, tc := range []struct {
		name   string
		m      string
		radius int
		want   string
		units  []int
	}{
		{"a wall casts a shadow", `
			.......
			B..#...
			...#.R.
			.......`, 0, `
			*******
			*******
			****...
			*******`, nil},
		{"a long wall hides what is behind it", `
			...B...
			#######
			.....R.`, 0, `
			*******
			*******
			.......`, nil},
		{"radius", `
			B......`, 3, `
			****...`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustParse(t, tc.m)
			f := s.FieldOfView(s.Unit(1), tc.radius)
			want := strings.Join(asciiRows(tc.want), "\n") + "\n"
			if have := fovString(f); have != want || fmt.Sprint(f.Units) != fmt.Sprint(tc.units) && !(len(f.Units) == 0 && len(tc.units) == 0) {
				t.Errorf("map:%s\nhave:\n%sunits %v\nwant:\n%sunits %v", tc.m, have, f.Units, want, tc.units)
			}
		})
	}
}

func TestWatchCone(t *testing.T) {
	s := mustParse(t, `
		.........
		.........
		....B....
		.........
		.......R.`)
	u := s.Unit(1)
	f := s.WatchCone(u, East, 90, 4)
	want := `
		......**.
		.....***.
		....*****
		.....***.
		......**.`
	if have := fovString(f); have != strings.Join(asciiRows(want), "\n")+"\n" {
		t.Errorf("have:\n%swant:%s", have, want)
	}
	fov := s.FieldOfView(u, 4)
	for _, p := range f.Tiles() {
		if !fov.Seen(p) {
			t.Errorf("watched tile %v is not in the field of view", p)
		}
	}
	if !f.SeesUnit(2) {
		t.Errorf("units %v: the Red unit 34° off east, 3.6 tiles away, is not watched", f.Units)
	}
	if f := s.WatchCone(u, West, 90, 4); f.SeesUnit(2) || f.Count() != 15 {
		t.Errorf("watching west: units %v, %d tiles; want none and 15 (the mirror image)", f.Units, f.Count())
	}
}
