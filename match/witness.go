package match

import "sightline/rules"

// Witness says which side may see each event of one command in a hot-seat
// battle. It holds what both sides saw just before the command was
// applied and just after: a side sees an event about one of its own units,
// and an event about other units when it saw one of them (in sight, or
// glimpsed: the fog of war's Visibility) before or after the command, or,
// for a unit the command killed, the tile it fell on afterwards. Events
// about cover only are seen by a side that saw a tile of the cover before
// or after; a turn change is seen by both. A move is seen by a side that
// saw the mover at its start or its end, and only that part of it
// (MoveSeen).
type Witness struct {
	before, after [2]*Visibility
	units         []unitAfter // the units after the command, by ID-1
	grid          grid        // the board's size
	// cover holds the board's obstacles before the command, in its
	// order: a command may remove some, but never changes a shape, so
	// their tiles are worked out only for the events about cover (few
	// commands have any). It is the board's slice itself: the board
	// never changes a slice of its obstacles in place (a removal makes a
	// new one, TestRemoveObstacleLeavesTheOldSlice), and adding appends.
	cover []*rules.Obstacle
}

// unitAfter is what a witness keeps of a unit after the command.
type unitAfter struct {
	side  rules.Side
	pos   rules.Point
	alive bool
}

// NewWitness starts the witness of a command about to be applied to s;
// before holds what each side sees now, by side.
func NewWitness(s *rules.State, before [2]*Visibility) *Witness {
	b := s.Board
	return &Witness{before: before, grid: gridOf(b), cover: b.Obstacles[:len(b.Obstacles):len(b.Obstacles)]}
}

// After notes what the sides see once the command was applied to s.
func (w *Witness) After(s *rules.State, after [2]*Visibility) {
	w.after = after
	w.units = make([]unitAfter, len(s.Units))
	for i, u := range s.Units {
		w.units[i] = unitAfter{side: u.Side, pos: u.Pos, alive: u.Alive()}
	}
}

// SeesUnit reports whether side saw the unit with the given ID during the
// command (always, for its own units and with a nil Witness; never, for
// an ID that names no unit).
func (w *Witness) SeesUnit(side rules.Side, id int) bool {
	start, end := w.MoveSeen(side, id)
	return start || end
}

// MoveSeen reports whether side saw the unit with the given ID before the
// command (at a move's start) and after it (at its end; a unit the command
// killed, on the tile it fell on).
func (w *Witness) MoveSeen(side rules.Side, id int) (start, end bool) {
	switch {
	case w == nil:
		return true, true
	case id < 1 || id > len(w.units):
		return false, false
	case w.units[id-1].side == side:
		return true, true
	}
	u := &w.units[id-1]
	before, after := w.before[side], w.after[side]
	start = before != nil && before.Knows(id)
	end = after != nil && (after.Knows(id) || !u.alive && after.Seen(u.pos))
	return start, end
}

// seesCover reports whether side saw a tile of the obstacle with the given
// ID before or after the command.
func (w *Witness) seesCover(side rules.Side, id int) bool {
	var o *rules.Obstacle
	for _, c := range w.cover {
		if c.ID == id { // the last of a shared ID, as the board's order has it
			o = c
		}
	}
	if id < 1 || o == nil {
		return false
	}
	for _, p := range coveredTiles(w.grid, o.Shape, nil) {
		if w.seesTile(side, p) {
			return true
		}
	}
	return false
}

// seesTile reports whether side saw tile p before or after the command.
func (w *Witness) seesTile(side rules.Side, p rules.Point) bool {
	b, a := w.before[side], w.after[side]
	return b != nil && b.Seen(p) || a != nil && a.Seen(p)
}

// Sees reports whether side may see ev (always with a nil Witness).
func (w *Witness) Sees(side rules.Side, ev rules.Event) bool {
	if w == nil {
		return true
	}
	switch e := ev.(type) {
	case rules.TurnEnded:
		return true
	case rules.Attacked:
		return w.SeesUnit(side, e.Attacker) || e.Target != 0 && w.SeesUnit(side, e.Target) || e.Obstacle != 0 && w.seesCover(side, e.Obstacle)
	case rules.MoveInterrupted:
		return w.SeesUnit(side, e.Unit) || w.SeesUnit(side, e.By)
	case rules.CoverDamaged:
		return w.seesCover(side, e.Obstacle)
	case rules.ObstacleRemoved:
		return w.seesCover(side, e.Obstacle)
	case rules.Fired:
		return w.SeesUnit(side, e.Unit) || w.seesTile(side, e.At)
	}
	if id := ev.Actor(); id != 0 {
		return w.SeesUnit(side, id)
	}
	return false
}

// SeesTile reports whether side saw tile p before or after the command
// (always with a nil Witness): the part of a move a side may be told of.
func (w *Witness) SeesTile(side rules.Side, p rules.Point) bool {
	return w == nil || side >= 0 && int(side) < 2 && w.seesTile(side, p)
}
