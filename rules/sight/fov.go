package sight

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
	// Units holds the IDs of the living units seen, ascending. The
	// geometry's FieldOfView and WatchCone leave it empty: the caller, who
	// knows which bodies live, fills it (a lazy Sightlines: with the
	// bodies of other sides only).
	Units []int

	bits []uint64
	// Words from..to-1 of bits hold every tile seen (a lazy field of
	// view's own tiles are a few words).
	from, to int
	// lazy holds the tiles a lazy field of view left undecided (nil:
	// none): they are not in bits.
	lazy *Undecided
}

// Seen reports whether tile p is seen.
func (f *FOV) Seen(p Point) bool {
	if p.X < 0 || p.Y < 0 || p.X >= f.Width || p.Y >= f.Height {
		return false
	}
	i := p.Y*f.Width + p.X
	return f.bits[i>>6]&(1<<(i&63)) != 0 || f.lazy != nil && f.lazy.Seen(p)
}

// Undecided returns the tiles of a lazy field of view still to decide, or
// nil when it has none (every field of view but a lazy cache's). Seen,
// Count, Tiles and OrInto decide what they read.
func (f *FOV) Undecided() *Undecided { return f.lazy }

// OrSeen is OrInto for the tiles decided seen so far: it leaves out the
// tiles Undecided still holds.
func (f *FOV) OrSeen(bits []uint64) {
	for i := f.from; i < min(len(bits), f.to); i++ {
		bits[i] |= f.bits[i]
	}
	if f.lazy != nil {
		f.lazy.OrSeen(bits)
	}
}

// finish decides every undecided tile and keeps the answers in bits.
func (f *FOV) finish() {
	if f.lazy == nil {
		return
	}
	f.lazy.Finish()
	f.lazy.OrSeen(f.bits)
	f.lazy = nil
	f.from, f.to = 0, len(f.bits)
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
	f.finish()
	n := 0
	for _, w := range f.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Tiles returns the seen tiles row by row.
func (f *FOV) Tiles() []Point {
	f.finish()
	var ps []Point
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			if f.Seen(Point{X: x, Y: y}) {
				ps = append(ps, Point{X: x, Y: y})
			}
		}
	}
	return ps
}

// OrInto sets in bits every tile the FOV sees: bits holds a bit per tile
// of a board of the FOV's size, row by row (tile y*Width+x is bit i%64 of
// word i/64, as Seen reads them). Words past the end of either are left
// alone.
func (f *FOV) OrInto(bits []uint64) {
	f.finish()
	for i := range min(len(bits), len(f.bits)) {
		bits[i] |= f.bits[i]
	}
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
	f.from, f.to = 0, n
	f.Units = f.Units[:0]
	f.lazy = nil
}

// InRadius reports whether the centre of the space at (p, size) lies within
// radius tiles of the centre of u's space (radius <= 0: always).
func InRadius(g *Grid, u Body, p Point, size, radius int) bool {
	return radius <= 0 || within(g.SpaceCenter(p, size), g.SpaceCenter(u.Pos, u.Size), float64(radius*g.TileSize))
}

// within reports whether p lies within r of c.
func within(p, c Vec, r float64) bool {
	return p.Sub(c).Len2() <= r*r
}

// FieldOfView fills f with the tiles u sees within radius tiles (0: the
// whole board); it leaves the query's shadow maps holding the last
// corner's sweep.
func (x *Query) FieldOfView(u Body, radius int, f *FOV) { x.fieldOfView(u, radius, f, false) }

