package ai

import (
	"math/bits"

	"sightline/match"
	"sightline/rules"
)

// guardRadius is how far, in tiles from the object its side must keep
// standing, the computer looks for the tiles an enemy could shoot it
// from: a rifle's range increment, inside which most shots at an object
// that has no defence of its own are likely.
const guardRadius = 12

// guardSample is the most of those tiles a defender's tile is weighed
// against, taken evenly over them, so the cost of a decision does not
// grow with the map. At most 64: a watcher's tiles are bits of a uint64.
const guardSample = 48

// guardWeight is what a defender's tile is worth, in hits of its weapon
// (times the profile's Watch), for watching every tile the enemy could
// shoot the object from; a share of them is worth that share.
const guardWeight = 3

// guard is the ground round the object the enemy must destroy: the
// tiles from which a standing soldier would see it (so could shoot it),
// taken from the belief's board at one version and kept while it stands.
type guard struct {
	board   *rules.Board
	version int
	target  int
	tiles   []rules.Point
	// seen holds, by a watcher's tile, stance and size, the tiles it
	// sees: every unit of the side asks it of the same tiles.
	seen map[guardKey]guardSeen
}

// guardKey is what the guard tiles a watcher sees depend on; its reach
// only picks among them, so watchers of every reach share the sight
// tests.
type guardKey struct {
	p      rules.Point
	stance rules.Stance
	size   int
}

// guardSeen is, by bit i for guard tile i, which tiles a watcher has
// been tested against (asked) and which it sees (seen): a test is made
// only for a tile within the reach of some watcher there.
type guardSeen struct{ asked, seen uint64 }

// guardTiles returns the tiles from which an enemy of v's side could
// shoot the object its objective says the enemy must destroy, as the
// side remembers the board (none when it has no such object or
// remembers it gone), at most guardSample of them.
func (c *Computer) guardTiles(s *rules.State, v *match.View, u *rules.Unit) []rules.Point {
	target := 0
	for _, o := range v.Objectives {
		if o.Side != v.Side && o.Goal == rules.GoalDestroy && s.Board.Obstacle(o.Target) != nil {
			target = o.Target
			break
		}
	}
	g := &c.guard
	if target == 0 {
		return nil
	}
	if g.board == s.Board && g.version == s.Board.Version() && g.target == target {
		return g.tiles
	}
	g.board, g.version, g.target, g.tiles, g.seen = s.Board, s.Board.Version(), target, g.tiles[:0], map[guardKey]guardSeen{}
	ob := s.Board.Obstacle(target)
	box := tileBox(*ob, s.Board.TileSize)
	bl, bh := box.Min, rules.Point{X: box.Max.X - 1, Y: box.Max.Y - 1}
	var found []rules.Point
	eye := *u
	eye.Stance, eye.Size = rules.Standing, 1
	for y := bl.Y - guardRadius; y <= bh.Y+guardRadius; y++ {
		for x := bl.X - guardRadius; x <= bh.X+guardRadius; x++ {
			p := rules.Point{X: x, Y: y}
			if d := rectDist2(p, bl, bh); d == 0 || d > guardRadius*guardRadius || !s.Board.InBounds(p) || !s.Board.Passable(p) {
				continue
			}
			eye.Pos = p
			if seesAny(s, &eye, bl, bh) {
				found = append(found, p)
			}
		}
	}
	step := max((len(found)+guardSample-1)/guardSample, 1)
	for i := 0; i < len(found); i += step {
		g.tiles = append(g.tiles, found[i])
	}
	return g.tiles
}

// seesAny reports whether u sees any tile of the box lo..hi.
func seesAny(s *rules.State, u *rules.Unit, lo, hi rules.Point) bool {
	for y := lo.Y; y <= hi.Y; y++ {
		for x := lo.X; x <= hi.X; x++ {
			if s.SeesTile(u, rules.Point{X: x, Y: y}) {
				return true
			}
		}
	}
	return false
}

// rectDist2 is the squared distance in tiles from p to the box lo..hi.
func rectDist2(p, lo, hi rules.Point) int {
	dx := max(lo.X-p.X, p.X-hi.X, 0)
	dy := max(lo.Y-p.Y, p.Y-hi.Y, 0)
	return dx*dx + dy*dy
}

// guarding is what unit u standing on p is worth for watching the tiles
// the enemy could shoot its side's object from (tiles): the share of
// them it sees within two range increments of its weapon, times
// guardWeight hits of it and the profile's Watch. So its defenders stand
// where whoever steps up to shoot the object is in their sight and fire.
func (c *Computer) guarding(s *rules.State, u *rules.Unit, p rules.Point, tiles []rules.Point) float64 {
	if len(tiles) == 0 || c.profile.Watch <= 0 || u.Hand.Empty() {
		return 0
	}
	reach := 2 * u.Hand.Weapon.Range
	k := guardKey{p: p, stance: u.Stance, size: u.Size}
	g := c.guard.seen[k]
	var near uint64
	for i, t := range tiles {
		if dist2(p, t) <= reach*reach {
			near |= 1 << i
		}
	}
	if ask := near &^ g.asked; ask != 0 {
		there := *u
		there.Pos = p
		for i, t := range tiles {
			if ask&(1<<i) != 0 && s.SeesTile(&there, t) {
				g.seen |= 1 << i
			}
		}
		g.asked |= ask
		c.guard.seen[k] = g
	}
	seen := bits.OnesCount64(g.seen & near)
	hit := meanDamage(u.Hand.Weapon)
	return guardWeight * c.profile.Watch * hit * float64(seen) / float64(len(tiles))
}
