package rules

import (
	"fmt"
	"testing"

	"sightline/internal/mapgen"
)

// TestLookoutBlindHasNoShot: on random maps, plain and rich (every
// stance, mechs, leaning units, raised floors, off-grid shapes), for every
// unit, at the whole board and a radius, and a standing enemy probe on
// every tile: a probe the unit's lookout calls blind is one the unit has
// no shot at and no line of sight to; a probe outside the radius, or a
// target that is not a standing 1×1 unit, is never called blind; and the
// lookouts settle some probes, so the check is not empty.
func TestLookoutBlindHasNoShot(t *testing.T) {
	for _, seed := range mapgen.Seeds(4) {
		for _, tc := range []struct {
			name string
			s    *State
		}{
			{fmt.Sprintf("seed %d", seed), genState(t, 20, 20, 10, seed)},
			{fmt.Sprintf("rich seed %d", seed), genRichState(t, 20, 20, seed)},
		} {
			checkLookout(t, tc.name, tc.s)
		}
	}
}

// checkLookout checks the lookouts of every unit of s.
func checkLookout(t *testing.T, name string, s *State) {
	t.Helper()
	b := s.Board
	rifle, ok := DefaultData().Weapon("rifle")
	if !ok {
		t.Fatal("no rifle")
	}
	blind, settled := 0, 0
	for _, a := range s.Units {
		if i := a.ID % 3; i > 0 {
			// Two in three fire rifles; the others fight hand to hand,
			// which no lookout settles.
			a.Hand = Carried{Weapon: rifle, Ammo: rifle.Magazine}
		}
		for _, radius := range []int{0, 6} {
			l := s.Lookout(a, radius)
			if l.fov != nil {
				settled++
				if s.wielded(a).Melee {
					t.Fatalf("%s unit %d: a lookout for a blow", name, a.ID)
				}
			}
			for y := -1; y <= b.Height; y++ {
				for x := -1; x <= b.Width; x++ {
					p := Point{X: x, Y: y}
					probe := DefaultUnit(a.Side.Other(), p)
					probe.ID = len(s.Units) + 1
					if !l.Blind(&probe) {
						continue
					}
					blind++
					if !b.InBounds(p) || radius > 0 && (x-a.Pos.X)*(x-a.Pos.X)+(y-a.Pos.Y)*(y-a.Pos.Y) > (radius+2)*(radius+2) {
						t.Fatalf("%s unit %d radius %d: blind to %v, off the board or beyond the radius", name, a.ID, radius, p)
					}
					if _, ok := s.ForecastShot(*a, probe); ok || s.LineOfSight(a, &probe) {
						t.Fatalf("%s unit %d (%v, lean %v) radius %d: blind to %v, but it has a shot or sees it", name, a.ID, a.Stance, a.Status.Lean, radius, p)
					}
					for _, st := range []Stance{Crouched, Prone} {
						other := probe
						other.Stance = st
						if l.Blind(&other) {
							t.Fatalf("%s unit %d: a %v target called blind", name, a.ID, st)
						}
					}
				}
			}
		}
	}
	if blind == 0 || settled == 0 {
		t.Fatalf("%s: %d probes called blind by %d lookouts: nothing checked", name, blind, settled)
	}
}
