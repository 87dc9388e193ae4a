package systems

import "sightline/rules"

// A presenter shows one kind of event. line words it for the combat log
// ("" for an event not worth a line); start plays it on screen: its
// animation and captions, and the changes it makes to the entities (a
// token walks, loses health, drops prone, falls), returning how many
// ticks the playback holds on it. Every kind of event has one presenter,
// listed in presenterOf, whose two halves sit side by side in the
// present_*.go files: a new kind of event is one presenter.
type presenter struct {
	line  func(r *Roster, ev rules.Event) string
	start func(x *EventFX, ev rules.Event) int
}

// present makes the presenter of events of type E from its halves (nil:
// no line, or nothing to play).
func present[E rules.Event](line func(*Roster, E) string, start func(*EventFX, E) int) presenter {
	var p presenter
	if line != nil {
		p.line = func(r *Roster, ev rules.Event) string { return line(r, ev.(E)) }
	}
	if start != nil {
		p.start = func(x *EventFX, ev rules.Event) int { return start(x, ev.(E)) }
	}
	return p
}

// presenterOf returns the presenter of ev's kind (an empty one for a kind
// the game does not show).
func presenterOf(ev rules.Event) presenter {
	switch ev.(type) {
	case rules.Moved:
		return present(lineMoved, startMoved)
	case rules.MoveInterrupted:
		return present(lineMoveInterrupted, startMoveInterrupted)
	case rules.TurnEnded:
		return present(lineTurnEnded, startTurnEnded)
	case rules.Attacked:
		return present(lineAttacked, startAttacked)
	case rules.Damaged:
		return present(lineDamaged, startDamaged)
	case rules.CoverDamaged:
		return present(lineCoverDamaged, startCoverDamaged)
	case rules.ObstacleRemoved:
		return present(lineObstacleRemoved, startObstacleRemoved)
	case rules.Killed:
		return present(lineKilled, startKilled)
	case rules.Peeked:
		return present(linePeeked, startPeeked)
	case rules.PeekEnded:
		return present(linePeekEnded, startPeekEnded)
	case rules.Interrupted:
		return present(lineInterrupted, startInterrupted)
	case rules.StanceChanged:
		return present(lineStanceChanged, startStanceChanged)
	case rules.TookCover:
		return present(lineTookCover, startTookCover)
	case rules.Aimed:
		return present(lineAimed, startAimed)
	case rules.OverwatchSet:
		return present(lineOverwatchSet, startOverwatchSet)
	case rules.OverwatchEnded:
		return present(lineOverwatchEnded, nil)
	case rules.CoveringZoneSet:
		return present(lineCoveringZoneSet, startCoveringZoneSet)
	case rules.CoveringZoneEnded:
		return present(lineCoveringZoneEnded, nil)
	case rules.Fell:
		return present(lineFell, startFell)
	case rules.Reloaded:
		return present(lineReloaded, startReloaded)
	case rules.Drew:
		return present(lineDrew, startDrew)
	case rules.Holstered:
		return present(lineHolstered, startHolstered)
	case rules.Dropped:
		return present(lineDropped, startDropped)
	case rules.Saved:
		return present(lineSaved, startSaved)
	case rules.Dived:
		return present(lineDived, startDived)
	case rules.Suppressed:
		return present(lineSuppressed, startSuppressed)
	case rules.BrokeOut:
		return present(lineBrokeOut, startBrokeOut)
	case rules.Fired:
		return present(lineFired, startFired)
	case rules.Vaulted:
		return present(lineVaulted, startVaulted)
	case rules.PiledThrough:
		return present(linePiledThrough, startPiledThrough)
	}
	return presenter{}
}

// Describe returns an event in words ("" for events not worth a line).
func Describe(r *Roster, ev rules.Event) string {
	if p := presenterOf(ev); p.line != nil {
		return p.line(r, ev)
	}
	return ""
}

// Start plays one event as it comes up in the playback (its presenter's
// start, and its sound: EventCues) and returns how many ticks the playback should hold on it. An
// event the side watching may not see draws nothing and holds for no time
// (unseen keeps the entities in step).
func (x *EventFX) Start(ev rules.Event) int {
	x.Started++
	if x.Shown != nil && !x.Shown(ev) {
		x.unseen(ev)
		return 0
	}
	x.Audio.PlayEvent(x.Roster, ev) // a sound that fails is not worth stopping the show
	if p := presenterOf(ev); p.start != nil {
		return p.start(x, ev)
	}
	return 0
}
