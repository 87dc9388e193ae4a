package sight

import (
	"math"
	"testing"

	"sightline/internal/mapgen"
)

// ddaGrid is the baseline the oracle is measured against: a plain integer
// grid walk (Amanatides & Woo) over the tiles of a map whose obstacles fill
// whole tiles, with the same 2.5D rule. top holds, per tile, the highest top
// of what blocks sight there (obstacle Base+Height or raised floor), -Inf
// for open floor.
type ddaGrid struct {
	w, h int
	top  []float64
}

func newDDAGrid(sc *scene) *ddaGrid {
	b := &sc.grid
	g := &ddaGrid{w: b.Width, h: b.Height, top: make([]float64, b.Width*b.Height)}
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
			g.top[y*b.Width+x] = math.Inf(-1)
			if f := b.Floor(Point{X: x, Y: y}); f > 0 {
				g.top[y*b.Width+x] = float64(f)
			}
		}
	}
	ts := float64(b.TileSize)
	for _, o := range sc.obstacles {
		if !o.BlocksSight || o.ArrowSlit || o.Height <= 0 {
			continue
		}
		lo, _ := o.Shape.Bounds()
		i := int(lo.Y/ts)*b.Width + int(lo.X/ts)
		g.top[i] = math.Max(g.top[i], float64(o.Base+o.Height))
	}
	return g
}

func (g *ddaGrid) at(x, y int) float64 {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return math.Inf(-1)
	}
	return g.top[y*g.w+x]
}

// side is the top of the tile beside a grid line: beyond the board's edge
// it is solid, so a line along the edge is stopped by a wall against it.
func (g *ddaGrid) side(x, y int) float64 {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return math.Inf(1)
	}
	return g.top[y*g.w+x]
}

// clear walks the segment between two grid intersections (tile units) at
// heights z0 and z1. A tile blocks when the segment crosses its interior
// where its top is above the segment; a segment along a grid line is
// blocked only where the tiles on both sides are above it (a seam, the
// outside of the board counting as solid).
func (g *ddaGrid) clear(x0, y0, z0, x1, y1, z1 float64) bool {
	dx, dy, dz := x1-x0, y1-y0, z1-z0
	// The lowest point of the segment over [t0, t1] is at t1 when it
	// descends, at t0 otherwise.
	low := func(t0, t1 float64) float64 {
		if dz < 0 {
			return z0 + t1*dz
		}
		return z0 + t0*dz
	}
	if dx == 0 || dy == 0 { // along a grid line: only seams block
		n := math.Abs(dx + dy)
		for k := 0; k < int(n); k++ {
			t0, t1 := float64(k)/n, float64(k+1)/n
			var a, b float64
			if dx == 0 {
				y := int(math.Min(y0, y1)) + k
				if dy < 0 {
					y = int(y0) - 1 - k
				}
				a, b = g.side(int(x0)-1, y), g.side(int(x0), y)
			} else {
				x := int(math.Min(x0, x1)) + k
				if dx < 0 {
					x = int(x0) - 1 - k
				}
				a, b = g.side(x, int(y0)-1), g.side(x, int(y0))
			}
			if math.Min(a, b) > low(t0, t1)+epsHeight {
				return false
			}
		}
		return true
	}
	cx, cy, sx, sy := int(x0), int(y0), 1, 1
	if dx < 0 {
		cx, sx = int(x0)-1, -1
	}
	if dy < 0 {
		cy, sy = int(y0)-1, -1
	}
	adx, ady := math.Abs(dx), math.Abs(dy)
	ex, ey := 1.0, 1.0 // distance to the next grid line along x / y
	t := 0.0
	for {
		crossX, crossY := ex < adx, ey < ady
		var t1 float64
		switch {
		case !crossX && !crossY:
			t1 = 1
		case crossX && crossY && ex*ady == ey*adx:
			t1 = ex / adx
		case crossX && (!crossY || ex*ady < ey*adx):
			t1, crossY = ex/adx, false
		default:
			t1, crossX = ey/ady, false
		}
		if g.at(cx, cy) > low(t, t1)+epsHeight {
			return false
		}
		if !crossX && !crossY {
			return true
		}
		if crossX {
			cx += sx
			ex++
		}
		if crossY {
			cy += sy
			ey++
		}
		t = t1
	}
}

// ddaSpacesSee is spacesSee over the baseline grid: the same lines, in the
// same order, with the same early exit.
func ddaSpacesSee(b *Grid, g *ddaGrid, a, t Body) bool {
	var ca, cb [MaxCorners]Vec
	na := sightOrder(b, a.Pos, a.Size, b.SpaceCenter(t.Pos, t.Size), &ca)
	nb := sightOrder(b, t.Pos, t.Size, b.SpaceCenter(a.Pos, a.Size), &cb)
	za, zb := b.EyeOf(a), b.EyeOf(t)
	ts := float64(b.TileSize)
	for i := 0; i < na; i++ {
		for j := 0; j < nb; j++ {
			if g.clear(ca[i].X/ts, ca[i].Y/ts, za, cb[j].X/ts, cb[j].Y/ts, zb) {
				return true
			}
		}
	}
	return false
}

// TestGridDDAAgrees checks the oracle against the baseline on random maps
// of whole-tile obstacles: every line between every pair of units, every
// unit pair.
func TestGridDDAAgrees(t *testing.T) {
	for _, seed := range mapgen.Seeds(6) {
		sc := genScene(t, 24, 24, 24, seed)
		g := newDDAGrid(sc)
		x := sc.query()
		gr := &sc.grid
		ts := float64(gr.TileSize)
		for _, a := range sc.bodies {
			for _, b := range sc.bodies {
				if a == b {
					continue
				}
				// The baseline draws its lines between the bodies' eyes as
				// the query rests them (a prone body on low cover).
				a, b := x.Rested(a), x.Rested(b)
				if have, want := x.LineOfSight(a, b), ddaSpacesSee(gr, g, a, b); have != want {
					t.Errorf("seed %d: LineOfSight(%v, %v) = %v, grid DDA says %v", seed, a.Pos, b.Pos, have, want)
				}
				za, zb := gr.EyeOf(a), gr.EyeOf(b)
				var ca, cb [MaxCorners]Vec
				na, nb := gr.CornersInto(a.Pos, a.Size, &ca), gr.CornersInto(b.Pos, b.Size, &cb)
				for _, p := range ca[:na] {
					for _, q := range cb[:nb] {
						have := x.LineClear(p, za, q, zb, BlockSight)
						want := g.clear(p.X/ts, p.Y/ts, za, q.X/ts, q.Y/ts, zb)
						if have != want {
							t.Fatalf("seed %d: line %v(%v) -> %v(%v): oracle %v, grid DDA %v\n%s", seed, p, za, q, zb, have, want, mapgen.ASCII(24, 24, 24, seed))
						}
					}
				}
			}
		}
	}
}
