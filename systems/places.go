package systems

import (
	"math"
	"slices"

	"sightline/rules"
)

// The log names a tile as a player finds it on the map: by the cover
// beside it ("beside the low wall") or, in the open, by the part of the
// map it is in ("in the open to the north-west"), never by numbers the
// screen does not show.

// Place returns where tile p is, in words that follow a verb: "beside
// the low wall" when an obstacle the roster knows stands on or next to
// it, else "in the open to the north-west" (or "in the middle of the
// map").
func (r *Roster) Place(p rules.Point) string {
	if o, ok := r.obstacleBy(p); ok {
		return "beside " + o
	}
	if a := r.area(p); a != "" {
		return "in the open to the " + a
	}
	return "in the open in the middle of the map"
}

// Toward returns tile p as the end of a direction: "the low wall" beside
// it, else the part of the map it is in ("the north-west", "the middle
// of the map").
func (r *Roster) Toward(p rules.Point) string {
	if o, ok := r.obstacleBy(p); ok {
		return o
	}
	if a := r.area(p); a != "" {
		return "the " + a
	}
	return "the middle of the map"
}

// obstacleBy returns the name, with its article, of the obstacle nearest
// p among those on it or touching it (a neighbour, diagonals too): the
// one sharing an edge first, then the lowest ID, so the words are the
// same on every run. Smoke and nameless obstacles are not landmarks.
func (r *Roster) obstacleBy(p rules.Point) (string, bool) {
	if r.tileSize <= 0 {
		return "", false
	}
	ids := make([]int, 0, len(r.obstacles))
	for id := range r.obstacles {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	best, bestD := 0, math.MaxInt
	for _, id := range ids {
		o := r.obstacles[id]
		if o.Walkable || o.Name == "" {
			continue
		}
		if d, ok := r.tilesFrom(o, p); ok && d < bestD {
			best, bestD = id, d
		}
	}
	if bestD == math.MaxInt {
		return "", false
	}
	return r.ObstacleName(best), true
}

// tilesFrom returns how far, in steps along the grid, obstacle o's
// footprint lies from tile p (0 on it), and whether it touches p or a
// neighbour of p at all.
func (r *Roster) tilesFrom(o rules.Obstacle, p rules.Point) (int, bool) {
	const eps = 1e-6
	ts := float64(r.tileSize)
	lo, hi := o.Shape.Bounds()
	x0, y0 := int(math.Floor(lo.X/ts+eps)), int(math.Floor(lo.Y/ts+eps))
	x1, y1 := int(math.Ceil(hi.X/ts-eps))-1, int(math.Ceil(hi.Y/ts-eps))-1
	x1, y1 = max(x1, x0), max(y1, y0)
	dx := max(x0-p.X, 0, p.X-x1)
	dy := max(y0-p.Y, 0, p.Y-y1)
	if dx > 1 || dy > 1 {
		return 0, false
	}
	return dx + dy, true
}

// area returns the part of the map p is in, by thirds: "north-west",
// "north", "east"..., or "" in the middle.
func (r *Roster) area(p rules.Point) string {
	if r.width <= 0 || r.height <= 0 {
		return ""
	}
	third := func(v, n int, lo, hi string) string {
		switch {
		case v*3 < n:
			return lo
		case v*3 >= 2*n:
			return hi
		}
		return ""
	}
	ns, ew := third(p.Y, r.height, "north", "south"), third(p.X, r.width, "west", "east")
	if ns != "" && ew != "" {
		return ns + "-" + ew
	}
	return ns + ew
}
