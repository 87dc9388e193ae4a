package rules

import (
	"reflect"
	"runtime"
	"testing"
)

// TestSightlinesWorkersMatchDirectQueries: Update spreads its work over
// workers (the state and copies with forked index scratch); every field of
// view, line of sight and cover it caches must be exactly what the state's
// own queries answer, one by one. Run with -race, it also shows the workers
// share nothing they write.
func TestSightlinesWorkersMatchDirectQueries(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	for seed := uint64(1); seed <= 4; seed++ {
		s := genRichState(t, 24, 24, seed)
		c := NewSightlines(s, 9)
		c.Update()
		// js/wasm keeps GOMAXPROCS at 1: there the phases run in turn.
		if runtime.GOMAXPROCS(0) == 3 && len(c.workers()) != 3 {
			t.Fatal("Update did not run on three workers with GOMAXPROCS 3")
		}
		covers := 0
		for _, a := range s.Units {
			want := s.FieldOfView(a, 9)
			if have := c.FOV(a.ID); fovString(have) != fovString(want) || !reflect.DeepEqual(have.Units, want.Units) {
				t.Fatalf("seed %d unit %d: field of view differs\nhave %v\nwant %v", seed, a.ID, have.Units, want.Units)
			}
			for _, b := range s.Units {
				if a == b {
					continue
				}
				los := s.LineOfSight(a, b)
				if have := c.Visible(a.ID, b.ID); have != los {
					t.Fatalf("seed %d: %d sees %d: have %v, want %v", seed, a.ID, b.ID, have, los)
				}
				have, ok := c.Cover(a.ID, b.ID)
				if wantOK := los && a.Side != b.Side; ok != wantOK {
					t.Fatalf("seed %d: cover %d->%d cached %v, want %v", seed, a.ID, b.ID, ok, wantOK)
				}
				if ok {
					covers++
					if want := s.Cover(a, b); !reflect.DeepEqual(have, want) {
						t.Fatalf("seed %d: cover %d->%d\nhave %+v\nwant %+v", seed, a.ID, b.ID, have, want)
					}
				}
			}
		}
		if covers == 0 {
			t.Fatalf("seed %d: no pair of enemies in sight to compare cover on", seed)
		}
	}
}