// fieldOfView is FieldOfView; lazy leaves the tiles the shadow maps do
// not decide in f's Undecided instead of walking their lines.
func (x *Query) fieldOfView(u Body, radius int, f *FOV, lazy bool) {
	asked := u
	u = x.Rested(u)
	g := &x.grid
	f.reset(g.Width, g.Height, radius)
	x0, y0, x1, y1 := 0, 0, g.Width-1, g.Height-1
	if radius > 0 {
		x0, y0 = max(0, u.Pos.X-radius), max(0, u.Pos.Y-radius)
		x1, y1 = min(g.Width-1, u.Pos.X+max1(u.Size)+radius), min(g.Height-1, u.Pos.Y+max1(u.Size)+radius)
	}
	if lazy {
		x.pointField(asked, u, radius, f, x0, y0, x1, y1)
		return
	}
	iw, ih := x1-x0+2, y1-y0+2
	var vc [MaxCorners]Vec
	nv := g.CornersInto(u.Pos, u.Size, &vc)
	eye := g.EyeOf(u)
	ts := float64(g.TileSize)
	c := g.SpaceCenter(u.Pos, u.Size)
	var vp [MaxCorners]Point
	for i := 0; i < nv; i++ {
		vp[i] = Point{X: int(vc[i].X / ts), Y: int(vc[i].Y / ts)}
	}
	// zmin: the lowest end height of the box (a standing unit on its lowest
	// floor); the tiles above it are raised (all of them when the box has
	// no tile on the board's lowest floor, which only costs walks).
	zmin, allRaised := float64(x.minFloor+Standing.Height()), true
	for y := y0; y <= y1 && allRaised; y++ {
		for at := x0; at <= x1; at += 64 {
			if ^bitsAt(x.raised[y*x.tileRowWords:(y+1)*x.tileRowWords], at)&lowBits(x1-at+1) != 0 {
				allRaised = false
				break
			}
		}
	}
	if allRaised {
		zmin = math.Inf(1)
		for y := y0; y <= y1; y++ {
			for xx := x0; xx <= x1; xx++ {
				zmin = min(zmin, g.PhantomTop(Point{X: xx, Y: y}))
			}
		}
	}
	// Only the intersections of tiles in the radius matter: their corners
	// are within radius+sqrt(1/2) tiles of the centre.
	d := disk{c.X / ts, c.Y / ts, 0}
	if radius > 0 {
		d.r = float64(radius) + 0.75
	}
	x.buildShadows(vp[:nv], x0, y0, x1, y1, eye, zmin, d)
	m := &x.shadow
	nw := m.nw
	// anyClear and allBlocked fold the corners' maps: an intersection some
	// corner sees clearly, one every corner is blocked from.
	if cap(x.fovRows) < 2*ih*nw {
		x.fovRows = make([]uint64, 2*ih*nw)
	}
	anyClear, allBlocked := x.fovRows[:ih*nw], x.fovRows[ih*nw:2*ih*nw]
	last := lowBits(iw - (nw-1)*64)
	for r := 0; r < ih; r++ {
		for w := 0; w < nw; w++ {
			full := uint64(math.MaxUint64)
			if w == nw-1 {
				full = last
			}
			k, bl := uint64(0), full
			for i := 0; i < nv; i++ {
				o := (i*ih+r)*nw + w
				k |= ^m.blocked[o] & ^m.maybe[o]
				bl &= m.blocked[o]
			}
			span := m.spanMask(r, w) // the maps decide nothing off it
			anyClear[r*nw+w], allBlocked[r*nw+w] = k&full&span, bl&span
		}
	}
	need := nv * iw * ih
	if cap(x.fovMemo) < need {
		x.fovMemo, x.fovZ = make([]uint8, need), make([]float64, need)
	}
	memo, memoZ := x.fovMemo[:need], x.fovZ[:need]
	clear(memo)
	x.tallTries, x.tallAsked, x.tallHits = 0, 0, 0
	// raised: the tiles too high for the maps' blocked lines, whose floor
	// is above zBlocked less a standing unit's height (high, when that is a
	// whole height kept), else above the lowest floor.
	hHigh, okHigh := level(m.zBlocked - float64(Standing.Height()))
	var high []uint64
	if okHigh {
		high = x.floorAbove[hHigh*g.Height*x.tileRowWords : (hHigh+1)*g.Height*x.tileRowWords]
	}
	for y := y0; y <= y1; y++ {
		j := y - y0
		// Tiles x0+lo .. x0+hi of the row are in the radius.
		lo, hi := 0, iw-2
		if radius > 0 {
			lo, hi = radiusSpan(g, y, c, radius, x0, x1)
		}
		for w := lo >> 6; w <= hi>>6; w++ {
			// Bit i: tile x0+64w+i has a clear line / only blocked lines.
			seen := shr1(anyClear[j*nw:], w) | anyClear[j*nw+w] | shr1(anyClear[(j+1)*nw:], w) | anyClear[(j+1)*nw+w]
			dark := shr1(allBlocked[j*nw:], w) & allBlocked[j*nw+w] & shr1(allBlocked[(j+1)*nw:], w) & allBlocked[(j+1)*nw+w]
			in := lowBits(hi-w*64+1) &^ lowBits(lo-w*64)
			if y >= u.Pos.Y && y < u.Pos.Y+u.Size {
				i := u.Pos.X - x0 - w*64
				seen |= lowBits(i+u.Size) &^ lowBits(i)
			}
			seen &= in
			orBits(f.bits, y*f.Width+x0+w*64, seen)
			raised := ^uint64(0)
			switch {
			case allRaised:
			case okHigh:
				raised = bitsAt(high[y*x.tileRowWords:(y+1)*x.tileRowWords], x0+w*64)
			default:
				raised = bitsAt(x.raised[y*x.tileRowWords:(y+1)*x.tileRowWords], x0+w*64)
			}
			slow := in &^ seen &^ (dark &^ raised)
			for ; slow != 0; slow &= slow - 1 {
				p := Point{X: x0 + w*64 + bits.TrailingZeros64(slow), Y: y}
				if x.tileSeenSlow(u, p, g.PhantomTop(p), vc[:nv], vp[:nv], c, x0, y0, iw, ih, memo, memoZ) {
					f.set(p)
				}
			}
		}
	}
}

