package main

import (
	"time"

	"sightline/systems"
)

// Ebitengine runs as many Updates a frame as keep 60 a second, unless more
// than five ticks (83 ms) passed since the last frame: then its clock
// resyncs and runs one. A frame rate under 12 fps thus drags the tick
// rate down with it (the battle at 4.7 fps ran 4.7 ticks a second, issue
// 17). The game keeps its own count of the ticks due since its first
// Update and of the ticks run, and runs the ones Ebitengine dropped
// itself, at the start of the next frame, so that what counts ticks (the
// computer's thinking, held-key panning) keeps its pace whatever the
// frame rate. The animations need none of it: they advance by the clock
// (scenes.Manager.Now).
const (
	// tick is one Update at Ebitengine's default 60 TPS.
	tick = time.Second / 60
	// slack is how far the ticks run may trail the ticks due before the
	// game runs any itself: Ebitengine's clock and the game's start
	// apart by up to a tick.
	slack = 2
	// maxCatchUp bounds the ticks run again after one long frame, half a
	// second's worth: down to 2 fps the ticks keep their pace, and a
	// longer gap (a level's images uploaded, a hidden window) is a pause,
	// forgotten, not played at once.
	maxCatchUp = 30
	// catchUpBudget bounds the time a frame spends catching up, so that
	// a slow Update does not slow the frames further.
	catchUpBudget = 8 * time.Millisecond
)

// tickClock counts the ticks due and the ticks run, Ebitengine's and the
// game's own. It finds the dropped ticks once a frame's Updates are all
// done, at its Draw: Ebitengine's own catch-up Updates within a frame
// then count, and are never run twice.
type tickClock struct {
	start      time.Time // the first Update
	frameStart time.Time // the first Update of the current frame
	inFrame    bool      // an Update ran since the last Draw
	run        int64     // the ticks run since start
	owed       int64     // the ticks dropped, found at the last Draw
}

// update counts an Update started at now and returns the ticks to run
// besides it: at the first Update of a frame, the ticks the last frame
// dropped, at most maxCatchUp; none otherwise. It counts them as run,
// so the ones the caller's time budget leaves out are forgotten.
func (c *tickClock) update(now time.Time) int {
	if c.start.IsZero() {
		c.start = now
	}
	c.run++
	if c.inFrame {
		return 0
	}
	c.inFrame, c.frameStart = true, now
	n := c.owed
	c.run += n
	c.owed = 0
	return int(n)
}

// drawn ends a frame: the ticks due at its first Update that no Update
// has run were dropped (Ebitengine runs the ones due since in the next
// frame).
func (c *tickClock) drawn() {
	if !c.inFrame {
		return
	}
	c.inFrame = false
	due := int64(c.frameStart.Sub(c.start)/tick) + 1
	c.owed = min(max(due-c.run-slack, 0), maxCatchUp)
	if due-c.run-slack > maxCatchUp {
		// Forget the rest: a pause, not a slow frame rate.
		c.run = due - slack - maxCatchUp
	}
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
