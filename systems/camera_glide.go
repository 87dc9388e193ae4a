package systems

import (
	"math"

	"sightline/rules"
)

// Framing an action: before a shot the player did not watch begin, the
// camera glides, eased in and out, to show its shooter and its target,
// and the playback holds a moment on the picture before the shot starts
// (EventFX.Lead, Screen.Frame).
const (
	frameMinTicks  = 14 // the shortest glide
	frameMaxTicks  = 36 // the longest glide
	framePxPerTick = 40 // glide pace, in screen pixels a tick at speed 1
	frameHoldTicks = 16 // the hold on the framed picture before the shot
)

// glide is a camera move under way (Camera.Glide).
type glide struct {
	from, to [3]float64 // X, Y, Zoom
	t, dur   float64    // ticks run, ticks in all
}

// Glide moves the view smoothly to show world points a and b, each at least pad screen pixels inside the free screen,
// centred on their midpoint; it zooms out (not below MinZoom) only when
// they do not fit at the present zoom. The move is eased in and out and
// takes about as long as its length on screen at the given speed
// (1 normal). It returns the move's length in ticks (0 when both points
// are already shown and nothing moves).
func (c *Camera) Glide(a, b rules.Vec, pad, speed float64) int {
	if c.Shows(a, pad) && c.Shows(b, pad) {
		return 0
	}
	to := *c
	to.glide = nil
	dx, dy := math.Abs(a.X-b.X), math.Abs(a.Y-b.Y)
	z := c.Zoom
	if dx > 0 {
		z = math.Min(z, (c.freeW()-2*pad)/dx)
	}
	if dy > 0 {
		z = math.Min(z, (c.freeH()-2*pad)/dy)
	}
	to.Zoom = clamp(z, c.MinZoom, c.MaxZoom)
	to.CenterOn((a.X+b.X)/2, (a.Y+b.Y)/2)
	fx, fy := c.WorldToScreen(rules.Vec{X: to.X, Y: to.Y})
	dist := math.Hypot(fx, fy) + math.Abs(math.Log(to.Zoom/c.Zoom))*c.ViewW
	if speed <= 0 {
		speed = 1
	}
	dur := clamp(dist/framePxPerTick, frameMinTicks, frameMaxTicks) / speed
	dur = math.Max(1, math.Round(dur))
	c.glide = &glide{from: [3]float64{c.X, c.Y, c.Zoom}, to: [3]float64{to.X, to.Y, to.Zoom}, dur: dur}
	return int(dur)
}

// Gliding reports whether a glide is under way.
func (c *Camera) Gliding() bool { return c.glide != nil }

// Advance runs a glide under way on by dt seconds.
func (c *Camera) Advance(dt float64) {
	g := c.glide
	if g == nil {
		return
	}
	g.t = math.Min(g.t+Ticks(dt), g.dur)
	s := smoothstep(g.t / g.dur)
	// The zoom is eased on a log scale, so zooming out and in feel alike.
	c.Zoom = g.from[2] * math.Pow(g.to[2]/g.from[2], s)
	c.X = g.from[0] + (g.to[0]-g.from[0])*s
	c.Y = g.from[1] + (g.to[1]-g.from[1])*s
	if g.t >= g.dur {
		c.X, c.Y, c.Zoom = g.to[0], g.to[1], g.to[2]
		c.glide = nil
	}
}

// EndGlide puts the view where a glide under way was going, at once.
func (c *Camera) EndGlide() {
	if g := c.glide; g != nil {
		c.X, c.Y, c.Zoom = g.to[0], g.to[1], g.to[2]
		c.glide = nil
	}
}

// smoothstep eases t in [0, 1] in and out.
func smoothstep(t float64) float64 { return t * t * (3 - 2*t) }
