package places

import (
	"math"
	"slices"

	"sightline/rules"
)

// Namer names tiles on a board of Width×Height tiles of TileSize
// pixels, by the landmarks among its obstacles (see New).
type Namer struct {
	width, height int
	marks         []landmark // by obstacle ID, lowest first
}

// landmark is an obstacle a tile may be named by: its name with its
// article and the tiles its footprint covers, x0..x1 by y0..y1.
type landmark struct {
	name           string
	x0, y0, x1, y1 int
}

// New returns a namer for a board of width×height tiles of tileSize
// pixels with the obstacles obs (in any order). Smoke, nameless and
// walkable obstacles are not landmarks.
func New(width, height, tileSize int, obs []rules.Obstacle) Namer {
	n := Namer{width: width, height: height}
	if tileSize <= 0 {
		return n
	}
	obs = slices.Clone(obs)
	slices.SortFunc(obs, func(a, b rules.Obstacle) int { return a.ID - b.ID })
	const eps = 1e-6
	ts := float64(tileSize)
	for _, o := range obs {
		if o.Walkable || o.Name == "" {
			continue
		}
		lo, hi := o.Shape.Bounds()
		x0, y0 := int(math.Floor(lo.X/ts+eps)), int(math.Floor(lo.Y/ts+eps))
		x1, y1 := int(math.Ceil(hi.X/ts-eps))-1, int(math.Ceil(hi.Y/ts-eps))-1
		n.marks = append(n.marks, landmark{name: "the " + o.Name, x0: x0, y0: y0, x1: max(x1, x0), y1: max(y1, y0)})
	}
	return n
}

// Of returns a namer for board b as it stands; nil names nothing but
// "the middle of the map".
func Of(b *rules.Board) Namer {
	if b == nil {
		return Namer{}
	}
	obs := make([]rules.Obstacle, 0, len(b.Obstacles))
	for _, o := range b.Obstacles {
		obs = append(obs, *o)
	}
	return New(b.Width, b.Height, b.TileSize, obs)
}

// Place returns where tile p is, in words that follow a verb: "beside
// the low wall" when a landmark stands on or next to it, else "in the
// open to the north-west" (or "in the open in the middle of the map").
func (n Namer) Place(p rules.Point) string {
	if o, ok := n.landmarkBy(p); ok {
		return "beside " + o
	}
	if a := n.area(p); a != "" {
		return "in the open to the " + a
	}
	return "in the open in the middle of the map"
}

// Toward returns tile p as the end of a direction taken from tile from
// (a unit's walk): the compass way from one to the other, the nearest of
// eight (Bearing: "the west", "the north-west"), after the landmark
// beside p when there is one ("the low wall to the west"). The way is the
// unit's, not the part of the map p is in: a unit on the map's east edge
// making for its middle goes west. With from on p there is no way: p is
// named by its landmark, else by the part of the map it is in ("the
// north-west", "the middle of the map").
func (n Namer) Toward(from, p rules.Point) string { return n.toward(Bearing(from, p), p) }

// ConeToward returns tile p as the end of the cone a unit on tile from
// points at it (overwatch, covering fire): the way the rules turn the
// cone (rules.DirTo, which leans to the diagonal: a tile ten west and one
// north gets a cone to the north-west), worded as Toward words its way.
func (n Namer) ConeToward(from, p rules.Point) string {
	if from == p {
		return n.toward("", p)
	}
	return n.toward(Way(rules.DirTo(from, p)), p)
}

// toward words tile p as the end of direction way ("" for none).
func (n Namer) toward(way string, p rules.Point) string {
	o, mark := n.landmarkBy(p)
	switch {
	case way != "" && mark:
		return o + " to the " + way
	case way != "":
		return "the " + way
	case mark:
		return o
	}
	if a := n.area(p); a != "" {
		return "the " + a
	}
	return "the middle of the map"
}

// ways are the directions' names, by rules.Dir.
var ways = [...]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// Way returns the name of direction d: "north", "north-east", ... ("" for
// no direction of the eight).
func Way(d rules.Dir) string {
	if d < 0 || int(d) >= len(ways) {
		return ""
	}
	return ways[d]
}

// tan22 is the tangent of 22.5°, the half-width of each of the eight
// compass ways.
const tan22 = math.Sqrt2 - 1

// Bearing returns the compass way from tile from to tile to, the nearest
// of eight ("north" is up the map, toward row 0; "north-east",
// "east"...), or "" when they are the same tile. A way exactly between
// two (a slope of tan 22.5°, which no two tiles have) goes to the
// straight one.
func Bearing(from, to rules.Point) string {
	dx, dy := float64(to.X-from.X), float64(to.Y-from.Y)
	if dx == 0 && dy == 0 {
		return ""
	}
	ns, ew := "north", "west"
	if dy > 0 {
		ns = "south"
	}
	if dx > 0 {
		ew = "east"
	}
	switch ax, ay := math.Abs(dx), math.Abs(dy); {
	case ax <= tan22*ay:
		return ns
	case ay <= tan22*ax:
		return ew
	}
	return ns + "-" + ew
}

// landmarkBy returns the name of the landmark nearest p among those on
// it or touching it (a neighbour, diagonals too): the one sharing an
// edge first, then the lowest ID, so the words are the same on every run.
func (n Namer) landmarkBy(p rules.Point) (string, bool) {
	best, bestD := "", math.MaxInt
	for _, m := range n.marks {
		dx := max(m.x0-p.X, 0, p.X-m.x1)
		dy := max(m.y0-p.Y, 0, p.Y-m.y1)
		if dx > 1 || dy > 1 {
			continue
		}
		if d := dx + dy; d < bestD {
			best, bestD = m.name, d
		}
	}
	return best, bestD != math.MaxInt
}

// area returns the part of the map p is in, by thirds: "north-west",
// "north", "east"..., or "" in the middle.
func (n Namer) area(p rules.Point) string {
	if n.width <= 0 || n.height <= 0 {
		return ""
	}
	third := func(v, size int, lo, hi string) string {
		switch {
		case v*3 < size:
			return lo
		case v*3 >= 2*size:
			return hi
		}
		return ""
	}
	ns, ew := third(p.Y, n.height, "north", "south"), third(p.X, n.width, "west", "east")
	if ns != "" && ew != "" {
		return ns + "-" + ew
	}
	return ns + ew
}
