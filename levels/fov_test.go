package levels_test

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"strings"
	"testing"
	"time"

	"sightline/internal/cputime"
	"sightline/internal/mapgen"
	"sightline/levels"
	"sightline/rules"
)

// fovBoard is a board the field-of-view tests and benchmark look over.
type fovBoard struct {
	name  string
	state *rules.State
}

// fovBoards returns every shipped level's start and, unless short, two
// 64×64 mapgen maps.
func fovBoards(tb testing.TB, short bool) []fovBoard {
	tb.Helper()
	paths, err := fs.Glob(levels.Embedded(), "maps/*.tmx")
	if err != nil || len(paths) == 0 {
		tb.Fatalf("maps: %v, %v", paths, err)
	}
	var bs []fovBoard
	for _, p := range paths {
		lv, err := levels.Load(levels.Embedded(), p)
		if err != nil {
			tb.Fatal(err)
		}
		bs = append(bs, fovBoard{strings.TrimSuffix(path.Base(p), ".tmx"), lv.State})
	}
	if short {
		return bs
	}
	for _, seed := range mapgen.Seeds(2) {
		s, err := rules.ParseASCII(mapgen.ASCII(64, 64, 32, seed))
		if err != nil {
			tb.Fatal(err)
		}
		bs = append(bs, fovBoard{fmt.Sprintf("mapgen-%d", seed), s})
	}
	return bs
}

// TestFieldOfViewMatchesSeesTile: on every shipped level and on mapgen
// maps, a unit put on random free tiles in every stance sees in its field
// of view (the whole board) exactly the tiles SeesTile, which asks each
// tile's lines one by one, accepts; and so does its lazy field of view
// (rules.Sightlines.SetLazy), the tiles it decided at once and those it
// left undecided, read one by one.
func TestFieldOfViewMatchesSeesTile(t *testing.T) {
	positions := 12
	if testing.Short() {
		positions = 3
	}
	undecided := 0
	for _, fb := range fovBoards(t, false) {
		t.Run(fb.name, func(t *testing.T) {
			s := fb.state.Clone()
			b := s.Board
			lazy := rules.NewSightlines(s, 0)
			lazy.SetLazy(true)
			rng := rand.New(rand.NewPCG(uint64(len(fb.name)), 32))
			tried := 0
			for try := 0; tried < positions && try < 100*positions; try++ {
				u := s.Units[rng.IntN(len(s.Units))]
				p := rules.Point{X: rng.IntN(b.Width - u.Size + 1), Y: rng.IntN(b.Height - u.Size + 1)}
				if !b.Passable(p) || s.UnitAt(p) != nil {
					continue
				}
				tried++
				u.Pos, u.Stance = p, rules.Stance(tried%3)
				f, lf := s.FieldOfView(u, 0), lazy.FOV(u.ID)
				d := lf.Undecided()
				seen := 0
				for y := range b.Height {
					for x := range b.Width {
						q := rules.Point{X: x, Y: y}
						want := s.SeesTile(u, q)
						if f.Seen(q) != want {
							t.Fatalf("unit %d (size %d, %v) at %v, tile %v: field of view %v, SeesTile %v", u.ID, u.Size, u.Stance, u.Pos, q, f.Seen(q), want)
						}
						if d != nil && d.Open(q) {
							undecided++
						}
						if lf.Seen(q) != want {
							t.Fatalf("unit %d (size %d, %v) at %v, tile %v: lazy field of view %v, SeesTile %v", u.ID, u.Size, u.Stance, u.Pos, q, lf.Seen(q), want)
						}
						if want {
							seen++
						}
					}
				}
				if seen <= 1 || seen == b.Width*b.Height {
					t.Errorf("unit %d at %v sees %d of %d tiles: a field of view that decides nothing", u.ID, u.Pos, seen, b.Width*b.Height)
				}
			}
			if tried < positions {
				t.Errorf("only %d free tiles found", tried)
			}
		})
	}
	if undecided == 0 {
		t.Error("no lazy field of view left a tile undecided: the lazy path was not checked")
	}
}

// BenchmarkFieldOfView measures a move's field of view on every shipped
// level: each unit of the level's start looks over the whole board (its
// tiles and the units it sees), as the match's knowledge does after every
// move. fov-us is the processor time of one (the process's, collector
// included).
func BenchmarkFieldOfView(b *testing.B) {
	for _, fb := range fovBoards(b, true) {
		b.Run(fb.name, func(b *testing.B) {
			s := fb.state.Clone()
			var cpu time.Duration
			for range b.N {
				t0 := cputime.Process()
				for _, u := range s.Units {
					s.FieldOfView(u, 0)
				}
				cpu += cputime.Process() - t0
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*len(s.Units))/1e3, "fov-us")
		})
	}
}
