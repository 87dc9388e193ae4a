package systems

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

// ids returns the IDs of obstacles.
func ids(obs []*rules.Obstacle) []int {
	var out []int
	for _, o := range obs {
		out = append(out, o.ID)
	}
	return out
}

// TestFogObstacles: the fog draws for the side to move the obstacles it
// remembers: the low cover destroyed out of Blue's sight stays drawn for
// Blue and not for Red, until Blue comes round the wall; with the fog off
// the board's are drawn.
func TestFogObstacles(t *testing.T) {
	s, err := rules.ParseASCII(memoryMap)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	var f Fog
	f.Update(s)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 3, 4}) {
		t.Fatalf("at the start Blue is drawn %v, want the whole map", have)
	}
	b.RemoveObstacle(3)
	f.Update(s)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 3, 4}) {
		t.Errorf("cover destroyed out of sight: Blue is drawn %v, want it still there", have)
	}
	s.Side = rules.SideRed
	f.Update(s)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 4}) {
		t.Errorf("Red, who sees it gone, is drawn %v", have)
	}
	f.Off = true
	if have := ids(f.Obstacles(b)); !slices.Equal(have, ids(b.Obstacles)) {
		t.Errorf("fog off: drawn %v, want the board's %v", have, ids(b.Obstacles))
	}
	f.Off = false
	s.Side = rules.SideBlue
	s.Unit(1).Pos = rules.Point{X: 3, Y: 0}
	f.Update(s)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 4}) {
		t.Errorf("Blue round the wall is drawn %v, want the cover gone", have)
	}
	if other := (&rules.Board{}); len(f.Obstacles(other)) != 0 {
		t.Error("another board is drawn the fog's obstacles")
	}
}

// TestFogWitnessed: after a command both sides remember at once what
// they saw just before it; the side watching the playback notes what its
// units see after it only when the fog updates, once the events played;
// the other side notes that at once.
func TestFogWitnessed(t *testing.T) {
	s, err := rules.ParseASCII(`
..#.....
B.#.l...
..#.....
########
.....R..`)
	if err != nil {
		t.Fatal(err)
	}
	b := s.Board
	var f Fog
	f.Update(s)
	see := func(side rules.Side) *Visibility { return f.Compute(s, side) }
	cover := rules.Point{X: 4, Y: 1} // obstacle 3
	w := NewWitness(s, see)
	if see(rules.SideBlue).Seen(cover) || see(rules.SideRed).Seen(cover) {
		t.Fatal("test map: a side sees the low cover before the command")
	}
	// The command: the cover breaks out of both sides' sight, Blue 1 walks
	// round the wall into sight of it, Red 2 too.
	b.RemoveObstacle(3)
	s.Unit(1).Pos = rules.Point{X: 3, Y: 0}
	s.Unit(2).Pos = rules.Point{X: 6, Y: 1}
	w.After(s, see)
	if !see(rules.SideBlue).Seen(cover) || !see(rules.SideRed).Seen(cover) {
		t.Fatal("test map: a side does not see the low cover after the command")
	}
	f.Witnessed(s, w)
	if have := ids(f.Obstacles(b)); !slices.Contains(have, 3) {
		t.Errorf("while the move plays Blue is drawn %v: the cover it walks into sight of is gone early", have)
	}
	if have := ids(f.mem.Obstacles(rules.SideRed)); slices.Contains(have, 3) {
		t.Errorf("Red, who saw it gone after the command, remembers %v", have)
	}
	f.Update(s)
	if have := ids(f.Obstacles(b)); slices.Contains(have, 3) {
		t.Errorf("once the fog updated Blue is drawn %v, want the cover gone", have)
	}
}