// pointField is a lazy field of view (Sightlines.SetLazy) of asked (u
// rested) over the tiles x0..x1, y0..y1 within radius: it sees the tiles
// u stands on and leaves every other tile undecided, each decided with
// SeesTile where read. No shadow map is built: a re-play asks a field of
// view a few tiles (a pair's stand-in, a fallen unit's tile, an event's,
// the memory's stale cover), and a whole board's maps cost more than the
// lines of those few.
func (x *Query) pointField(asked, u Body, radius int, f *FOV, x0, y0, x1, y1 int) {
	g := &x.grid
	c := g.SpaceCenter(u.Pos, u.Size)
	und := &Undecided{b: x.lazyBoard(), body: asked, radius: radius, width: g.Width, maybe: make([]uint64, len(f.bits))}
	if radius <= 0 && x0 == 0 && y0 == 0 && x1 == g.Width-1 && y1 == g.Height-1 {
		wholeBoard(f, und, u, g.Width*g.Height)
		return
	}
	for y := y0; y <= y1; y++ {
		lo, hi := 0, x1-x0
		if radius > 0 {
			lo, hi = radiusSpan(g, y, c, radius, x0, x1)
		}
		for w := lo >> 6; w <= hi>>6 && lo <= hi; w++ {
			in := lowBits(hi-w*64+1) &^ lowBits(lo-w*64)
			var own uint64
			if y >= u.Pos.Y && y < u.Pos.Y+u.Size {
				i := u.Pos.X - x0 - w*64
				own = (lowBits(i+u.Size) &^ lowBits(i)) & in
			}
			orBits(f.bits, y*f.Width+x0+w*64, own)
			orBits(und.maybe, y*f.Width+x0+w*64, in&^own)
			und.left += bits.OnesCount64(in &^ own)
		}
	}
	// The own tiles' words: what OrSeen reads of bits.
	f.from, f.to = len(f.bits), 0
	for i, w := range f.bits {
		if w != 0 {
			f.from, f.to = min(f.from, i), i+1
		}
	}
	if und.left > 0 {
		f.lazy = und
	}
}

// wholeBoard is pointField over the whole board of n tiles without a
// radius, word by word rather than row by row: f sees u's own tiles,
// und holds every other tile.
func wholeBoard(f *FOV, und *Undecided, u Body, n int) {
	for i := range und.maybe {
		und.maybe[i] = math.MaxUint64
	}
	if r := n & 63; r != 0 {
		und.maybe[len(und.maybe)-1] = lowBits(r)
	}
	und.left = n
	f.from, f.to = len(f.bits), 0
	for y := max(u.Pos.Y, 0); y < min(u.Pos.Y+u.Size, f.Height); y++ {
		for xx := max(u.Pos.X, 0); xx < min(u.Pos.X+u.Size, f.Width); xx++ {
			i := y*f.Width + xx
			f.bits[i>>6] |= 1 << (i & 63)
			und.maybe[i>>6] &^= 1 << (i & 63)
			und.left--
			f.from, f.to = min(f.from, i>>6), max(f.to, i>>6+1)
		}
	}
	if und.left > 0 {
		f.lazy = und
	}
}

