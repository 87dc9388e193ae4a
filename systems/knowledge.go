package systems

import "sightline/rules"

// Knowledge is what the side the battle is shown to knows, the one
// question systems ask before they draw, sound or name anything of the
// battle: the action bar's reasons, the status badges, the fire zones,
// the sight view, the obstacles drawn and the effects all take it. Fog is
// the battle's; a nil Knowledge knows everything (tests, tools).
type Knowledge interface {
	// Knows reports whether the side may see the unit with the given ID.
	Knows(id int) bool
	// Saw reports whether the side may see ev, an event of the command
	// playing: one it may not see is neither drawn, heard nor waited for.
	Saw(ev rules.Event) bool
	// SawEnd reports whether the side sees where the unit with the given
	// ID ends the command playing (a dive out of its sight is not
	// animated).
	SawEnd(id int) bool
	// Obstacles returns the obstacles to draw on board b: those the side
	// remembers.
	Obstacles(b *rules.Board) []*rules.Obstacle
	// Viewer returns the side the screen shows the battle to, "our" side
	// (the player's against the computer; in hot-seat, the side at the
	// keyboard), and whether everything is shown, with no side of its own.
	Viewer() (side rules.Side, all bool)
}

// knows reports whether k may show the unit with the given ID (always,
// with no Knowledge).
func knows(k Knowledge, id int) bool { return k == nil || k.Knows(id) }

// knowsFunc returns k's Knows for the helpers that take a predicate (nil:
// every unit is known).
func knowsFunc(k Knowledge) func(id int) bool {
	if k == nil {
		return nil
	}
	return k.Knows
}
