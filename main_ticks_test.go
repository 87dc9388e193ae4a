package main

import (
	"testing"
	"time"

	"sightline/systems"
)

func TestTickCatchUpOwesWhatEbitengineSkips(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	var c tickCatchUp
	steps := []struct {
		after time.Duration
		want  int
	}{
		{0, 0},                       // the first Update
		{tick, 0},                    // 60 fps
		{0, 0},                       // Ebitengine's second Update of a frame
		{5 * tick, 0},                // up to 12 fps Ebitengine catches up itself
		{213 * time.Millisecond, 11}, // 4.7 fps: 12 ticks passed, one run
		{10 * time.Second, maxCatchUp},
	}
	at := t0
	for i, s := range steps {
		at = at.Add(s.after)
		if have := c.owed(at); have != s.want {
			t.Errorf("step %d (+%v): owed %d, want %d", i, s.after, have, s.want)
		}
	}
}

func TestHeldIntentsKeepOnlyStates(t *testing.T) {
	in := []systems.Intent{
		{Kind: systems.IntentClick, X: 1}, {Kind: systems.IntentHover, X: 2},
		{Kind: systems.IntentPan, DX: 3}, {Kind: systems.IntentDrag, DX: 4},
		{Kind: systems.IntentZoom, DY: 1}, systems.KeyIntent('m'),
	}
	have := heldIntents(in)
	if len(have) != 2 || have[0].Kind != systems.IntentHover || have[1].Kind != systems.IntentPan {
		t.Fatalf("heldIntents: %+v, want the hover and the pan", have)
	}
}
