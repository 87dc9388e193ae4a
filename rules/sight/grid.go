package sight

// Grid is the board as the geometry sees it: its size in tiles, the side
// of a tile in pixels and each tile's floor elevation in bricks, row by
// row (Floors[y*Width+x]).
type Grid struct {
	Width, Height int
	TileSize      int
	Floors        []int
}

// MaxCorners bounds the grid intersections of a body's space (a 4×4
// body).
const MaxCorners = 25

// InBounds reports whether tile p is on the grid.
func (g *Grid) InBounds(p Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < g.Width && p.Y < g.Height
}

// Floor returns the floor elevation of tile p, which must be on the grid.
func (g *Grid) Floor(p Point) int { return g.Floors[p.Y*g.Width+p.X] }

// FloorUnder returns the highest floor of the tiles of the size×size
// space at pos that are on the grid (0 when none is).
func (g *Grid) FloorUnder(pos Point, size int) int {
	f, any := 0, false
	for y := pos.Y; y < pos.Y+max(size, 1); y++ {
		for x := pos.X; x < pos.X+max(size, 1); x++ {
			if p := (Point{X: x, Y: y}); g.InBounds(p) && (!any || g.Floor(p) > f) {
				f, any = g.Floor(p), true
			}
		}
	}
	return f
}

// EyeOf returns the elevation of b's eyes in bricks: its floor plus its
// height, or plus its Rest when higher. Sight lines start and end here.
func (g *Grid) EyeOf(b Body) float64 {
	return float64(g.FloorUnder(b.Pos, b.Size)) + max(float64(b.BodyHeight()), b.Rest)
}

// TopOf returns the elevation of the top of b's body in bricks: its floor
// plus its height (what it hides as cover).
func (g *Grid) TopOf(b Body) float64 { return float64(g.FloorUnder(b.Pos, b.Size) + b.BodyHeight()) }

// PhantomTop is the body top of a standing 1×1 body on tile p: the height
// a field of view's tile is seen at.
func (g *Grid) PhantomTop(p Point) float64 { return float64(g.Floor(p) + Standing.Height()) }

// CornersInto writes the grid intersections touching the size×size space
// at pos, in pixels, row by row, into buf and returns how many there are
// (seed 002's points of origin: 4 for a 1×1 body, 9 for a 2×2 mech).
func (g *Grid) CornersInto(pos Point, size int, buf *[MaxCorners]Vec) int {
	size = min(max(size, 1), 4)
	ts := float64(g.TileSize)
	n := 0
	for y := 0; y <= size; y++ {
		for x := 0; x <= size; x++ {
			buf[n] = Vec{X: float64(float64(pos.X+x) * ts), Y: float64(float64(pos.Y+y) * ts)}
			n++
		}
	}
	return n
}

// SpaceCenter returns the pixel centre of the size×size space at pos.
func (g *Grid) SpaceCenter(pos Point, size int) Vec {
	ts := float64(g.TileSize)
	half := float64(float64(max(size, 1)) / 2) // a halving compiles to a product
	return Vec{X: float64((float64(pos.X) + half) * ts), Y: float64((float64(pos.Y) + half) * ts)}
}
