package rules

import (
	"math"
	"math/bits"
)

// FOV is the set of tiles and units one unit sees: fog of war, the AI's
// knowledge and overwatch zones read it.
type FOV struct {
	// Width and Height are the board's size in tiles.
	Width, Height int
	// Radius is the sight radius used, in tiles (0: the whole board).
	Radius int
	// Units holds the IDs of the living units seen, ascending.
	Units []int

	bits []uint64
}

// Seen reports whether tile p is seen.
func (f *FOV) Seen(p Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= f.Width || p.Y >= f.Height {
		return false
	}
	i := p.Y*f.Width + p.X
	return f.bits[i>>6]&(1<<(i&63)) != 0
}

// SeesUnit reports whether the unit with the given ID is seen.
func (f *FOV) SeesUnit(id int) bool {
	for _, u := range f.Units {
		if u == id {
			return true
		}
	}
	return false
}

// Count returns how many tiles are seen.
func (f *FOV) Count() int {
	n := 0
	for _, w := range f.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Tiles returns the seen tiles row by row.
func (f *FOV) Tiles() []Point {
	var ps []Point
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			if f.Seen(Point{x, y}) {
				ps = append(ps, Point{x, y})
			}
		}
	}
	return ps
}

func (f *FOV) set(p Point) {
	i := p.Y*f.Width + p.X
	f.bits[i>>6] |= 1 << (i & 63)
}

func (f *FOV) reset(w, h, radius int) {
	f.Width, f.Height, f.Radius = w, h, radius
	n := (w*h + 63) / 64
	if cap(f.bits) < n {
		f.bits = make([]uint64, n)
	}
	f.bits = f.bits[:n]
	clear(f.bits)
	f.Units = f.Units[:0]
}

// inRadius reports whether the centre of the space at (p, size) lies within
// radius tiles of the centre of u's space (radius <= 0: always).
func inRadius(b *Board, u *Unit, p Point, size, radius int) bool {
	if radius <= 0 {
		return true
	}
	d := spaceCenter(b, p, size).Sub(b.SpaceCenter(u))
	r := float64(radius * b.TileSize)
	return d.X*d.X+d.Y*d.Y <= r*r
}

// FieldOfView returns what unit u sees within radius tiles (centre to
// centre; radius <= 0 means the whole board): every tile for which SeesTile
// holds (line of sight to a standing 1×1 unit there) and every other living
// unit within the radius to which it has line of sight. Because both use
// the one LineClear predicate, fog of war never shows a target the shot
// cannot see, nor hides one it can.
func (s *State) FieldOfView(u *Unit, radius int) *FOV {
	f := &FOV{}
	s.fieldOfViewInto(u, radius, f)
	return f
}

func (s *State) fieldOfViewInto(u *Unit, radius int, f *FOV) {
	s.fovTilesInto(u, radius, f)
	for _, v := range s.Units {
		if v != u && v.Alive() && inRadius(s.Board, u, v.Pos, v.Size, radius) && s.LineOfSight(u, v) {
			f.Units = append(f.Units, v.ID)
		}
	}
}

// fovTilesInto fills f's tiles (not its units). It asks exactly the
// question SeesTile asks for every tile in the radius, but remembers each
// line's answer: the four tiles around an intersection share the lines to
// it (when their floors, and so the line's end height, agree). Most lines
// are answered by the eye corners' shadow maps (shadow.go), which only
// ever give LineClear's own answer; the rest are walked.
func (s *State) fovTilesInto(u *Unit, radius int, f *FOV) {
	b := s.Board
	x := b.sightIndex()
	f.reset(b.Width, b.Height, radius)
	x0, y0, x1, y1 := 0, 0, b.Width-1, b.Height-1
	if radius > 0 {
		x0, y0 = max(0, u.Pos.X-radius), max(0, u.Pos.Y-radius)
		x1, y1 = min(b.Width-1, u.Pos.X+max1(u.Size)+radius), min(b.Height-1, u.Pos.Y+max1(u.Size)+radius)
	}
	iw, ih := x1-x0+2, y1-y0+2
	var vc [maxCorners]Vec
	nv := b.cornersInto(u.Pos, u.Size, &vc)
	need := nv * iw * ih
	if cap(x.fovMemo) < need {
		x.fovMemo, x.fovZ = make([]uint8, need), make([]float64, need)
	}
	memo, memoZ := x.fovMemo[:need], x.fovZ[:need]
	clear(memo)
	eye := b.EyeHeight(u)
	ts := float64(b.TileSize)
	c := b.SpaceCenter(u)
	// The shadow maps of the eye corners (shadow.go) decide most lines
	// without walking them; the rest are walked.
	var vp [maxCorners]Point
	for i := 0; i < nv; i++ {
		vp[i] = Point{int(vc[i].X / ts), int(vc[i].Y / ts)}
	}
	zmin := math.Inf(1)
	for y := y0; y <= y1; y++ {
		for xx := x0; xx <= x1; xx++ {
			zmin = min(zmin, phantomTop(b, Point{xx, y}))
		}
	}
	x.angles.ensure(max(iw, ih) + max1(u.Size) + 1)
	x.buildShadows(vp[:nv], x0, y0, x1, y1, min(eye, zmin), max(eye, zmin))
	for y := y0; y <= y1; y++ {
		for xx := x0; xx <= x1; xx++ {
			p := Point{xx, y}
			if !inRadius(b, u, p, 1, radius) {
				continue
			}
			if u.Occupies(p) {
				f.set(p)
				continue
			}
			z := phantomTop(b, p)
			// The tile's corner nearest the viewer first, then the others.
			qx0, qy0 := xx, y
			if c.X > float64(xx+1)*ts {
				qx0 = xx + 1
			}
			if c.Y > float64(y+1)*ts {
				qy0 = y + 1
			}
			qs := [4]Point{{qx0, qy0}, {2*xx + 1 - qx0, qy0}, {qx0, 2*y + 1 - qy0}, {2*xx + 1 - qx0, 2*y + 1 - qy0}}
			// Viewer corners nearest the tile first.
			var order [maxCorners]int
			var dist [maxCorners]float64
			tc := Vec{(float64(xx) + 0.5) * ts, (float64(y) + 0.5) * ts}
			for i := 0; i < nv; i++ {
				d := vc[i].Sub(tc)
				order[i], dist[i] = i, d.X*d.X+d.Y*d.Y
				for j := i; j > 0 && dist[j] < dist[j-1]; j-- {
					dist[j], dist[j-1] = dist[j-1], dist[j]
					order[j], order[j-1] = order[j-1], order[j]
				}
			}
			seen := false
			for _, q := range qs {
				qv := Vec{float64(q.X) * ts, float64(q.Y) * ts}
				for oi := 0; oi < nv && !seen; oi++ {
					i := order[oi]
					k := (i*ih+q.Y-y0)*iw + q.X - x0
					if memo[k] == 0 || memoZ[k] != z {
						memoZ[k] = z
						memo[k] = x.shadowLine(i, vp[i], q, eye, z)
						if memo[k] == 0 {
							memo[k] = 2
							if x.lineClear(vc[i], eye, qv, z, BlockSight) {
								memo[k] = 1
							}
						}
					}
					seen = memo[k] == 1
				}
				if seen {
					f.set(p)
					break
				}
			}
		}
	}
}
