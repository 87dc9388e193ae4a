package systems

import (
	"image/color"
	"math"

	"sightline/entities"
	"sightline/rules"
)

// Playback timing at 60 ticks per second.
const (
	// WalkTilesPerSecond is how fast units walk along their paths.
	WalkTilesPerSecond = 8
	turnPauseTicks     = 20
)

// Effect timings in ticks at speed 1 (60 ticks a second).
const (
	holdShot     = 26
	holdReaction = 40
	holdDamage   = 22
	holdCover    = 20
	holdRemoved  = 24
	holdKilled   = 30
	holdNote     = 14
	holdPeek     = 16
	bannerFX     = 54
	textLife     = 48
	tracerLife   = 20
	chipLife     = 30
	fadeLife     = 40
	flashLife    = 30
	leanShare    = 0.45 // how far toward the peek tile a leaning unit slides
	hopHeight    = 0.35 // a vault hop's height in tiles
	leanSpeed    = 2.2  // pixels per tick of a lean
	diveSpeedFac = 1.6  // dives are faster than walking
)

// colorDamage is the colour of damage numbers: a warm white-red that
// stands out on red and blue tokens alike.
var colorDamage = color.RGBA{0xff, 0xd4, 0xc4, 0xff}

// hop lifts a unit along the vault step of its path.
type hop struct {
	from, to rules.Vec
	armed    bool // the step's Moved event has started
}

// EventFX animates what the rules report: peeks, tracers, hit and miss
// texts, damage numbers, chips off cover, cover destroyed, dives, vaults,
// suppression and deaths. The battle calls Begin when it queues a
// command's events, Start as each event plays (it returns how long the
// playback should hold), Update every tick and draws it as a world
// overlay and a screen layer.
type EventFX struct {
	// World holds the entities the events change: the units, and the
	// ghosts, corpses and effects the events leave.
	World *entities.World
	// Board is the battle's board (tile size, live obstacles).
	Board *rules.Board
	// Roster names units and remembers removed obstacles.
	Roster *Roster
	// Speed scales every animation (1 normal, 2 twice as fast).
	Speed float64
	// Started counts the events started (tests check the playback).
	Started int
	// Know says what the side watching may see (nil: everything). An
	// event it may not see draws nothing (no text, tracer, banner or
	// animation), makes no sound and holds the playback for no time, so
	// neither pictures nor pauses give away what happens in the fog; a
	// dive that ends out of its sight is not animated.
	Know Knowledge
	// Screen is the battle screen a turn change plays on (nil: none).
	Screen Screen
	// Audio plays each shown event's cues as it starts (nil: silent).
	Audio *Audio
	// Theme colours the sides.
	Theme Theme
	// Badges are the status badges over the units (nil: none): the
	// floating captions rise clear of them.
	Badges *StatusBadges

	tick         float64 // the effects' clock in ticks, fractional when frames are slow
	hops         map[int]*hop
	leaning      map[int]rules.Vec
	fireAt       rules.Point
	firing       int // the unit whose area fire this command started (0: none)
	banner       string
	bannerSub    string
	bannerColor  color.RGBA
	bannerLeft   float64      // ticks
	bannerUnits  [2]rules.Vec // where the two units it names stand, which it keeps clear of
	bannerAt     float64      // the banner's top on the screen, once bannerPlaced (bannerY)
	bannerPlaced bool
	dealt        map[int][]int // per unit, the damage of each hit on it still to play (-1: none known)
	lastHit      int           // the unit the last attack readied hit, waiting for its damage (0: none)
}

// Screen is what the battle screen lends the presenters beyond the
// entities, the effects and the log: as a turn changes hands, the
// TurnEnded presenter takes its hit panel down, puts the next side's
// banner up and brings that side's units into view; before a shot, the
// camera frames its shooter and target (EventFX.Lead).
type Screen interface {
	// Frame starts the camera's glide to show world points a and b
	// (Camera.Glide) at the animations' speed for an action of unit
	// actor, and returns its length in ticks: 0 when both are already on
	// screen, when the player at this machine ordered the action, or when
	// the player turned following the action off.
	Frame(actor int, a, b rules.Vec, speed float64) int
	// Banner shows a large centred message for a moment (HUD.Banner).
	Banner(text, sub string, c color.RGBA)
	// Focus centres the view on side's living units when some of them
	// are off screen (Camera.FocusSide).
	Focus(side rules.Side)
	// ClearTarget takes down the hit panel and the unit it pins.
	ClearTarget()
}

