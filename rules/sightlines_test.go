package rules

import (
	"reflect"
	"testing"

	"sightline/internal/mapgen"
)

// TestSightlinesMatchDirectQueries: every field of view and line of sight
// Sightlines caches is exactly what the state's own queries answer, one
// by one, for units of every size and stance on rich maps.
func TestSightlinesMatchDirectQueries(t *testing.T) {
	for _, seed := range mapgen.Seeds(4) {
		s := genRichState(t, 24, 24, seed)
		c := NewSightlines(s, 9)
		seen := 0
		for _, a := range s.Units {
			want := s.FieldOfView(a, 9)
			if have := c.FOV(a.ID); fovString(have) != fovString(want) || !reflect.DeepEqual(have.Units, want.Units) {
				t.Fatalf("seed %d unit %d: field of view differs\nhave %v\nwant %v", seed, a.ID, have.Units, want.Units)
			}
			for _, b := range s.Units {
				if a == b {
					continue
				}
				los := a.Alive() && b.Alive() && s.LineOfSight(a, b)
				if have := c.Visible(a.ID, b.ID); have != los {
					t.Fatalf("seed %d: %d sees %d: have %v, want %v", seed, a.ID, b.ID, have, los)
				}
				if los {
					seen++
				}
			}
		}
		if seen == 0 {
			t.Fatalf("seed %d: no pair in sight", seed)
		}
	}
}
