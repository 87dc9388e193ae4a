package match

import "sightline/rules"

// ActorOf returns the unit an event is about (0: none).
func ActorOf(ev rules.Event) int {
	switch e := ev.(type) {
	case rules.Moved:
		return e.Unit
	case rules.Damaged:
		return e.Unit
	case rules.Peeked:
		return e.Unit
	case rules.PeekEnded:
		return e.Unit
	case rules.Interrupted:
		return e.Unit
	case rules.MoveInterrupted:
		return e.Unit
	case rules.StanceChanged:
		return e.Unit
	case rules.TookCover:
		return e.Unit
	case rules.Aimed:
		return e.Unit
	case rules.OverwatchSet:
		return e.Unit
	case rules.OverwatchEnded:
		return e.Unit
	case rules.CoveringZoneSet:
		return e.Unit
	case rules.CoveringZoneEnded:
		return e.Unit
	case rules.Fell:
		return e.Unit
	case rules.Reloaded:
		return e.Unit
	case rules.Drew:
		return e.Unit
	case rules.Holstered:
		return e.Unit
	case rules.Dropped:
		return e.Unit
	case rules.Saved:
		return e.Unit
	case rules.Dived:
		return e.Unit
	case rules.Suppressed:
		return e.Unit
	case rules.Fired:
		return e.Unit
	case rules.Vaulted:
		return e.Unit
	case rules.PiledThrough:
		return e.Unit
	case rules.Killed:
		return e.Unit
	}
	return 0
}
