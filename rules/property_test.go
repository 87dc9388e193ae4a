package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"sightline/internal/mapgen"

	"sightline/rules/sight"
)

const propSeeds = 8

// TestPropertyFOVAgreesWithLoS: on random maps, every unit's field of view
// holds exactly the tiles SeesTile accepts and the units LineOfSight
// accepts, and a standing 1×1 unit on a free tile is seen exactly when
// the tile is.
func TestPropertyFOVAgreesWithLoS(t *testing.T) {
	for _, seed := range mapgen.Seeds(propSeeds) {
		checkFOVAgreesWithLoS(t, fmt.Sprintf("seed %d", seed), genState(t, 20, 20, 10, seed), []int{0, 6})
	}
}

// TestPropertyFOVAgreesWithLoSRich: TestPropertyFOVAgreesWithLoS on the
// rich maps (elevation, every height, glass, smoke, circles, polygons,
// mechs, every stance).
func TestPropertyFOVAgreesWithLoSRich(t *testing.T) {
	for _, seed := range mapgen.Seeds(propSeeds) {
		checkFOVAgreesWithLoS(t, fmt.Sprintf("rich seed %d", seed), genRichState(t, 20, 20, seed), []int{0, 5, 9})
	}
}

// checkFOVAgreesWithLoS checks every unit's field of view of s at each
// radius against SeesTile and LineOfSight, and against a standing probe
// unit on every free tile at radius 0.
func checkFOVAgreesWithLoS(t *testing.T, name string, s *State, radii []int) {
	t.Helper()
	b := s.Board
	for _, u := range s.Units {
		for _, radius := range radii {
			f := s.FieldOfView(u, radius)
			for y := 0; y < b.Height; y++ {
				for x := 0; x < b.Width; x++ {
					p := Point{X: x, Y: y}
					want := s.SeesTile(u, p) && sight.InRadius(b.grid(), bodyOf(u), p, 1, radius)
					if f.Seen(p) != want {
						t.Fatalf("%s unit %d (size %d, %v) radius %d tile %v: FOV %v, SeesTile %v", name, u.ID, u.Size, u.Stance, radius, p, f.Seen(p), want)
					}
					if radius == 0 && s.UnitAt(p) == nil && b.Passable(p) {
						probe := DefaultUnit(SideRed, p)
						if s.LineOfSight(u, &probe) != f.Seen(p) {
							t.Fatalf("%s unit %d tile %v: FOV %v but LineOfSight to a unit there %v", name, u.ID, p, f.Seen(p), !f.Seen(p))
						}
					}
				}
			}
			for _, v := range s.Units {
				want := v != u && v.Alive() && s.LineOfSight(u, v) && sight.InRadius(b.grid(), bodyOf(u), v.Pos, v.Size, radius)
				if f.SeesUnit(v.ID) != want {
					t.Fatalf("%s: FOV of %d lists %d: %v, LineOfSight %v", name, u.ID, v.ID, f.SeesUnit(v.ID), want)
				}
			}
		}
	}
}

// TestPropertySymmetry: sight between two units of the same stance and
// size on the same floor elevation does not depend on who looks.
func TestPropertySymmetry(t *testing.T) {
	for _, seed := range mapgen.Seeds(propSeeds) {
		s := genState(t, 24, 24, 16, seed)
		for _, a := range s.Units {
			for _, b := range s.Units {
				if a == b || a.Stance != b.Stance || s.Board.FloorOf(a) != s.Board.FloorOf(b) {
					continue
				}
				if s.LineOfSight(a, b) != s.LineOfSight(b, a) {
					t.Fatalf("seed %d: LineOfSight(%d,%d)=%v but back %v", seed, a.ID, b.ID, s.LineOfSight(a, b), s.LineOfSight(b, a))
				}
			}
		}
	}
}

