package systems

import (
	"sightline/entities"
	"sightline/rules"
)

// Playback timing at 60 ticks per second.
const (
	// WalkTilesPerSecond is how fast units walk along their paths.
	WalkTilesPerSecond = 8
	ticksPerSecond     = 60
	turnPauseTicks     = 20
)

// Playback is the animation queue: the battle applies a command, queues the
// events it returned, and the playback shows them one after another. The
// battle takes no new command while it is busy; a player's order then
// finishes the playback at once (Finish) instead.
type Playback struct {
	// World holds the entities to animate.
	World *entities.World
	// OnEvent, when set, is called as each event starts playing: the
	// battle logs it and its presenter plays it (EventFX.Start), holding
	// the playback (Hold) while it runs.
	OnEvent func(rules.Event)

	queue   []rules.Event
	playing bool
	wait    float64 // ticks the current event still holds the playback
}

// Queue adds events to the end of the queue.
func (p *Playback) Queue(evs ...rules.Event) { p.queue = append(p.queue, evs...) }

// Busy reports whether events are still playing or waiting.
func (p *Playback) Busy() bool { return p.playing || len(p.queue) > 0 }

// Update advances the animation by one tick (StepSeconds).
func (p *Playback) Update() { p.Advance(StepSeconds) }

// Advance advances the animation by dt seconds: the units walk and the
// current event's hold runs down by that much time.
func (p *Playback) Advance(dt float64) {
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
		p.queue = p.queue[1:]
		p.start(ev)
	}
	if len(p.queue) == 0 {
		p.queue = nil
	}
}

// Finish plays the rest of the queue at once: every event still starts
// (OnEvent runs, so the log and the effects take each in) but none is
// waited for, and every unit stops animating (World.Sync then puts it
// where the rules have it).
func (p *Playback) Finish() {
	for len(p.queue) > 0 {
		ev := p.queue[0]
		p.queue = p.queue[1:]
		p.start(ev)
	}
	p.queue, p.playing, p.wait = nil, false, 0
	for _, u := range p.World.Units {
		u.Tween = nil
	}
}

// start begins showing one event: OnEvent logs it and has its presenter
// play it, holding the playback as long as it asks.
func (p *Playback) start(ev rules.Event) {
	if p.OnEvent != nil {
		p.OnEvent(ev)
	}
}
