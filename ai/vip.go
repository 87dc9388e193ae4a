package ai

import (
	"fmt"

	"sightline/rules"
)

// lookFor is how many of unit u's best tiles its decision weighs again
// against the enemies' best answer (lookAhead): the profile's LookAhead,
// and for a unit its side must protect at least the profile's Escort.
// Its fall loses the battle, so the enemy that walks a move and then
// fires (the rival's commonest kill) counts wherever it may stand: a
// player keeps the unit that must not fall out of a move's reach of the
// enemy's guns, not only out of their sight now.
func (c *Computer) lookFor(u *rules.Unit) int {
	k := c.profile.LookAhead
	if c.profile.Escort > 0 && c.view != nil && mustProtect(c.view, u.ID) {
		k = max(k, c.profile.Escort)
	}
	return k
}

// escortNote words what looking ahead spared the unit its side must
// protect: the tile it would have taken first (at), where enemy mover
// could move (to) and fire at it; "" when it is no such unit.
func (c *Computer) escortNote(w *thought, at rules.Point, mover int, to rules.Point) string {
	if c.view == nil || !mustProtect(c.view, w.u.ID) || mover == 0 {
		return ""
	}
	return fmt.Sprintf("must not fall, so it keeps out of a move's reach of the enemy's guns: %s could move %s and fire at it %s", nameOf(w.s, mover), w.where.Place(to), w.where.Place(at))
}