// TestPropertyOrderIndependence: shuffling the order obstacles are added in
// changes no sight or cover answer.
func TestPropertyOrderIndependence(t *testing.T) {
	for _, seed := range mapgen.Seeds(propSeeds) {
		s := genState(t, 20, 20, 10, seed)
		s2 := genState(t, 20, 20, 10, seed)
		obs := append([]*Obstacle(nil), s2.Board.Obstacles...)
		for _, o := range obs {
			s2.Board.RemoveObstacle(o.ID)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		rng.Shuffle(len(obs), func(i, j int) { obs[i], obs[j] = obs[j], obs[i] })
		for _, o := range obs {
			s2.Board.AddObstacle(*o)
		}
		for i, a := range s.Units {
			for j, b := range s.Units {
				if a == b {
					continue
				}
				a2, b2 := s2.Units[i], s2.Units[j]
				if s.LineOfSight(a, b) != s2.LineOfSight(a2, b2) {
					t.Fatalf("seed %d: LineOfSight(%d,%d) depends on obstacle order", seed, a.ID, b.ID)
				}
				c, c2 := s.Cover(a, b), s2.Cover(a2, b2)
				if fmt.Sprint(c.Grade, c.Origin, c.Hidden, c.LoE, obsID(c.By)) != fmt.Sprint(c2.Grade, c2.Origin, c2.Hidden, c2.LoE, obsID(c2.By)) {
					t.Fatalf("seed %d: Cover(%d,%d) depends on obstacle order: %v %v %v vs %v %v %v", seed, a.ID, b.ID, c.Grade, c.Origin, obsID(c.By), c2.Grade, c2.Origin, obsID(c2.By))
				}
			}
		}
	}
}

func obsID(o *Obstacle) int {
	if o == nil {
		return 0
	}
	return o.ID
}

// TestPropertySightlinesIncremental: after random moves, stance changes and
// destroyed or rebuilt obstacles, the incrementally updated cache equals a
// fresh one, and recomputes less than everything.
func TestPropertySightlinesIncremental(t *testing.T) {
	for _, seed := range mapgen.Seeds(4) {
		s := genState(t, 32, 32, 12, seed)
		c := NewSightlines(s, 8)
		c.Update()
		rng := rand.New(rand.NewPCG(seed, 3))
		var removed []Obstacle
		for step := 0; step < 30; step++ {
			switch rng.IntN(4) {
			case 0:
				u := s.Units[rng.IntN(len(s.Units))]
				if q := u.Pos.Add(Dir(rng.IntN(8)).Step()); s.CanStand(u, q) {
					u.Pos = q
				}
			case 1:
				u := s.Units[rng.IntN(len(s.Units))]
				u.Stance = Stance(rng.IntN(3))
			case 2:
				o := s.Board.Obstacles[rng.IntN(len(s.Board.Obstacles))]
				removed = append(removed, *o)
				s.Board.RemoveObstacle(o.ID)
			case 3:
				if len(removed) > 0 {
					s.Board.AddObstacle(removed[len(removed)-1])
					removed = removed[:len(removed)-1]
				}
			}
			fovs, pairs := c.Update()
			n := len(s.Units)
			if fovs == n && pairs == n*(n-1)/2 && step > 0 {
				t.Logf("seed %d step %d: recomputed everything", seed, step)
			}
			fresh := NewSightlines(s, 8)
			for _, a := range s.Units {
				if fovString(c.FOV(a.ID)) != fovString(fresh.FOV(a.ID)) || fmt.Sprint(c.FOV(a.ID).Units) != fmt.Sprint(fresh.FOV(a.ID).Units) {
					t.Fatalf("seed %d step %d: stale field of view of unit %d", seed, step, a.ID)
				}
				for _, b := range s.Units {
					if c.Visible(a.ID, b.ID) != fresh.Visible(a.ID, b.ID) {
						t.Fatalf("seed %d step %d: stale sight %d->%d", seed, step, a.ID, b.ID)
					}
				}
			}
		}
	}
}
