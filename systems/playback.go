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
	// Board gives tile positions.
	Board *rules.Board
	// World holds the entities to animate.
	World *entities.World
	// OnEvent, when set, is called as each event starts playing (HUD
	// banners now, the combat log later).
	OnEvent func(rules.Event)
	// Shown says whether the side watching may see an event (nil: every
	// event): a move it may not see is not animated and holds nothing.
	Shown func(rules.Event) bool

	queue   []rules.Event
	playing bool
	wait    int
}

// Queue adds events to the end of the queue.
func (p *Playback) Queue(evs ...rules.Event) { p.queue = append(p.queue, evs...) }

// Busy reports whether events are still playing or waiting.
func (p *Playback) Busy() bool { return p.playing || len(p.queue) > 0 }

// Update advances the animation by one tick.
func (p *Playback) Update() {
	p.World.Step()
	if p.playing {
		if p.wait > 0 {
			p.wait--
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

// start begins showing one event.
func (p *Playback) start(ev rules.Event) {
	if p.OnEvent != nil {
		p.OnEvent(ev)
	}
	switch e := ev.(type) {
	case rules.Moved:
		u := p.World.Unit(e.Unit)
		if u == nil || len(e.Path) == 0 || p.Shown != nil && !p.Shown(ev) {
			return
		}
		pts := make([]rules.Vec, 0, len(e.Path)+1)
		pts = append(pts, entities.SpaceCenter(p.Board, e.From, u.Body.Size))
		for _, q := range e.Path {
			pts = append(pts, entities.SpaceCenter(p.Board, q, u.Body.Size))
		}
		speed := float64(p.Board.TileSize) * WalkTilesPerSecond / ticksPerSecond
		u.Tween = entities.NewTween(pts, speed, u.Facing)
		p.playing = true
	case rules.TurnEnded:
		p.wait = turnPauseTicks
		p.playing = true
	}
}
