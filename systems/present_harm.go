package systems

import (
	"image/color"

	"sightline/rules"
)

// A hit reads from the seat of the side the screen shows the battle to:
// on one of its own units it is harm (EventFX.harm), with the damage
// the hit's Damaged event deals, queued as the command's events are
// readied (beginAttacked, beginDamaged in present_attack.go).

// hitUnit returns the unit an attack hits (0: a miss, or a shot at cover).
func hitUnit(e rules.Attacked) int {
	if (e.Outcome == rules.OutcomeHit || e.Outcome == rules.OutcomeCritical) && e.Obstacle == 0 {
		return e.Target
	}
	return 0
}

// takeDealt returns the damage the oldest queued hit on unit id dealt
// (-1: none known, or no hit queued) and drops it from the queue.
func (x *EventFX) takeDealt(id int) int {
	q := x.dealt[id]
	if id == 0 || len(q) == 0 {
		return -1
	}
	if len(q) == 1 {
		delete(x.dealt, id)
	} else {
		x.dealt[id] = q[1:]
	}
	return q[0]
}

// colorHarm is the colour of a hit on a unit of the side watching: harm
// reads red, where its own hits on the enemy read as good news (colorGood).
var colorHarm = colorBad

// harm words a hit on unit id: on a unit of the side the screen shows the
// battle to, it reads as harm, red, and names the damage dealt (known to
// the unit's own side) when there was some; on an enemy, or with no side
// watching (the fog off), label and c stay as they are.
func (x *EventFX) harm(id int, label string, c color.RGBA, dealt int) (string, color.RGBA) {
	side, all := x.viewer()
	u, ok := x.Roster.Unit(id)
	if all || !ok || u.Side != side {
		return label, c
	}
	if dealt > 0 {
		label += " −" + itoa(dealt)
	}
	return label, colorHarm
}

// viewer is the side the effects are shown to (Knowledge.Viewer); with
// no Knowledge everything is shown, to no side in particular.
func (x *EventFX) viewer() (rules.Side, bool) {
	if x.Know == nil {
		return 0, true
	}
	return x.Know.Viewer()
}