// NewEventFX returns the effects of a battle.
func NewEventFX(w *entities.World, b *rules.Board, r *Roster) *EventFX {
	return &EventFX{World: w, Board: b, Roster: r, Speed: 1, hops: map[int]*hop{}, leaning: map[int]rules.Vec{},
		dealt: map[int][]int{}}
}

// Lead readies the camera for ev before it starts: a shot whose shooter
// or target is off screen is framed first (Screen.Frame), and the
// playback waits the returned number of ticks (the glide and a short
// hold) before starting it. An event the side watching may not see is
// not framed, so the camera gives nothing away.
func (x *EventFX) Lead(ev rules.Event) int {
	if x.Screen == nil || x.Know != nil && !x.Know.Saw(ev) {
		return 0
	}
	actor, a, b, ok := presenterOf(ev).framing(x, ev)
	if !ok {
		return 0
	}
	t := x.Screen.Frame(actor, a, b, x.Speed)
	if t == 0 {
		return 0
	}
	return t + x.scaled(frameHoldTicks)
}

// scaled returns a duration at the current speed.
func (x *EventFX) scaled(t int) int {
	if x.Speed <= 0 {
		return t
	}
	return max(1, int(math.Round(float64(t)/x.Speed)))
}

// TracerSeconds is how long a shot's tracer takes to land at the current
// animation speed.
func (x *EventFX) TracerSeconds() float64 { return float64(x.scaled(tracerLife)) / ticksPerSecond }

// Finish drops the effects still running, for a playback the player
// skipped: floating texts, tracers, chips, flashes, the reaction banner,
// vault hops and leans (the tokens do not slide back; World.Sync puts
// them in place). Corpses and the obstacles' ghosts stay as the events
// left them.
func (x *EventFX) Finish() {
	x.ClearEffects()
	x.bannerLeft = 0
	clear(x.hops)
	clear(x.leaning)
}

// ClearEffects takes down the tracers, texts, rings and flashes still
// showing (a new turn starts clean); leaning and hopping units keep their
// poses.
func (x *EventFX) ClearEffects() {
	x.World.Effects = x.World.Effects[:0]
}

// note floats a small caption over a unit.
func (x *EventFX) note(unit int, s string) {
	at := x.unitPos(unit)
	x.text(at.Add(rules.Vec{Y: -float64(x.Board.TileSize) * 0.45}), s, 14, ColorText, 0)
}

// text floats a caption up from a world point after delay ticks.
func (x *EventFX) text(at rules.Vec, s string, size float64, c color.RGBA, delay int) {
	x.add(entities.Effect{Kind: entities.EffectText, A: at, Text: s, Size: size, Color: c, Dur: textLife, Start: x.tick + float64(x.scaled(delay))})
}

// add appends an effect, starting now unless it has a later start.
func (x *EventFX) add(e entities.Effect) {
	if e.Start < x.tick {
		e.Start = x.tick
	}
	if e.Start == 0 {
		e.Start = x.tick
	}
	e.Dur = x.scaled(e.Dur)
	x.World.Effects = append(x.World.Effects, e)
}

func (x *EventFX) unitPos(id int) rules.Vec {
	if u := x.World.Unit(id); u != nil {
		return u.Pos
	}
	if u, ok := x.Roster.Unit(id); ok {
		return entities.SpaceCenter(x.Board, u.Pos, max(u.Size, 1))
	}
	return rules.Vec{}
}

// obstacleCenter returns the centre of an obstacle, removed or not.
func (x *EventFX) obstacleCenter(id int) rules.Vec {
	if o, ok := x.Roster.Obstacle(id); ok {
		return shapeCenter(o.Shape)
	}
	return rules.Vec{}
}

