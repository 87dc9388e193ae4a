package sight

import (
	"math"
	"sort"
)

// obstacleParts splits an obstacle's shape into convex parts: a rectangle
// or convex polygon is one part, a concave polygon is cut into triangles
// (ear clipping), a circle is one circular part. The cuts are internal
// seams: a line running exactly along one still passes through the
// obstacle, which the seam rule in segment.go handles. A self-intersecting
// polygon that cannot be triangulated falls back to its convex hull.
// Shapes without area (fewer than 3 distinct vertices, zero radius) give no
// parts: they block nothing.
func obstacleParts(o *Obstacle) []*part {
	s := o.Shape
	if s.Kind == ShapeCircle {
		if s.Radius <= 0 {
			return nil
		}
		r := Vec{X: s.Radius, Y: s.Radius}
		return []*part{{circle: true, center: s.Center, r: s.Radius, min: s.Center.Sub(r), max: s.Center.Add(r)}}
	}
	pts := cleanPolygon(s.Points)
	if len(pts) < 3 {
		return nil
	}
	if isConvex(pts) {
		return []*part{polyPart(nil, pts)}
	}
	tris := triangulate(pts)
	if tris == nil {
		return []*part{polyPart(nil, convexHull(pts))}
	}
	ps := make([]*part, 0, len(tris))
	for _, t := range tris {
		ps = append(ps, polyPart(nil, t[:]))
	}
	return ps
}

// polyPart builds a convex polygon part with outward unit normals.
func polyPart(ob *Obstacle, pts []Vec) *part {
	p := &part{ob: ob, verts: append([]Vec(nil), pts...)}
	n := len(pts)
	orient := 1.0
	if signedArea(pts) < 0 {
		orient = -1
	}
	p.norms = make([]Vec, n)
	p.offs = make([]float64, n)
	p.min, p.max = pts[0], pts[0]
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		e := b.Sub(a)
		nv := Vec{X: e.Y * orient, Y: -e.X * orient}
		l := nv.Len()
		nv = Vec{X: nv.X / l, Y: nv.Y / l}
		p.norms[i] = nv
		p.offs[i] = nv.Dot(a)
		p.min.X, p.min.Y = math.Min(p.min.X, a.X), math.Min(p.min.Y, a.Y)
		p.max.X, p.max.Y = math.Max(p.max.X, a.X), math.Max(p.max.Y, a.Y)
	}
	return p
}

// signedArea returns twice the signed area of the polygon.
func signedArea(pts []Vec) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p.Cross(q)
	}
	return a
}

// cross returns (a-o)×(b-o): positive when o, a, b turn counter-clockwise.
func cross(o, a, b Vec) float64 { return a.Sub(o).Cross(b.Sub(o)) }

// cleanPolygon drops repeated and collinear vertices.
func cleanPolygon(in []Vec) []Vec {
	var pts []Vec
	for _, p := range in {
		if len(pts) == 0 || pts[len(pts)-1] != p {
			pts = append(pts, p)
		}
	}
	for len(pts) > 1 && pts[0] == pts[len(pts)-1] {
		pts = pts[:len(pts)-1]
	}
	for changed := true; changed && len(pts) >= 3; {
		changed = false
		for i := 0; i < len(pts) && len(pts) >= 3; i++ {
			a, b, c := pts[(i+len(pts)-1)%len(pts)], pts[i], pts[(i+1)%len(pts)]
			if math.Abs(cross(a, b, c)) <= 1e-12*(1+float64(b.Len()*b.Len())) {
				pts = append(pts[:i], pts[i+1:]...)
				changed = true
			}
		}
	}
	return pts
}

func isConvex(pts []Vec) bool {
	sign := 0.0
	for i := range pts {
		c := cross(pts[i], pts[(i+1)%len(pts)], pts[(i+2)%len(pts)])
		if c == 0 {
			continue
		}
		if sign == 0 {
			sign = c
		} else if (c > 0) != (sign > 0) {
			return false
		}
	}
	return true
}

