package sight

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"sightline/internal/mapgen"
)

// TestLazyBoardIsTheIndexAsItWas: lazy fields of view made between random
// changes of a rich random map (obstacles razed, some built again, new
// ones built), read only after all of them: every tile each decides is
// SeesTile's on an index built anew from the obstacles standing when it
// was made, its whole field (Finish) is that index's, and the index its
// board rebuilds (asWas) equals that index cell by cell (maxima, bit
// rows, fill counts, parts by ID, shape lists).
func TestLazyBoardIsTheIndexAsItWas(t *testing.T) {
	built, live, rebuilt := 0, 0, 0
	for _, seed := range mapgen.Seeds(propSeeds) {
		sc := genRichScene(t, 20, 20, seed)
		x := NewIndex(sc.grid, sc.obstacles)
		rng := rand.New(rand.NewPCG(seed, 21))
		standing := slices.Clone(sc.obstacles)
		var razed []Obstacle
		type made struct {
			d, whole *Undecided
			own      []uint64 // the whole one's tiles seen when made
			stood    []Obstacle
		}
		var fields []made
		for step := range 13 {
			for range 1 + rng.IntN(2) {
				b := sc.bodies[rng.IntN(len(sc.bodies))]
				var f, g FOV
				q := x.Query()
				q.fieldOfView(b, 0, &f, true)
				q.fieldOfView(b, 0, &g, true)
				q.Done()
				fields = append(fields, made{f.Undecided(), g.Undecided(), slices.Clone(g.bits), slices.Clone(standing)})
			}
			switch {
			case step == 12: // the last fields: read on the board as it stands
			case step%4 == 3 && len(razed) > 0: // one built again
				k := rng.IntN(len(razed))
				x.Add(razed[k])
				standing = append(standing, razed[k])
				razed = slices.Delete(razed, k, k+1)
			case step%4 == 2: // a new one
				sc.nextID++
				o := Obstacle{ID: 1000 + sc.nextID, Shape: RectShape(float64(rng.IntN(19)*sceneTile), float64(rng.IntN(19)*sceneTile), sceneTile, 2*sceneTile),
					Height: 1 + rng.IntN(5), BlocksSight: true, BlocksEffect: true, Size: SizeMedium}
				x.Add(o)
				standing = append(standing, o)
			default:
				k := rng.IntN(len(standing))
				x.Remove(standing[k].ID)
				razed = append(razed, standing[k])
				standing = slices.Delete(standing, k, k+1)
			}
		}
		for k, m := range fields {
			fresh := NewIndex(sc.grid, m.stood)
			q := fresh.Query()
			var want FOV
			q.FieldOfView(m.d.body, 0, &want)
			for y := range sc.grid.Height {
				for xx := range sc.grid.Width {
					p := Point{X: xx, Y: y}
					if m.d.Open(p) && m.d.Seen(p) != q.SeesTile(m.d.body, p) {
						t.Fatalf("seed %d field %d: tile %v decided late %v, SeesTile as it was %v", seed, k, p, !q.SeesTile(m.d.body, p), q.SeesTile(m.d.body, p))
					}
				}
			}
			m.whole.Finish()
			have := slices.Clone(m.own)
			m.whole.OrSeen(have)
			if !slices.Equal(have, want.bits) {
				t.Fatalf("seed %d field %d: finished late\n%b\nas it was\n%b", seed, k, have, want.bits)
			}
			q.Done()
			if m.d.b.undo == nil {
				live++
				continue
			}
			built++
			old := m.d.b.asWas()
			if !sameIndex(old, fresh) {
				t.Fatalf("seed %d field %d: the index rebuilt as it was differs from one built anew", seed, k)
			}
			rebuilt++
		}
	}
	if built == 0 || live == 0 || rebuilt == 0 {
		t.Errorf("%d fields read on a changed board, %d on the board as it stands: want both", built, live)
	}
}

// sameIndex reports whether a and b hold the same cells: per-cell maxima,
// bit rows, fill counts, parts by ID (their obstacles' IDs) and the shapes
// each cell lists (by their parts' obstacles and tops).
func sameIndex(a, b *Index) bool {
	if a.count != b.count || !slices.Equal(a.preSight, b.preSight) || !slices.Equal(a.preEffect, b.preEffect) ||
		!slices.Equal(a.preBlock, b.preBlock) || !slices.Equal(a.preCover, b.preCover) || !slices.Equal(a.fullSight, b.fullSight) ||
		!slices.Equal(a.tallAbove, b.tallAbove) || !slices.Equal(a.sightAbove, b.sightAbove) || !slices.Equal(a.fills, b.fills) {
		return false
	}
	if !slices.Equal(slices.Sorted(maps.Keys(a.parts)), slices.Sorted(maps.Keys(b.parts))) {
		return false
	}
	for id, ps := range a.parts {
		if len(ps) != len(b.parts[id]) {
			return false
		}
	}
	for cy := range a.rows {
		for cx := range a.cols {
			if !slices.Equal(cellKeys(a, cx, cy), cellKeys(b, cx, cy)) {
				return false
			}
		}
	}
	return true
}

// cellKeys names the parts cell (cx, cy) lists: obstacle ID (0 for a
// raised floor) and top, sorted.
func cellKeys(x *Index, cx, cy int) [][2]float64 {
	var out [][2]float64
	for _, sh := range x.cellParts(cx, cy) {
		p := sh.Data().(*part)
		id := 0
		if p.ob != nil {
			id = p.ob.ID
		}
		out = append(out, [2]float64{float64(id), p.top})
	}
	slices.SortFunc(out, func(a, b [2]float64) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	return out
}