// obstacleHit returns where a shot from a toward b first meets the
// obstacle (its centre when the line misses it).
func (x *EventFX) obstacleHit(id int, a, b rules.Vec) rules.Vec {
	o, ok := x.Roster.Obstacle(id)
	if !ok {
		return b
	}
	const steps = 64
	for i := 0; i <= steps; i++ {
		p := a.Add(b.Sub(a).Scale(float64(i) / steps))
		if o.Shape.Contains(p) {
			return p
		}
	}
	return shapeCenter(o.Shape)
}

// obstacleColor is the colour chips of an obstacle fly in.
func (x *EventFX) obstacleColor(id int) color.RGBA {
	if o, ok := x.Roster.Obstacle(id); ok {
		t := StyleOf(&o).Top
		return color.RGBA{t.R, t.G, t.B, 0xff}
	}
	return ColorTextDim
}

// Busy reports whether an effect is still running (the playback need not
// wait for it; tests and screenshots may).
func (x *EventFX) Busy() bool { return len(x.World.Effects) > 0 || x.bannerLeft > 0 }

// Still reports whether nothing the effects draw moves: no effect or
// banner runs, no unit hops and none waits to slide back from a lean.
func (x *EventFX) Still() bool { return !x.Busy() && len(x.hops) == 0 && len(x.leaning) == 0 }

// Update advances the effects one tick (StepSeconds), after the
// playback's step.
func (x *EventFX) Update(playing bool) { x.Advance(StepSeconds, playing) }

// Advance advances the effects by dt seconds, after the playback's step:
// it lifts vaulting units, slides leaning units back once playback is
// idle, and drops finished effects.
func (x *EventFX) Advance(dt float64, playing bool) {
	k := Ticks(dt)
	x.tick += k
	if x.bannerLeft > 0 {
		x.bannerLeft = max(x.bannerLeft-k, 0)
	}
	kept := x.World.Effects[:0]
	for _, e := range x.World.Effects {
		if x.tick-e.Start < float64(e.Dur) {
			kept = append(kept, e)
		}
	}
	x.World.Effects = kept
	ts := float64(x.Board.TileSize)
	for id, h := range x.hops {
		u := x.World.Unit(id)
		if u == nil || (h.armed && u.Tween == nil) {
			delete(x.hops, id)
			continue
		}
		if !h.armed {
			continue
		}
		d := h.to.Sub(h.from)
		l := d.Len()
		if l == 0 {
			continue
		}
		t := (u.Pos.Sub(h.from).X*d.X + u.Pos.Sub(h.from).Y*d.Y) / (l * l)
		if t > 0 && t < 1 {
			u.Pos.Y -= math.Sin(math.Pi*t) * hopHeight * ts
		}
	}
	if !playing {
		for id, back := range x.leaning {
			if u := x.World.Unit(id); u != nil && u.Tween == nil {
				u.Tween = entities.NewTween([]rules.Vec{u.Pos, back}, leanSpeed*max(x.Speed, 0.25), u.Facing)
			}
			delete(x.leaning, id)
		}
	}
}

// effectNames name the effect kinds for Running.
var effectNames = [...]string{entities.EffectText: "text", entities.EffectTracer: "tracer", entities.EffectChips: "chips", entities.EffectFlash: "flash", entities.EffectFade: "fade", entities.EffectRing: "ring", entities.EffectArea: "area"}

// Running returns the effects running now, oldest first: a floating text
// as its words, any other effect as its kind ("tracer", "chips", "flash",
// "fade", "ring", "area"). Tests and tools read it.
func (x *EventFX) Running() []string {
	out := make([]string, 0, len(x.World.Effects))
	for _, e := range x.World.Effects {
		if e.Kind == entities.EffectText {
			out = append(out, e.Text)
			continue
		}
		out = append(out, effectNames[e.Kind])
	}
	return out
}

// Ghosts returns the IDs of the obstacles the rules removed that are still
// drawn because their removal has not played yet, in increasing order.
func (x *EventFX) Ghosts() []int {
	out := make([]int, len(x.World.Ghosts))
	for i, g := range x.World.Ghosts {
		out[i] = g.Obstacle.ID
	}
	return out
}
