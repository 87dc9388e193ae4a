package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// Benchmarks run on genMap's maps (about 20% obstacles, 2% raised floors):
//
//	go test -run '^$' -bench . -benchmem ./rules/
var benchSizes = []int{64, 256}

const benchUnits = 32

// benchPairs returns the ordered pairs of distinct units of s, shuffled
// (deterministically) so that any prefix the benchmark loop covers is a
// fair sample.
func benchPairs(s *State) [][2]*Unit {
	var ps [][2]*Unit
	for _, a := range s.Units {
		for _, b := range s.Units {
			if a != b {
				ps = append(ps, [2]*Unit{a, b})
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	return ps
}

func BenchmarkCover(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			s := genState(b, n, n, benchUnits, 7)
			var ps [][2]*Unit // enemies in sight: what the hit panel asks
			for _, p := range benchPairs(s) {
				if p[0].Side != p[1].Side && s.LineOfSight(p[0], p[1]) {
					ps = append(ps, p)
				}
			}
			s.Cover(ps[0][0], ps[0][1])
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				s.Cover(p[0], p[1])
			}
		})
	}
}

func BenchmarkFieldOfView(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			s := genState(b, n, n, benchUnits, 7)
			var f FOV
			s.fieldOfViewInto(s.Units[0], 20, &f)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.fieldOfViewInto(s.Units[i%len(s.Units)], 20, &f)
			}
		})
	}
}

// BenchmarkAllPairs is the full recompute for 32 units: every field of view
// (radius 20) and line of sight for every pair, what the fog reads. The
// incremental cases change one thing and Update.
func BenchmarkAllPairs(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			s := genState(b, n, n, benchUnits, 7)
			s.Board.sightIndex()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				NewSightlines(s, 20).Update()
			}
		})
	}
	// The same full recompute, each after a pause (an idle game's first
	// recompute): ns/update should be ns/op of 64x64.
	b.Run("64x64-cold", func(b *testing.B) {
		s := genState(b, 64, 64, benchUnits, 7)
		s.Board.sightIndex()
		var spent time.Duration
		for i := 0; i < b.N; i++ {
			time.Sleep(2 * time.Millisecond)
			t0 := time.Now()
			NewSightlines(s, 20).Update()
			spent += time.Since(t0)
		}
		b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "ns/update")
	})
	b.Run("incremental-move", func(b *testing.B) {
		s := genState(b, 64, 64, benchUnits, 7)
		c := NewSightlines(s, 20)
		c.Update()
		u := s.Units[0]
		from, to := u.Pos, u.Pos
		for _, d := range dirSteps {
			if q := u.Pos.Add(d); s.CanStand(u, q) {
				to = q
				break
			}
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if i%2 == 0 {
				u.Pos = to
			} else {
				u.Pos = from
			}
			c.Update()
		}
	})
	b.Run("incremental-destroy", func(b *testing.B) {
		s := genState(b, 64, 64, benchUnits, 7)
		c := NewSightlines(s, 20)
		c.Update()
		var wall *Obstacle
		for _, o := range s.Board.Obstacles {
			if o.Height == HeightFull && o.BlocksSight {
				wall = o
				break
			}
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if i%2 == 0 {
				s.Board.RemoveObstacle(wall.ID)
			} else {
				wall = s.Board.AddObstacle(*wall)
			}
			c.Update()
		}
	})
}

// BenchmarkAIPreview is what the computer opponent asks most: for one unit
// standing on each tile it can reach this turn, the attack preview (cover,
// line of sight and effect, the hit chance's breakdown) of its shot at
// every living enemy and of every living enemy's shot at it. One op is the
// whole unit; ns/query is one preview.
func BenchmarkAIPreview(b *testing.B) {
	s := genState(b, 64, 64, benchUnits, 7)
	u := s.Units[0]
	tiles := s.Reach(u.ID, MoveBudget(u)).Tiles()
	var enemies []*Unit
	for _, e := range s.Units {
		if e.Side != u.Side && e.Alive() {
			enemies = append(enemies, e)
		}
	}
	s.Board.sightIndex()
	b.ReportAllocs()
	b.ResetTimer()
	shots := 0
	for i := 0; i < b.N; i++ {
		for _, p := range tiles {
			there := at(u, p, u.Stance)
			for _, e := range enemies {
				if _, err := planAttack(s, there, e, s.wielded(there), attackOpts{kind: KindAttack}); err == nil {
					shots++
				}
				planAttack(s, e, there, s.wielded(e), attackOpts{kind: KindAttack})
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(tiles)*len(enemies)*2), "ns/query")
	b.ReportMetric(float64(len(tiles)), "tiles")
	_ = shots
}
