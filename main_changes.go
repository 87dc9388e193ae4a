package main

import (
	"sightline/scenes"
	"sightline/systems"
)

// sceneChanges counts the screen changes the game has started (a fade
// begun by a scene's GoTo) and publishes the count after each (in the
// browser, window.sightlineChanges). The browser smoke's presses read it
// between presses: once a press started a change, none follows it, so no
// press meant for one screen lands on the next (a briefing card).
type sceneChanges struct {
	// n is the number of changes started so far.
	n int
}

// update runs m.Update(in) and counts a fade that the Update began. A
// change is begun by a scene given input, and during a fade the scenes
// get none, so checking that no fade ran before and one runs after
// misses none a press asked for.
func (c *sceneChanges) update(m *scenes.Manager, in []systems.Intent) error {
	fading := m.Transitioning()
	err := m.Update(in)
	if !fading && m.Transitioning() {
		c.n++
		publishChanges(c.n)
	}
	return err
}
