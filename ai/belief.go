package ai

import (
	"slices"

	"sightline/match"
	"sightline/rules"
)

// contactMemory is how many turns a last-seen enemy stays believed where
// it was seen, unless the profile's Memory says otherwise; older contacts
// are only places to go and look.
const contactMemory = 2

// Belief builds the battle v's side believes in: the map, the obstacles
// it remembers, its own units, the enemies it knows of now, and the
// enemies it saw at most contactMemory turns ago standing where it last
// saw them. Unit IDs are kept: an enemy it does not believe in takes its
// slot as a fallen placeholder off the board, out of play.
func Belief(v *match.View) *rules.State {
	return beliefOn(v, boardOf(v), nil, contactMemory)
}

// boardOf builds the map v's side believes in: its floors and the
// obstacles it remembers.
func boardOf(v *match.View) *rules.Board {
	b := rules.NewBoard(v.Width, v.Height, v.TileSize)
	for i, t := range v.Tiles {
		b.SetTile(rules.Point{X: i % v.Width, Y: i / v.Width}, t)
	}
	for _, o := range v.Obstacles {
		b.AddObstacle(o)
	}
	return b
}

// sameMap reports whether views v and w show the same map: the same
// size, floors and remembered obstacles, so the board built from one
// (boardOf) is the board built from the other.
func sameMap(v, w *match.View) bool {
	return v.Width == w.Width && v.Height == w.Height && v.TileSize == w.TileSize &&
		slices.Equal(v.Tiles, w.Tiles) && slices.EqualFunc(v.Obstacles, w.Obstacles, sameObstacle)
}

// sameObstacle reports whether a and b are equal as reflect.DeepEqual
// compares them, field by field without reflection: sameMap asks it of
// every obstacle on every answer (TestSameObstacle checks that it reads
// every field).
func sameObstacle(a, b rules.Obstacle) bool {
	sa, sb := a.Shape, b.Shape
	return a.ID == b.ID && a.Name == b.Name && a.Class == b.Class && a.Material == b.Material &&
		a.Height == b.Height && a.Base == b.Base && a.BlocksSight == b.BlocksSight && a.BlocksEffect == b.BlocksEffect &&
		a.DE == b.DE && a.Wounds == b.Wounds && a.Destructible == b.Destructible && a.Vaultable == b.Vaultable &&
		a.Walkable == b.Walkable && a.ArrowSlit == b.ArrowSlit && a.Size == b.Size &&
		sa.Kind == sb.Kind && sa.Center == sb.Center && sa.Radius == sb.Radius &&
		(sa.Points == nil) == (sb.Points == nil) && slices.Equal(sa.Points, sb.Points)
}

// beliefOn is Belief on board b, the map built from v (boardOf). A
// contact that seen holds (the enemy as the side last saw it, by ID) is
// believed as it was seen there: its weapon, stats and wounds; the others
// are believed to be armed like the side's own units. A contact is
// believed for memory turns after it was last seen.
func beliefOn(v *match.View, b *rules.Board, seen *sightings, memory int) *rules.State {
	s := rules.NewState(b)
	s.Turn, s.Side, s.Data = v.Turn, v.ToMove, v.Data
	s.Objectives = append([]rules.Objective(nil), v.Objectives...)
	n := 0
	for _, u := range v.Units {
		n = max(n, u.ID)
	}
	for _, c := range v.Contacts {
		n = max(n, c.Unit)
	}
	s.Units = make([]*rules.Unit, n)
	for i := range s.Units {
		s.Units[i] = &rules.Unit{ID: i + 1, Side: v.Side.Other(), Pos: rules.Point{X: -1, Y: -1}, Size: 1}
	}
	for _, u := range v.Units {
		c := u
		// The side knows where these enemies are, whatever its belief's
		// own sight says: paths go round them as the rules' do.
		c.Status.Revealed = c.Side != v.Side
		s.Units[u.ID-1] = &c
	}
	for _, c := range v.Contacts {
		if !c.Alive || v.Turn-c.Turn > memory {
			continue
		}
		u := rules.DefaultUnit(v.Side.Other(), c.Pos)
		if last, ok := seen.unit(c.Unit); ok {
			// Seen before: the marksman it saw is still a marksman.
			u = last
			u.Pos, u.Status = c.Pos, rules.Status{}
			u.AP = u.MaxAP
		} else {
			u.Name = "contact"
			u.Hand = armedLike(v) // its weapon was not noted: assume one like ours
		}
		u.ID, u.Size, u.Stance = c.Unit, c.Size, c.Stance
		s.Units[c.Unit-1] = &u
	}
	return s
}

// armedLike returns the weapon in the hand of v's side's first living
// unit that holds one.
func armedLike(v *match.View) rules.Carried {
	for _, u := range v.Units {
		if u.Side == v.Side && u.Alive() && !u.Hand.Empty() {
			h := u.Hand
			h.Ammo = max(h.Ammo, 1)
			return h
		}
	}
	return rules.Carried{}
}

// sightings is what a side has seen of each enemy: the unit as it last
// saw it, by ID, for the contacts it no longer sees (its weapon, stats
// and wounds, which it saw; not where it went since).
type sightings struct {
	units []rules.Unit // by ID-1; ID 0: never seen
}

// note keeps the enemies v's side knows of now.
func (g *sightings) note(v *match.View) {
	for _, u := range v.Units {
		if u.Side == v.Side || u.ID <= 0 {
			continue
		}
		for len(g.units) < u.ID {
			g.units = append(g.units, rules.Unit{})
		}
		g.units[u.ID-1] = u
	}
}

// unit returns enemy id as the side last saw it; false when it never did
// (or g is nil).
func (g *sightings) unit(id int) (rules.Unit, bool) {
	if g == nil || id <= 0 || id > len(g.units) || g.units[id-1].ID == 0 {
		return rules.Unit{}, false
	}
	return g.units[id-1], true
}
