package match

import "sightline/rules"

// View is what one side knows, and nothing else: its own units, the
// enemies it knows of now (an enemy it does not know of is absent, not
// flagged), where it last saw the others, the obstacles as it remembers
// them and the tiles it sees. Controllers decide from it.
type View struct {
	// Side is the side that knows; ToMove the side to move; Turn the turn.
	Side, ToMove rules.Side
	Turn         int
	// Units are copies of the side's own units and the enemies it knows
	// of now, in ID order.
	Units []rules.Unit
	// Contacts are the enemies it saw before but does not know of now:
	// where and when it last saw each, in ID order.
	Contacts []Sighting
	// Obstacles are copies of the obstacles it remembers standing.
	Obstacles []rules.Obstacle
	// Width and Height are the board's size in tiles, TileSize a tile's
	// in pixels, and Tiles the map's floors and move costs, row by row:
	// the map, which every player knows.
	Width, Height, TileSize int
	Tiles                   []rules.Tile
	// Data holds the weapon, unit and tuning tables, which every player
	// knows too.
	Data *rules.Data
	// Objectives are both sides' objectives, from the briefing, and
	// Progress their counts (rules.State.ObjectiveProgress).
	Objectives []rules.Objective
	Progress   []int
	// Hints are the level designer's hints for this side's computer
	// player (the other side's are not shown).
	Hints []rules.Hint

	vis *Visibility
}

// Seen reports whether the side sees tile p now.
func (v *View) Seen(p rules.Point) bool { return v.vis.Seen(p) }

// Unit returns the unit with the given ID, or nil when the side does not
// know of it.
func (v *View) Unit(id int) *rules.Unit {
	for i := range v.Units {
		if v.Units[i].ID == id {
			return &v.Units[i]
		}
	}
	return nil
}

// View returns side's view of the match. It is built once per command and
// shared: do not change it.
func (m *Match) View(side rules.Side) *View {
	if v := m.views[side]; v != nil {
		return v
	}
	s := m.state
	vis := m.Visibility(side)
	v := &View{Side: side, ToMove: s.Side, Turn: s.Turn, Width: s.Board.Width, Height: s.Board.Height,
		TileSize: s.Board.TileSize, Tiles: s.Board.Tiles, Data: s.Rules(), vis: vis,
		Objectives: s.Objectives, Progress: s.ObjectiveProgress()}
	for _, h := range s.Hints {
		if h.Side == side {
			v.Hints = append(v.Hints, h)
		}
	}
	for _, u := range s.Units {
		switch {
		case u.Side == side || vis.Knows(u.ID):
			v.Units = append(v.Units, *u)
		default:
			if c, ok := m.LastSeen(side, u.ID); ok {
				v.Contacts = append(v.Contacts, c)
			}
		}
	}
	for _, o := range m.Remembered(side) {
		v.Obstacles = append(v.Obstacles, *o)
	}
	m.views[side] = v
	return v
}
