package match

import (
	"fmt"
	"slices"
	"testing"

	"sightline/rules"
)

// memoryMap walls Blue 1 off from the low cover (obstacle 3, at (4,1))
// that Red 2 stands behind. The wall is obstacles 1, 2 and 4.
const memoryMap = `
..#...
B.#.lR
..#...`

// remembered lists what side remembers standing: IDs, with the wounds
// when it remembers some ("3w2").
func remembered(m *Memory, side rules.Side) []string {
	var out []string
	for _, o := range m.Obstacles(side) {
		s := fmt.Sprint(o.ID)
		if o.Wounds > 0 {
			s += fmt.Sprintf("w%d", o.Wounds)
		}
		out = append(out, s)
	}
	return out
}

func TestMemory(t *testing.T) {
	lowCover := func(s *rules.State, p rules.Point) {
		ts := float64(s.Board.TileSize)
		s.Board.AddObstacle(rules.Obstacle{Name: "crate", Height: rules.HeightLow, BlocksSight: true, BlocksEffect: true,
			Shape: rules.RectShape(float64(p.X)*ts, float64(p.Y)*ts, ts, ts)})
	}
	for _, tc := range []struct {
		name      string
		change    func(s *rules.State)
		blue, red []string
	}{
		{"as loaded", func(*rules.State) {}, []string{"1", "2", "3", "4"}, []string{"1", "2", "3", "4"}},
		{"destroyed out of Blue's sight", func(s *rules.State) { s.Board.RemoveObstacle(3) },
			[]string{"1", "2", "3", "4"}, []string{"1", "2", "4"}},
		{"damaged out of Blue's sight", func(s *rules.State) { s.Board.Obstacle(3).Wounds = 2 },
			[]string{"1", "2", "3", "4"}, []string{"1", "2", "3w2", "4"}},
		{"built out of Blue's sight", func(s *rules.State) { lowCover(s, rules.Point{X: 3, Y: 2}) },
			[]string{"1", "2", "3", "4"}, []string{"1", "2", "3", "4", "5"}},
		{"built in Blue's sight only", func(s *rules.State) { lowCover(s, rules.Point{X: 0, Y: 0}) },
			[]string{"1", "2", "3", "4", "5"}, []string{"1", "2", "3", "4"}},
		{"destroyed in both sides' sight", func(s *rules.State) { s.Board.RemoveObstacle(1) },
			[]string{"2", "3", "4"}, []string{"2", "3", "4"}},
		{"destroyed, then Blue comes round the wall", func(s *rules.State) {
			s.Board.RemoveObstacle(3)
			s.Unit(1).Pos = rules.Point{X: 3, Y: 0}
		}, []string{"1", "2", "4"}, []string{"1", "2", "4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(memoryMap)
			if err != nil {
				t.Fatal(err)
			}
			m := NewMemory(s.Board)
			tc.change(s)
			for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
				m.See(s.Board, ComputeVisibility(s, side, nil))
			}
			if have := remembered(m, rules.SideBlue); !slices.Equal(have, tc.blue) {
				t.Errorf("Blue remembers %v, want %v", have, tc.blue)
			}
			if have := remembered(m, rules.SideRed); !slices.Equal(have, tc.red) {
				t.Errorf("Red remembers %v, want %v", have, tc.red)
			}
		})
	}
}

// TestMemoryTilesOf: the tiles an obstacle covers are worked out again
// when its shape or the board's size is not the one they were worked out
// for, and kept otherwise.
func TestMemoryTilesOf(t *testing.T) {
	s, err := rules.ParseASCII(memoryMap)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	ts := float64(b.TileSize)
	one := rules.RectShape(0, 0, ts, ts)
	two := rules.RectShape(ts, 0, 2*ts, ts)
	m := NewMemory(b)
	for _, tc := range []struct {
		name  string
		id    int
		shape rules.Shape
		want  []rules.Point
	}{
		{"a shape", 7, one, []rules.Point{{X: 0, Y: 0}}},
		{"the same shape again", 7, one, []rules.Point{{X: 0, Y: 0}}},
		{"another shape, same ID", 7, two, []rules.Point{{X: 1, Y: 0}, {X: 2, Y: 0}}},
		{"equal points, not the same slice", 7, rules.RectShape(ts, 0, 2*ts, ts), []rules.Point{{X: 1, Y: 0}, {X: 2, Y: 0}}},
		{"an ID past the cache", maxCachedID + 1, one, []rules.Point{{X: 0, Y: 0}}},
		{"no ID", 0, two, []rules.Point{{X: 1, Y: 0}, {X: 2, Y: 0}}},
	} {
		if have := m.tilesOf(b, tc.id, tc.shape); !slices.Equal(have, tc.want) {
			t.Errorf("%s: tiles %v, want %v", tc.name, have, tc.want)
		}
	}
	wide, err := rules.ParseASCII("..\n..")
	if err != nil {
		t.Fatal(err)
	}
	if have, want := m.tilesOf(wide.Board, 7, two), []rules.Point{{X: 1, Y: 0}}; !slices.Equal(have, want) {
		t.Errorf("on a 2×2 board: tiles %v, want %v", have, want)
	}
}
