package sight

// Point is a tile coordinate on the board: X grows east, Y grows south.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Add returns p moved by q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Vec is a position or offset in pixels.
type Vec struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Add returns v plus w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v minus w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns v multiplied by k. Each product is rounded on its own
// (float64(x*y)) so that no platform fuses it into a later sum.
func (v Vec) Scale(k float64) Vec { return Vec{float64(v.X * k), float64(v.Y * k)} }

// Dot returns the dot product of v and w. Each product is rounded on its own
// (float64(x*y)) so that arm64 cannot fuse it into the sum: the result is the
// same in every bit on every platform.
func (v Vec) Dot(w Vec) float64 { return float64(v.X*w.X) + float64(v.Y*w.Y) }

// Cross returns the z component of the cross product v × w, its products
// rounded as in Dot.
func (v Vec) Cross(w Vec) float64 { return float64(v.X*w.Y) - float64(v.Y*w.X) }

// Len2 returns the squared length of v, v.Dot(v).
func (v Vec) Len2() float64 { return v.Dot(v) }

// Len returns the length of v (math.Hypot's, the same on every platform).
func (v Vec) Len() float64 { return hypot(v.X, v.Y) }

// ShapeKind says which geometry a Shape holds.
type ShapeKind int

// The shape kinds an obstacle can have.
const (
	ShapeRect ShapeKind = iota
	ShapePolygon
	ShapeCircle
)

// Shape is an obstacle's footprint in pixels. Rectangles and polygons keep
// their vertices in Points (absolute pixel positions, in order); circles keep
// Center and Radius.
type Shape struct {
	Kind   ShapeKind
	Points []Vec
	Center Vec
	Radius float64
}

// RectShape returns the axis-aligned rectangle with top-left (x, y).
func RectShape(x, y, w, h float64) Shape {
	return Shape{Kind: ShapeRect, Points: []Vec{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}}
}

// PolygonShape returns a polygon with the given absolute vertices.
func PolygonShape(points []Vec) Shape {
	return Shape{Kind: ShapePolygon, Points: append([]Vec(nil), points...)}
}

// CircleShape returns a circle.
func CircleShape(center Vec, radius float64) Shape {
	return Shape{Kind: ShapeCircle, Center: center, Radius: radius}
}

// Bounds returns the smallest axis-aligned box holding the shape.
func (s Shape) Bounds() (lo, hi Vec) {
	if s.Kind == ShapeCircle {
		r := Vec{s.Radius, s.Radius}
		return s.Center.Sub(r), s.Center.Add(r)
	}
	if len(s.Points) == 0 {
		return Vec{}, Vec{}
	}
	lo, hi = s.Points[0], s.Points[0]
	for _, p := range s.Points[1:] {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return lo, hi
}

// Contains reports whether the point p lies strictly inside the shape
// (points on the boundary do not count).
func (s Shape) Contains(p Vec) bool {
	switch s.Kind {
	case ShapeCircle:
		d := p.Sub(s.Center)
		return d.Len2() < s.Radius*s.Radius
	default:
		// Even-odd rule; works for concave polygons too.
		in := false
		n := len(s.Points)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			a, b := s.Points[i], s.Points[j]
			if (a.Y > p.Y) != (b.Y > p.Y) {
				x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
				if p.X < x {
					in = !in
				}
			}
		}
		return in
	}
}

// footprintSamples is how many sample points per axis decide whether a shape
// fills part of a tile: 5 samples inset 10% from each edge catch thin fences
// lying on a tile edge without catching shapes that merely touch it.
const footprintSamples = 5

// CoveredTiles appends to out the tiles of a width×height board of
// tileSize tiles that the shape covers (CoversTile), row by row: the
// tiles its bounds overlap, clamped to the board, asked one by one.
func (s Shape) CoveredTiles(tileSize, width, height int, out []Point) []Point {
	if width <= 0 || height <= 0 || tileSize <= 0 {
		return out
	}
	lo, hi := s.Bounds()
	ts := float64(tileSize)
	ya, yb := clampTile(lo.Y/ts, height), clampTile(hi.Y/ts, height)
	xa, xb := clampTile(lo.X/ts, width), clampTile(hi.X/ts, width)
	for y := ya; y <= yb; y++ {
		for x := xa; x <= xb; x++ {
			if p := (Point{X: x, Y: y}); s.CoversTile(p, tileSize) {
				out = append(out, p)
			}
		}
	}
	return out
}

// clampTile is the tile holding coordinate v (in tiles), clamped to
// 0..n-1 (NaN: 0).
func clampTile(v float64, n int) int {
	switch {
	case !(v > 0):
		return 0
	case v >= float64(n-1):
		return max(n-1, 0)
	}
	return int(v)
}

// CoversTile reports whether the shape fills part of the interior of the tile
// at p on a board with the given tile size.
func (s Shape) CoversTile(p Point, tileSize int) bool {
	ts := float64(tileSize)
	min, max := s.Bounds()
	x0, y0 := float64(float64(p.X)*ts), float64(float64(p.Y)*ts)
	if max.X <= x0 || max.Y <= y0 || min.X >= x0+ts || min.Y >= y0+ts {
		return false
	}
	for i := 0; i < footprintSamples; i++ {
		for j := 0; j < footprintSamples; j++ {
			dx, dy := float64((float64(i)+0.5)/footprintSamples*ts), float64((float64(j)+0.5)/footprintSamples*ts)
			q := Vec{x0 + dx, y0 + dy}
			if s.Contains(q) {
				return true
			}
		}
	}
	return false
}
