package systems

import (
	"sightline/entities"
	"sightline/rules"
)

// Playback is the animation queue: the battle applies a command, queues the
// events it returned, and the playback shows them one after another, each
// through its presenter (present.go): its sound and animation (FX), held
// while they run, and its line in the log. The battle takes no new command
// while it is busy; a player's order then finishes the playback at once
// (Skip) instead.
type Playback struct {
	// World holds the entities to animate.
	World *entities.World
	// FX plays each event as it starts (EventFX.Start), and the playback
	// holds on it as long as that asks (nil: nothing plays or holds).
	FX *EventFX
	// Log takes each event's line as the event starts, or, for a line its
	// presenter holds back, once it is due (nil: no log).
	Log *CombatLog
	// Observe, when set, is called after each event has started (tests
	// and tools follow the playback by it; the game does not).
	Observe func(rules.Event)

	queue   []rules.Event
	playing bool
	wait    float64 // ticks the current event still holds the playback
	led     bool    // the queue's first event was led in (EventFX.Lead)
	last    rules.Event
}

// Playing returns the event shown now: the last one started while the
// playback is busy (nil: none, or idle).
func (p *Playback) Playing() rules.Event {
	if !p.Busy() {
		return nil
	}
	return p.last
}

// Hold keeps the playback on its current event for at least ticks more
// ticks (an effect's length).
func (p *Playback) Hold(ticks int) {
	if ticks > 0 {
		p.wait = max(p.wait, float64(ticks))
		p.playing = true
	}
}

// Queue adds events to the end of the queue.
func (p *Playback) Queue(evs ...rules.Event) { p.queue = append(p.queue, evs...) }

// Busy reports whether events are still playing or waiting.
func (p *Playback) Busy() bool { return p.playing || len(p.queue) > 0 }

// Update advances the animation by one tick (StepSeconds).
func (p *Playback) Update() { p.Advance(StepSeconds) }

// Advance advances the animation by dt seconds: the units walk, the
// current event's hold runs down by that much time, the next events start
// and the log's held-back lines come due.
func (p *Playback) Advance(dt float64) {
	p.advance(dt)
	if p.Log != nil {
		p.Log.Advance(dt)
	}
}

// advance walks the units, runs the current event's hold down and starts
// the next events once it is over, each led in by the camera (EventFX.Lead)
// when it asks.
func (p *Playback) advance(dt float64) {
	k := Ticks(dt)
	p.World.StepBy(k)
	if p.playing {
		if p.wait > 0 {
			p.wait = max(p.wait-k, 0)
		}
		if p.wait > 0 || p.World.Animating() {
			return
		}
		p.playing = false
	}
	for !p.playing && len(p.queue) > 0 {
		ev := p.queue[0]
		if !p.led && p.FX != nil {
			// The camera frames the event first; it starts once that is
			// over.
			p.led = true
			if t := p.FX.Lead(ev); t > 0 {
				p.Hold(t)
				break
			}
		}
		p.led = false
		p.queue = p.queue[1:]
		p.start(ev)
	}
	if len(p.queue) == 0 {
		p.queue = nil
	}
}

// Finish plays the rest of the queue at once: every event still starts
// (so the log and the effects take each in) but none is waited for, and
// every unit stops animating (World.Sync then puts it where the rules have
// it).
func (p *Playback) Finish() {
	for len(p.queue) > 0 {
		ev := p.queue[0]
		p.queue = p.queue[1:]
		p.start(ev)
	}
	p.queue, p.playing, p.wait, p.led, p.last = nil, false, 0, false, nil
	for _, u := range p.World.Units {
		u.Tween = nil
	}
}

// Skip finishes the playback at once for an order given while it plays:
// the rest of the queue starts (Finish), the effects still running go
// (EventFX.Finish) and the log takes the lines it held back.
func (p *Playback) Skip() {
	p.Finish()
	if p.FX != nil {
		p.FX.Finish()
	}
	if p.Log != nil {
		p.Log.Flush()
	}
}

// start begins showing one event through its presenter: the lines held
// back so far are logged, it plays (holding the playback as long as it
// asks) and its line is logged now or, when its presenter holds it back,
// later.
func (p *Playback) start(ev rules.Event) {
	pr := presenterOf(ev)
	p.last = ev
	if p.Log != nil {
		p.Log.Flush()
	}
	hold := 0
	if p.FX != nil {
		hold = p.FX.start(pr, ev)
	}
	if p.Log != nil {
		lag := 0.0
		if hold > 0 { // shown: a line may wait for what it tells to be seen
			lag = pr.delay(p.FX, ev)
		}
		if lag > 0 {
			p.Log.AddLater(ev, lag)
		} else {
			p.Log.Add(ev)
		}
	}
	p.Hold(hold)
	if p.Observe != nil {
		p.Observe(ev)
	}
}
