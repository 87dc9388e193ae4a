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
		plain, rich := genState(t, 16, 16, 8, seed), genRichState(t, 16, 16, seed)
		checkSeesPoint(t, fmt.Sprintf("seed %d", seed), plain)
		checkSeesPoint(t, fmt.Sprintf("rich seed %d", seed), rich)
	}
}

// checkSeesPoint checks SeesPoint against LineOfSight for every unit of s
// that does not lean.
func checkSeesPoint(t *testing.T, name string, s *State) {
	t.Helper()
	seen, dark := 0, 0
	b := s.Board
	for _, a := range s.Units {
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
						probe.ID, probe.Size, probe.Stance = len(s.Units)+1, size, st
						want := s.LineOfSight(a, &probe)
						have := false
						z := b.EyeHeight(&probe)
						for py := y; py <= y+size && !have; py++ {
							for px := x; px <= x+size && !have; px++ {
								have = s.SeesPoint(a, Point{X: px, Y: py}, z)
							}
						}
						if have != want {
							t.Fatalf("%s: unit %d at %v (%v, size %d), a %v probe of size %d at %v: have %v, want %v",
								name, a.ID, a.Pos, a.Stance, a.Size, st, size, probe.Pos, have, want)
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
		t.Fatalf("%s: %d probes seen, %d not: nothing checked", name, seen, dark)
	}
}
