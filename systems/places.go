package systems

import (
	"slices"

	"sightline/rules"
	"sightline/rules/places"
)

// The log names a tile as a player finds it on the map: by the cover
// beside it ("beside the low wall") or, in the open, by the part of the
// map it is in ("in the open to the north-west"), never by numbers the
// screen does not show. The words are rules/places', which the
// computer's account of its decisions uses too; the roster names a tile
// by the cover it remembers, broken cover included.

// Place returns where tile p is, in words that follow a verb: "beside
// the low wall" when an obstacle the roster knows stands on or next to
// it, else "in the open to the north-west" (or "in the middle of the
// map").
func (r *Roster) Place(p rules.Point) string { return r.namer().Place(p) }

// Toward returns tile p as the end of a direction: "the low wall" beside
// it, else the part of the map it is in ("the north-west", "the middle
// of the map").
func (r *Roster) Toward(p rules.Point) string { return r.namer().Toward(p) }

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
