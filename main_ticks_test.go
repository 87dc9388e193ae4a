package main

import (
	"testing"
	"time"

	"sightline/systems"
)

func TestTickClockRunsWhatEbitengineDrops(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	// Each frame is Ebitengine's Updates (the first after the pause),
	// then a Draw; want is what the clock owes at its first Update.
	frames := []struct {
		name    string
		after   time.Duration
		updates int
		want    int
	}{
		{"the first frame", 0, 1, 0},
		{"60 fps", tick, 1, 0},
		{"a frame with no Update", tick / 2, 0, 0},
		{"Ebitengine catches up 4 ticks itself", 4 * tick, 4, 0},
		{"Ebitengine runs ahead by one", tick / 2, 2, 0},
		// 8 run, 7 due so far.
		{"4.7 fps: Ebitengine resynced and ran one", 213 * time.Millisecond, 1, 0},
		// At the last frame's start 19 were due and 9 run.
		{"the next frame runs what it dropped", 213 * time.Millisecond, 1, 19 - 9 - slack},
		// 12.78 ticks a frame: Ebitengine runs one, the game 12.
		{"the slack is owed no more than once", 213 * time.Millisecond, 1, 12},
		{"at full speed again", tick, 1, 12},
		{"nothing is owed twice", tick, 1, 0},
		{"a pause: 10 s, one Update", 10 * time.Second, 1, 0},
		{"at most half a second of it", tick, 1, maxCatchUp},
		{"the rest is forgotten", tick, 1, 0},
	}
	var c tickClock
	at := t0
	for _, f := range frames {
		at = at.Add(f.after)
		for i := 0; i < f.updates; i++ {
			have := c.update(at)
			want := 0
			if i == 0 {
				want = f.want
			}
			if have != want {
				t.Errorf("%s: Update %d owed %d, want %d", f.name, i+1, have, want)
			}
		}
		c.drawn()
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
