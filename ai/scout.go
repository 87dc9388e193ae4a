package ai

import (
	"math"

	"sightline/match"
	"sightline/rules"
)

// unexplored is the enemy a unit advancing with no enemy known fears
// (the profile's Scout): one like itself, waiting where the unit makes
// for: where its side last saw an enemy, else the objective zone, else
// the nearest ground its side does not see.
type unexplored struct {
	on bool
	e  rules.Unit
}

// unexploredFor returns the enemy u of v's side fears ahead, off when the
// profile does not scout or the side believes in an enemy (the real fire
// counts then).
func (c *Computer) unexploredFor(v *match.View, s *rules.State, u *rules.Unit, threats []*rules.Unit) unexplored {
	if c.profile.Scout <= 0 || len(threats) > 0 {
		return unexplored{}
	}
	at, ok := rules.Point{}, false
	turn := -1
	for _, sg := range v.Contacts {
		if sg.Alive && sg.Turn > turn {
			at, ok, turn = sg.Pos, true, sg.Turn
		}
	}
	if !ok && c.hasZone {
		at, ok = zoneMid(c.zone), true
	}
	if !ok {
		at, ok = nearestThreat(s, v, u)
	}
	if !ok || at == u.Pos {
		return unexplored{}
	}
	e := *u
	e.ID, e.Side, e.Pos, e.Name = 0, v.Side.Other(), at, "unexplored ground"
	e.Status, e.Stance, e.AP = rules.Status{}, rules.Standing, e.MaxAP
	return unexplored{on: true, e: e}
}

// scoutTiles is what unit u (as given) standing where it is risks from
// the enemy ahead (c.unexplored), in tiles of progress: scoutDamage
// times the profile's Scout.
func (c *Computer) scoutTiles(s *rules.State, u *rules.Unit) float64 {
	return float64(c.profile.Scout * c.scoutDamage(s, u))
}

// scoutDamage is the damage the enemy ahead (c.unexplored) would be
// expected to deal unit u (as given) where it stands in its next turn,
// with every shot its AP buys (0 without one, or with no shot).
func (c *Computer) scoutDamage(s *rules.State, u *rules.Unit) float64 {
	if !c.unexplored.on {
		return 0
	}
	e := &c.unexplored.e
	o, ok := c.memo.shot(s, e, u)
	if !ok {
		return 0
	}
	shots := max(e.MaxAP/weaponAP(s, e), 1)
	return float64(float64(shots) * o.mean())
}

// scoutTo is the tile of r where u, going to look for the enemy at g,
// had best end its move: the nearest to g, each tile of it counting
// scoutTiles farther.
func (c *Computer) scoutTo(s *rules.State, u *rules.Unit, r *rules.Reach, g rules.Point) rules.Point {
	score := func(p rules.Point) float64 {
		there := *u
		there.Pos = p
		return -math.Sqrt(float64(dist2(p, g))) - c.scoutTiles(s, &there)
	}
	best, bestScore := u.Pos, score(u.Pos)
	for _, p := range r.Tiles() {
		if sc := score(p); sc > bestScore {
			best, bestScore = p, sc
		}
	}
	return best
}
