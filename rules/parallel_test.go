package rules

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"sightline/internal/mapgen"
)

// readAll asks s every read-only question the game and the AI ask, for
// every unit and pair, and returns the answers as one string.
func readAll(s *State) string {
	var out strings.Builder
	b := s.Board
	for _, a := range s.Units {
		f := s.FieldOfView(a, 8)
		w := s.WatchCone(a, East, 90, 10)
		r := s.Reach(a.ID, 6)
		fmt.Fprintf(&out, "u%d fov %s %v watch %s %v reach %d cover %v exposed %v tile %v\n",
			a.ID, fovString(f), f.Units, fovString(w), w.Units, len(r.Tiles()), s.UnitInCover(a), s.Exposed(a), s.SeesTile(a, Point{X: b.Width / 2, Y: b.Height / 2}))
		for _, o := range b.Obstacles {
			if s.InContact(a, o) {
				fmt.Fprintf(&out, " touches %d", o.ID)
			}
		}
		for _, t := range s.Units {
			if a == t {
				continue
			}
			c := s.Cover(a, t)
			fmt.Fprintf(&out, " %d->%d los %v loe %v see %v %s", a.ID, t.ID, s.LineOfSight(a, t),
				s.LineOfEffect(a, b.SpaceCenter(a), t), s.CanSee(a, t), coverString(c))
			if a.Side != t.Side {
				p, err := s.PreviewAttack(Attack{Unit: a.ID, Target: t.ID})
				fmt.Fprintf(&out, " preview %+v %v", p, err)
			}
			out.WriteByte('\n')
		}
	}
	return out.String()
}

// TestParallelReaders: any number of goroutines may read one State at
// once, the sight index being built by the first of them, and each gets
// exactly the answers a lone reader gets. Under -race (make test runs
// it so) this also shows that no query writes shared memory.
func TestParallelReaders(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, seed := range mapgen.Seeds(2) {
		want := readAll(genRichState(t, 20, 20, seed))
		s := genRichState(t, 20, 20, seed) // no index yet: the readers race to build it
		const readers = 4
		have := make([]string, readers)
		var wg sync.WaitGroup
		for i := range readers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				have[i] = readAll(s)
			}()
		}
		wg.Wait()
		for i, h := range have {
			if h != want {
				t.Fatalf("seed %d: reader %d's answers differ from a lone reader's", seed, i)
			}
		}
	}
}

// TestParallelClones: clones of one state, each read on its own goroutine,
// build their indexes at the same moment; under -race this shows that
// building shares nothing unguarded (resolv numbers shapes from a
// package-level counter).
func TestParallelClones(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	s := genRichState(t, 20, 20, 3)
	want := s.FieldOfView(s.Units[0], 8)
	var wg sync.WaitGroup
	have := make([]*FOV, 4)
	for i := range have {
		c := s.Clone()
		wg.Add(1)
		go func() {
			defer wg.Done()
			have[i] = c.FieldOfView(c.Units[0], 8)
		}()
	}
	wg.Wait()
	for i, f := range have {
		if fovString(f) != fovString(want) {
			t.Errorf("clone %d's field of view differs", i)
		}
	}
}

// coverString prints a CoverResult with obstacles and units by ID.
func coverString(r CoverResult) string {
	id := func(o *Obstacle, u *Unit) string {
		switch {
		case o != nil:
			return "ob" + itoa(o.ID)
		case u != nil:
			return "unit" + itoa(u.ID)
		}
		return "-"
	}
	s := fmt.Sprintf("origin %v corners %v %v+%d by %s hidden %v limbs %v flanked %v contact %v los %v loe %v penalty %d;", r.Origin, r.Corners, r.Grade, r.Bonus, id(r.By, r.ByUnit), r.Hidden, r.CoveredLimbs, r.Flanked, r.InContact, r.LoS, r.LoE, r.AttackerPenalty)
	for _, h := range r.Obstacles {
		s += fmt.Sprintf(" [%s hidden %v shadow %v %v contact %v ignored %v]", id(h.Obstacle, h.Unit), h.Hidden, h.Shadow, h.Grade, h.InContact, h.Ignored)
	}
	return s
}
