package systems

import (
	"slices"
	"strings"
	"testing"

	"sightline/entities"
	"sightline/match"
	"sightline/rules"
)

// fogMap draws what a side sees: '.' seen, '~' hidden.
func fogMap(v *match.Visibility) string {
	var sb strings.Builder
	for y := 0; y < v.Height; y++ {
		for x := 0; x < v.Width; x++ {
			if v.Seen(rules.Point{X: x, Y: y}) {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('~')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// newMatch starts a match on an ASCII map.
func newMatch(t *testing.T, m string) *match.Match {
	t.Helper()
	s, err := rules.ParseASCII(m)
	if err != nil {
		t.Fatal(err)
	}
	return match.New(s, 1)
}

func TestFogCache(t *testing.T) {
	m := newMatch(t, `
B....#...
.....#.R.
.....#...`)
	w := entities.NewWorld(m.State())
	var f Fog
	f.Update(m, rules.SideBlue)
	f.Update(m, rules.SideBlue)
	if f.Computes != 1 {
		t.Fatalf("two frames: %d updates, want 1", f.Computes)
	}
	if f.Knows(2) || len(f.Shown(w).Units) != 1 {
		t.Fatalf("the enemy behind the wall is shown")
	}

	// A move: updated (still hidden behind the wall).
	if _, err := m.Apply(rules.Move{Unit: 1, To: rules.Point{X: 1, Y: 1}}); err != nil {
		t.Fatal(err)
	}
	f.Update(m, rules.SideBlue)
	if f.Computes != 2 {
		t.Fatalf("after a move: %d updates, want 2", f.Computes)
	}
	if !f.Visibility().Seen(rules.Point{X: 0, Y: 0}) || f.Visibility().Seen(rules.Point{X: 7, Y: 1}) {
		t.Fatalf("after the move:\n%s", fogMap(f.Visibility()))
	}

	// The turn passes: Red's view.
	if _, err := m.Apply(rules.EndTurn{}); err != nil {
		t.Fatal(err)
	}
	f.Update(m, rules.SideRed)
	if f.Computes != 3 || f.Visibility().Side != rules.SideRed {
		t.Fatalf("after the turn: %d updates, side %v", f.Computes, f.Visibility().Side)
	}

	f.Off = true
	if !f.Knows(1) || f.Shown(w) != w {
		t.Error("fog off still hides units")
	}
}

// memoryMap walls Blue 1 off from the low cover (obstacle 3, at (4,1))
// that Red 2 stands behind. The wall is obstacles 1, 2 and 4.
const memoryMap = `
..#...
B.#.lR
..#...`

// ids returns the IDs of obstacles.
func ids(obs []*rules.Obstacle) []int {
	var out []int
	for _, o := range obs {
		out = append(out, o.ID)
	}
	return out
}

// TestFogObstacles: the fog draws for the side it shows the obstacles it
// remembers: the low cover Red shoots away out of Blue's sight stays drawn
// for Blue and not for Red; with the fog off the board's are drawn; what
// was drawn stays as it was until the next Update.
func TestFogObstacles(t *testing.T) {
	s := troopers(t, memoryMap)
	b := s.Board
	m := match.New(s, 1)
	var f Fog
	f.Update(m, rules.SideBlue)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 3, 4}) {
		t.Fatalf("at the start Blue is drawn %v, want the whole map", have)
	}
	if _, err := m.Apply(rules.EndTurn{}); err != nil {
		t.Fatal(err)
	}
	for i := 0; b.Obstacle(3) != nil; i++ {
		if i == 100 {
			t.Fatal("test map: Red cannot shoot the low cover away")
		}
		if _, err := m.Apply(rules.Attack{Unit: 2, Obstacle: 3}); err != nil {
			if _, err := m.Apply(rules.EndTurn{}); err != nil {
				t.Fatal(err)
			}
			if _, err := m.Apply(rules.EndTurn{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 3, 4}) {
		t.Errorf("before the fog updates, Blue is drawn %v, want what it was shown", have)
	}
	f.Update(m, rules.SideBlue)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 3, 4}) {
		t.Errorf("cover destroyed out of sight: Blue is drawn %v, want it still there", have)
	}
	f.Update(m, rules.SideRed)
	if have := ids(f.Obstacles(b)); !slices.Equal(have, []int{1, 2, 4}) {
		t.Errorf("Red, who saw it go, is drawn %v", have)
	}
	f.Off = true
	if have := ids(f.Obstacles(b)); !slices.Equal(have, ids(b.Obstacles)) {
		t.Errorf("fog off: drawn %v, want the board's %v", have, ids(b.Obstacles))
	}
	f.Off = false
	if other := (&rules.Board{}); len(f.Obstacles(other)) != 0 {
		t.Error("another board is drawn the fog's obstacles")
	}
}
