package rules

import (
	"slices"
	"testing"
)

// TestRemoveObstacleLeavesTheOldSlice: removing an obstacle, first, in the
// middle or last, gives the board a new slice and leaves one taken before
// as it was (a match's witness keeps the obstacles of before a command so,
// without copying them); adding one leaves it as it was too.
func TestRemoveObstacleLeavesTheOldSlice(t *testing.T) {
	tests := []struct {
		name   string
		remove int // the place of the obstacle removed
	}{
		{"first", 0},
		{"middle", 1},
		{"last", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseASCII(`
#.#.
....
#.#.`)
			if err != nil {
				t.Fatal(err)
			}
			b := s.Board
			if len(b.Obstacles) != 4 {
				t.Fatalf("%d obstacles parsed, want 4", len(b.Obstacles))
			}
			old := b.Obstacles
			want := slices.Clone(old)
			id := old[tt.remove].ID
			if !b.RemoveObstacle(id) {
				t.Fatalf("obstacle %d not removed", id)
			}
			b.AddObstacle(Obstacle{Shape: RectShape(16, 16, 16, 16), Height: HeightLow, BlocksSight: true})
			if have := old; !slices.Equal(have, want) {
				t.Errorf("the slice taken before: have %v, want %v", have, want)
			}
			if have := len(b.Obstacles); have != 4 || b.Obstacle(id) != nil {
				t.Errorf("the board: have %d obstacles (obstacle %d there: %v), want 4 without it", have, id, b.Obstacle(id) != nil)
			}
		})
	}
}
