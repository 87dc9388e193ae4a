package ai

import (
	"math"
	"slices"
	"testing"

	"sightline/match"
)

// TestWeighingSetsAsideOnlyWhatCannotCount: every decision of the first
// turn in contact on every shipped level (inContact), normal and hard,
// weighed with tiles set aside (weigh) and again scoring every tile:
// the same tile chosen with the same score and way (shooting first or
// not), the same own tile's score, the same best tiles (the profile's
// LookAhead, or one) with the same scores, and every tile set aside
// holding a bound at least its exact score. Some tiles must be set
// aside, or the test says nothing.
func TestWeighingSetsAsideOnlyWhatCannotCount(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every level to contact and weighs each decision twice; the digests hold the short runs")
	}
	var contact []level
	for _, lv := range shipped(t) {
		contact = append(contact, inContact(t, lv)...)
	}
	for _, name := range budgeted {
		p, err := ProfileNamed(name)
		if err != nil {
			t.Fatal(err)
		}
		decisions, tiles, aside := 0, 0, 0
		for _, lv := range contact {
			m := match.New(lv.state.Clone(), 1)
			c := NewComputer(p)
			side := lv.state.Side
			for m.State().Side == side {
				v := m.View(side)
				c.pace.begin(v)
				if w := c.start(v); w != nil {
					for !w.weighed() {
						c.weigh(w)
					}
					all := c.start(v)
					for len(all.weighing.bounds) < len(all.tiles) {
						c.weigh(all)
					}
					all.weighing.prune = false
					for !all.weighed() {
						c.weigh(all)
					}
					n := sameWeighing(t, name+"/"+lv.path, p, w, all)
					decisions, tiles, aside = decisions+1, tiles+len(w.tiles), aside+n
				}
				c.work = nil
				if _, err := m.Apply(c.Next(v)); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d decisions, %d tiles, %d set aside", name, decisions, tiles, aside)
		if aside == 0 {
			t.Errorf("%s: no tile set aside in %d decisions", name, decisions)
		}
	}
}

// sameWeighing fails t where decision w (tiles set aside) differs from
// all (every tile scored), and returns how many tiles w set aside.
func sameWeighing(t *testing.T, name string, p Profile, w, all *thought) int {
	t.Helper()
	if w.u.ID != all.u.ID || !slices.Equal(w.tiles, all.tiles) {
		t.Fatalf("%s: the two weighings weigh unit %d's %d tiles and unit %d's %d", name, w.u.ID, len(w.tiles), all.u.ID, len(all.tiles))
	}
	if w.best != all.best || !same(w.bestScore, all.bestScore) || w.bestFirst != all.bestFirst {
		t.Errorf("%s: unit %d: best %v %v (first %v), every tile scored %v %v (first %v)", name, w.u.ID, w.best, w.bestScore, w.bestFirst, all.best, all.bestScore, all.bestFirst)
	}
	if !same(w.scores[0], all.scores[0]) {
		t.Errorf("%s: unit %d: its own tile scored %v, %v with every tile scored", name, w.u.ID, w.scores[0], all.scores[0])
	}
	k := max(p.LookAhead, 1)
	have, want := topScores(w.scores, k), topScores(all.scores, k)
	if !slices.Equal(have, want) {
		t.Errorf("%s: unit %d: the best %d tiles %v, %v with every tile scored", name, w.u.ID, k, have, want)
	}
	for _, i := range want {
		if !same(w.scores[i], all.scores[i]) || w.firsts[i] != all.firsts[i] {
			t.Errorf("%s: unit %d: tile %v scored %v (first %v), %v (first %v) with every tile scored", name, w.u.ID, w.tiles[i], w.scores[i], w.firsts[i], all.scores[i], all.firsts[i])
		}
	}
	aside, marked := 0, w.asideTiles()
	if n := len(slices.DeleteFunc(slices.Clone(marked), func(b bool) bool { return !b })); n != w.weighing.aside {
		t.Errorf("%s: unit %d: %d tiles marked aside for the why overlay, %d set aside", name, w.u.ID, n, w.weighing.aside)
	}
	for i := range w.tiles {
		switch {
		case same(w.scores[i], all.scores[i]):
		case w.scores[i] > all.scores[i]:
			if marked == nil || !marked[i] {
				t.Errorf("%s: unit %d: tile %v scored its bound %v (exact %v) but is not marked aside", name, w.u.ID, w.tiles[i], w.scores[i], all.scores[i])
			}
			aside++ // its bound
		default:
			t.Errorf("%s: unit %d: tile %v set aside at %v, which it beats: %v", name, w.u.ID, w.tiles[i], w.scores[i], all.scores[i])
		}
	}
	return aside
}

// same reports whether x and y are the same score (both NaN included).
func same(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