// triangulate cuts a simple polygon into triangles by ear clipping; it
// returns nil when the polygon is not simple. It cuts the first ear in
// vertex order each time, as the plain algorithm does, but keeps each
// vertex's verdict between cuts: cutting a vertex changes only its two
// neighbours' triangles, and can make another vertex an ear only when it
// was the point found inside that vertex's triangle. So each cut re-tests
// a few vertices instead of all of them, and a spiral of a thousand points
// takes milliseconds, not seconds.
func triangulate(in []Vec) [][3]Vec {
	tris, _ := clipEars(in)
	return tris
}

// clipEars is triangulate, also returning how many ear tests it made: the
// work its test counts instead of timing it.
func clipEars(in []Vec) ([][3]Vec, int) {
	pts := append([]Vec(nil), in...)
	if signedArea(pts) < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	n := len(pts)
	if n < 3 {
		return nil, 0
	}
	e := newEars(pts)
	out := make([][3]Vec, 0, n-2)
	for e.left > 3 {
		j := e.first()
		if j < 0 {
			return nil, e.tests
		}
		a, c := e.prev[j], e.next[j]
		out = append(out, [3]Vec{pts[a], pts[j], pts[c]})
		e.cut(j)
	}
	j := e.head
	return append(out, [3]Vec{pts[j], pts[e.next[j]], pts[e.next[e.next[j]]]}), e.tests
}

// ears is the state of the ear clipper: the polygon's remaining vertices
// as a ring in their original order, and each one's last verdict.
type ears struct {
	pts        []Vec
	prev, next []int
	head, left int
	// ear marks the vertices whose triangle is convex and empty; stale the
	// ones to test again. blocker is the vertex found inside a vertex's
	// triangle (-1: none, or reflex), and blocks lists, for each vertex,
	// the vertices it was found inside of.
	ear, stale []bool
	blocker    []int
	blocks     [][]int
	tests      int // ear tests made
}

func newEars(pts []Vec) *ears {
	n := len(pts)
	e := &ears{pts: pts, prev: make([]int, n), next: make([]int, n), left: n,
		ear: make([]bool, n), stale: make([]bool, n), blocker: make([]int, n), blocks: make([][]int, n)}
	for i := range pts {
		e.prev[i], e.next[i], e.stale[i], e.blocker[i] = (i+n-1)%n, (i+1)%n, true, -1
	}
	return e
}

// first returns the first ear in vertex order, testing stale vertices on
// the way, or -1 when no vertex is an ear.
func (e *ears) first() int {
	j := e.head
	for k := 0; k < e.left; k++ {
		if e.stale[j] {
			e.test(j)
		}
		if e.ear[j] {
			return j
		}
		j = e.next[j]
	}
	return -1
}

// test decides whether vertex j is an ear: its corner turns left and no
// other remaining point (apart from copies of the corner's three) lies in
// its triangle, edges included.
func (e *ears) test(j int) {
	e.tests++
	e.stale[j], e.ear[j], e.blocker[j] = false, false, -1
	a, b, c := e.pts[e.prev[j]], e.pts[j], e.pts[e.next[j]]
	if cross(a, b, c) <= 0 {
		return
	}
	k := e.head
	for i := 0; i < e.left; i++ {
		p := e.pts[k]
		if p != a && p != b && p != c && cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0 {
			e.blocker[j] = k
			e.blocks[k] = append(e.blocks[k], j)
			return
		}
		k = e.next[k]
	}
	e.ear[j] = true
}

// cut removes ear j: its neighbours' triangles change, and the vertices it
// blocked may have become ears.
func (e *ears) cut(j int) {
	a, c := e.prev[j], e.next[j]
	e.next[a], e.prev[c] = c, a
	if e.head == j {
		e.head = c
	}
	e.left--
	e.stale[a], e.stale[c] = true, true
	for _, k := range e.blocks[j] {
		if e.blocker[k] == j {
			e.stale[k] = true
		}
	}
	e.blocks[j] = nil
}

// convexHull returns the convex hull (monotone chain).
func convexHull(in []Vec) []Vec {
	pts := append([]Vec(nil), in...)
	sort.Slice(pts, func(i, j int) bool {
		if pts[i].X != pts[j].X {
			return pts[i].X < pts[j].X
		}
		return pts[i].Y < pts[j].Y
	})
	var h []Vec
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for _, p := range pts {
			for len(h) >= start+2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	return h
}