// radiusSpan returns the tiles x0+lo .. x0+hi of row y (within x0..x1)
// whose centres are within radius tiles of c (lo > hi: none), by inRadius's
// own test at the ends.
func radiusSpan(g *Grid, y int, c Vec, radius, x0, x1 int) (lo, hi int) {
	ts := float64(g.TileSize)
	r := float64(radius * g.TileSize)
	dy := float64((float64(y)+0.5)*ts) - c.Y
	if dy*dy > r*r {
		return 1, 0
	}
	half := math.Sqrt(float64(r*r) - float64(dy*dy))
	in := func(xx int) bool { return within(g.SpaceCenter(Point{X: xx, Y: y}, 1), c, r) }
	a, z := max(x0, int(math.Ceil((c.X-half)/ts-0.5))), min(x1, int(math.Floor((c.X+half)/ts-0.5)))
	for a > x0 && in(a-1) {
		a--
	}
	for a <= z && !in(a) {
		a++
	}
	for z < x1 && in(z+1) {
		z++
	}
	for z >= a && !in(z) {
		z--
	}
	return a - x0, z - x0
}

// tileSeenSlow asks SeesTile's lines for tile p (end height z) one by one,
// the tile's corner nearest the viewer first, from the viewer's corners
// nearest the tile first; the maps answer what they can and the rest is
// walked. memo remembers each line's answer for the end height memoZ.
func (x *Query) tileSeenSlow(u Body, p Point, z float64, vc []Vec, vp []Point, c Vec, x0, y0, iw, ih int, memo []uint8, memoZ []float64) bool {
	g := &x.grid
	ts := float64(g.TileSize)
	eye := g.EyeOf(u)
	xx, y := p.X, p.Y
	nv := len(vc)
	qx0, qy0 := xx, y
	if c.X > float64(xx+1)*ts {
		qx0 = xx + 1
	}
	if c.Y > float64(y+1)*ts {
		qy0 = y + 1
	}
	qs := [4]Point{{X: qx0, Y: qy0}, {X: 2*xx + 1 - qx0, Y: qy0}, {X: qx0, Y: 2*y + 1 - qy0}, {X: 2*xx + 1 - qx0, Y: 2*y + 1 - qy0}}
	var order [MaxCorners]int
	var dist [MaxCorners]float64
	tc := Vec{X: float64((float64(xx) + 0.5) * ts), Y: float64((float64(y) + 0.5) * ts)}
	for i := 0; i < nv; i++ {
		order[i], dist[i] = i, vc[i].Sub(tc).Len2()
		for j := i; j > 0 && dist[j] < dist[j-1]; j-- {
			dist[j], dist[j-1] = dist[j-1], dist[j]
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, q := range qs {
		qv := Vec{X: float64(q.X) * ts, Y: float64(q.Y) * ts}
		for oi := 0; oi < nv; oi++ {
			i := order[oi]
			k := (i*ih+q.Y-y0)*iw + q.X - x0
			if memo[k] == 0 || memoZ[k] != z {
				memoZ[k] = z
				memo[k] = x.shadowLine(i, vp[i], q, eye, z)
				if memo[k] == 0 {
					memo[k] = 2
					if !x.tallFirst(vp[i], q, eye, z) && x.LineClear(vc[i], eye, qv, z, BlockSight) {
						memo[k] = 1
					}
				}
			}
			if memo[k] == 1 {
				return true
			}
		}
	}
	return false
}

// tallFirst is tallCrossed for a field of view's walked lines, asked only
// while it pays: it walks a line a second time when it finds nothing, so
// where it settles few lines (most of a board's blockers off the grid or
// lower than the lines' ends) LineClear alone is cheaper. After 64 lines
// it is asked while it settles one line in two, and of the rest one line
// in eight, to notice when that changes; the answer is LineClear's either
// way (tallCrossed proves only lines LineClear calls blocked).
func (x *Query) tallFirst(p, q Point, zp, zq float64) bool {
	x.tallTries++
	if x.tallTries > 64 && 2*x.tallHits < x.tallAsked && x.tallTries%8 != 0 {
		return false
	}
	x.tallAsked++
	if x.tallCrossed(p, q, zp, zq) {
		x.tallHits++
		return true
	}
	return false
}
