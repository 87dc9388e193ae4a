package main

import (
	"time"

	"sightline/systems"
)

// Ebitengine runs as many Updates a frame as keep 60 a second, unless more
// than five ticks (83 ms) passed since the last frame: then its clock
// resyncs and runs one. A frame rate under 12 fps thus drags the tick
// rate down with it (the battle at 4.7 fps ran 4.7 ticks a second, issue
// 17). The game runs the ticks Ebitengine skipped itself, in the same
// Update, so that what counts ticks (the computer's thinking, held-key
// panning) keeps its pace whatever the frame rate. The animations need
// none of it: they advance by the clock (scenes.Manager.Now).
const (
	// tick is one Update at Ebitengine's default 60 TPS.
	tick = time.Second / 60
	// resyncAfter is Ebitengine's limit (internal/clock): past it, it
	// runs one Update however long the frame took.
	resyncAfter = 5 * tick
	// maxCatchUp bounds the ticks run again after one long frame (a
	// second's worth).
	maxCatchUp = 60
	// catchUpBudget bounds the time a frame spends catching up, so that
	// a slow Update does not slow the frames further.
	catchUpBudget = 8 * time.Millisecond
)

// tickCatchUp tells how many ticks Ebitengine skipped before an Update.
type tickCatchUp struct {
	last time.Time // the previous Update
}

// owed returns the ticks to run besides this Update, started at now: none
// unless more than resyncAfter passed since the last one.
func (c *tickCatchUp) owed(now time.Time) int {
	last := c.last
	c.last = now
	if last.IsZero() {
		return 0
	}
	el := now.Sub(last)
	if el <= resyncAfter {
		return 0
	}
	return min(int(el/tick)-1, maxCatchUp)
}

// heldIntents returns the intents of in that stand for a state rather
// than a press and may be given again to a tick run to catch up: the
// cursor and the held pan keys (a drag or a wheel step happened once).
func heldIntents(in []systems.Intent) []systems.Intent {
	var out []systems.Intent
	for _, it := range in {
		if it.Kind == systems.IntentHover || it.Kind == systems.IntentPan {
			out = append(out, it)
		}
	}
	return out
}
