package systems

import (
	"strconv"

	"sightline/rules"
)

// Roster remembers the names of every unit and obstacle a battle has had,
// and each obstacle's last shape, so the log and the effects can still
// name and draw cover the rules have already removed from the board.
type Roster struct {
	units     map[int]rules.Unit
	obstacles map[int]rules.Obstacle
	data      *rules.Data
	// width, height and tileSize are the board's, in tiles and pixels
	// (Place).
	width, height, tileSize int
}

// NewRoster returns a roster that has noted s.
func NewRoster(s *rules.State) *Roster {
	r := &Roster{units: map[int]rules.Unit{}, obstacles: map[int]rules.Obstacle{}}
	r.Note(s)
	return r
}

// Note records the units and obstacles of s (call it before applying a
// command, so the obstacles it destroys are still known).
func (r *Roster) Note(s *rules.State) {
	r.data = s.Rules()
	if s.Board != nil {
		r.width, r.height, r.tileSize = s.Board.Width, s.Board.Height, s.Board.TileSize
	}
	for _, u := range s.Units {
		r.units[u.ID] = *u
	}
	for _, o := range s.Board.Obstacles {
		r.obstacles[o.ID] = *o
	}
}

// UnitName returns a unit's name ("unit 7" when unknown).
func (r *Roster) UnitName(id int) string {
	if u, ok := r.units[id]; ok {
		return u.Name
	}
	return "unit " + strconv.Itoa(id)
}

// Unit returns a unit as last noted.
func (r *Roster) Unit(id int) (rules.Unit, bool) {
	u, ok := r.units[id]
	return u, ok
}

// Obstacle returns an obstacle as last noted.
func (r *Roster) Obstacle(id int) (rules.Obstacle, bool) {
	o, ok := r.obstacles[id]
	return o, ok
}

// ObstacleName returns an obstacle's name with its article: "the low wall"
// ("cover" when unknown).
func (r *Roster) ObstacleName(id int) string {
	o, ok := r.obstacles[id]
	if !ok || o.Name == "" {
		return "the cover"
	}
	return "the " + o.Name
}

// Melee reports whether the named weapon strikes in close combat.
func (r *Roster) Melee(weapon string) bool {
	if r.data == nil {
		return false
	}
	w, ok := r.data.Weapon(weapon)
	return ok && w.Melee
}
