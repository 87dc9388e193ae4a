package rules

import (
	"fmt"
	"testing"

	"sightline/internal/mapgen"
)

// TestSeesPointIsLineOfSight: on random maps, plain and rich (every
// stance, mechs, leaning units, raised floors, off-grid shapes), for every
// unit that does not lean and a probe of each size and stance on every
// space of the board, the unit sees the probe (LineOfSight) exactly when it sees some
// intersection of the probe's space at the probe's eye (SeesPoint); both
// answers come up, so the check is not empty.
func TestSeesPointIsLineOfSight(t *testing.T) {
	for _, seed := range mapgen.Seeds(3) {
		for _, tc := range []struct {
			name string
			s    *State
		}{
			{fmt.Sprintf("seed %d", seed), genState(t, 16, 16, 8, seed)},
			{fmt.Sprintf("rich seed %d", seed), genRichState(t, 16, 16, seed)},
		} {
			seen, dark := 0, 0
			b := tc.s.Board
			for _, a := range tc.s.Units {
				if a.Status.Lean != LeanNone {
					continue
				}
				for y := 0; y < b.Height; y++ {
					for x := 0; x < b.Width; x++ {
						for _, size := range []int{1, 2} {
							if x+size > b.Width || y+size > b.Height {
								continue
							}
							for _, st := range []Stance{Standing, Crouched, Prone} {
								probe := DefaultUnit(a.Side.Other(), Point{X: x, Y: y})
								probe.ID, probe.Size, probe.Stance = len(tc.s.Units)+1, size, st
								want := tc.s.LineOfSight(a, &probe)
								have := false
								z := b.EyeHeight(&probe)
								for py := y; py <= y+size && !have; py++ {
									for px := x; px <= x+size && !have; px++ {
										have = tc.s.SeesPoint(a, Point{X: px, Y: py}, z)
									}
								}
								if have != want {
									t.Fatalf("%s: unit %d at %v (%v, size %d), a %v probe of size %d at %v: have %v, want %v",
										tc.name, a.ID, a.Pos, a.Stance, a.Size, st, size, probe.Pos, have, want)
								}
								if want {
									seen++
								} else {
									dark++
								}
							}
						}
					}
				}
			}
			if seen == 0 || dark == 0 {
				t.Fatalf("%s: %d probes seen, %d not: nothing checked", tc.name, seen, dark)
			}
		}
	}
}
