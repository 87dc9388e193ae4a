package entities

import (
	"slices"
	"testing"

	"sightline/rules"
)

// Ghosts stay in obstacle ID order whatever order they come in; adding one
// again replaces it; removing returns it once.
func TestGhosts(t *testing.T) {
	var w World
	for _, id := range []int{5, 2, 9, 2} {
		w.AddGhost(rules.Obstacle{ID: id, Wounds: id})
	}
	var have []int
	for _, g := range w.Ghosts {
		have = append(have, g.Obstacle.ID)
	}
	if want := []int{2, 5, 9}; !slices.Equal(have, want) {
		t.Fatalf("ghosts %v, want %v", have, want)
	}
	if o, ok := w.RemoveGhost(5); !ok || o.ID != 5 {
		t.Errorf("remove 5: %v %v", o, ok)
	}
	if _, ok := w.RemoveGhost(5); ok {
		t.Error("5 removed twice")
	}
	if len(w.Ghosts) != 2 {
		t.Errorf("%d ghosts left, want 2", len(w.Ghosts))
	}
}
