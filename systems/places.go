package systems

import (
	"slices"

	"sightline/rules"
	"sightline/rules/places"
)

// The log names a tile as a player finds it on the map: by the cover
// beside it ("beside the low wall") or, in the open, by the part of the
// map it is in ("in the open to the north-west"), never by numbers the
// screen does not show; a cone's direction by the way it points from
// the unit ("toward the west"). The words are rules/places', which the
// computer's account of its decisions uses too; the roster names a tile
// by the cover it remembers, broken cover included.

// Place returns where tile p is, in words that follow a verb: "beside
// the low wall" when an obstacle the roster knows stands on or next to
// it, else "in the open to the north-west" (or "in the middle of the
// map").
func (r *Roster) Place(p rules.Point) string { return r.namer().Place(p) }

// ConeToward returns tile p as the end of the cone unit points at it
// (its overwatch, its covering fire): the way the rules turn the cone
// from where the roster last noted the unit ("the west"), after the
// cover the roster knows beside p ("the low wall to the west"); for a
// unit it never noted, the cover beside p or the part of the map p is
// in (places.Namer.ConeToward).
func (r *Roster) ConeToward(unit int, p rules.Point) string {
	from := p
	if u, ok := r.units[unit]; ok {
		from = u.Pos
	}
	return r.namer().ConeToward(from, p)
}

// namer returns the namer of the obstacles the roster has noted, in the
// order of their IDs.
func (r *Roster) namer() places.Namer {
	ids := make([]int, 0, len(r.obstacles))
	for id := range r.obstacles {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	obs := make([]rules.Obstacle, len(ids))
	for i, id := range ids {
		obs[i] = r.obstacles[id]
	}
	return places.New(r.width, r.height, r.tileSize, obs)
}
