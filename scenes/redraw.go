package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/systems"
)

// A frame is drawn only when something it shows changed (NeedsDraw): the
// game leaves the last picture on the screen otherwise, and Ebitengine
// then skips presenting it (ebiten.SetScreenClearedEveryFrame(false)),
// so an idle screen costs nearly nothing: on a battery, and in the tests'
// software renderers (docs/PERFORMANCE.md, "Idle frames"). What changes
// a picture is input (a key, a click, a touch, the pointer moving), a
// change of the stack, a fade, the window's size, and, within a scene,
// what moves by itself: a scene says so through stillKey. When in doubt
// a scene is drawn: a scene that does not know its key is drawn every
// frame. A net under it all: a whole frame is drawn at least once a
// second (keepAlive) and when the window gains or loses the focus, so a
// screen lost with the GPU (a WebGL context restored) or a change nobody
// noted is not kept for long.

// framer is a scene that knows when it stands still.
type framer interface {
	// frameKey returns a comparable key of what the scene shows that
	// changes without input (a blink, a drift), and true; or false while
	// it moves by itself, when each frame must be drawn.
	frameKey() (key any, still bool)
}

// stillKey returns s's frame key (framer), or false when s does not know
// one: then it is drawn every frame. top says whether s is on top of the
// stack (only the top scene is updated). The battle's key is asked of its
// view here rather than through a method on *Battle, whose methods are
// capped (TestBattleIsCutIntoParts).
func stillKey(s Scene, top bool) (any, bool) {
	switch z := s.(type) {
	case *Battle:
		if _, ok := z.drive.(*online); ok || z.watch != nil {
			return nil, false // the server's news, a replay playing
		}
		k, still := z.look.frameKey(top)
		if r := z.reload; r != nil {
			k.reload, k.top = r.err, r.top // a failed reload's panel
		}
		return k, still
	case framer:
		return z.frameKey()
	}
	return nil, false
}

// keepAlive is the most ticks (a second) an idle screen is kept for
// before it is drawn anew.
const keepAlive = 60

// redraw is what the manager knows of the last frame drawn, to tell
// whether the next one would differ (NeedsDraw).
type redraw struct {
	drawn  bool       // a frame was drawn
	dirty  bool       // input, or an import, came since
	size   [2]float64 // the screen's size then
	window [2]float64 // Env.Window then
	blur   bool       // Env.Unfocused then
	since  float64    // ticks since
	fade   float64    // Manager.left then
	stack  []Scene    // the stack then
	keys   []any      // the stack's frame keys then
	input  pointerWatch
}

// pointerWatch tells input that may change a picture from the pointer's
// position sent every tick (IntentHover) where it was.
type pointerWatch struct {
	at   [2]float64
	seen bool
}

// changes reports whether in holds anything but the pointer standing
// where it stood at the last call.
func (p *pointerWatch) changes(in []systems.Intent) bool {
	changed := false
	for _, it := range in {
		if it.Kind != systems.IntentHover {
			changed = true
			continue
		}
		if at := [2]float64{it.X, it.Y}; !p.seen || at != p.at {
			p.at, p.seen, changed = at, true, true
		}
	}
	return changed
}

// NeedsDraw reports whether a Draw onto dst now would draw anything but
// the picture last drawn: nothing was drawn yet, dst or the window has
// another size or the focus, a fade runs or ran, the stack changed,
// input came, a scene in the stack moves by itself or shows another
// frame key, or the last draw is keepAlive ticks old. The game draws
// only then, keeping the last picture on screen otherwise.
func (m *Manager) NeedsDraw(dst *ebiten.Image) bool {
	r := &m.redraw
	if !r.drawn || r.dirty || m.left > 0 || r.fade > 0 || size(dst) != r.size || len(m.stack) != len(r.stack) || r.since >= keepAlive {
		return true
	}
	if m.Env != nil && (m.Env.Window != r.window || m.Env.Unfocused != r.blur) {
		return true
	}
	for i, s := range m.stack {
		key, still := stillKey(s, i == len(m.stack)-1)
		if s != r.stack[i] || !still || key != r.keys[i] {
			return true
		}
	}
	return false
}

// noteInput marks the next frame to be drawn when in may change it.
func (m *Manager) noteInput(in []systems.Intent) {
	if m.redraw.input.changes(in) {
		m.redraw.dirty = true
	}
}

// drawn records the frame just drawn onto dst (NeedsDraw compares the
// next with it).
func (m *Manager) drawn(dst *ebiten.Image) {
	r := &m.redraw
	r.drawn, r.dirty, r.size, r.fade, r.since = true, false, size(dst), m.left, 0
	if m.Env != nil {
		r.window, r.blur = m.Env.Window, m.Env.Unfocused
	}
	r.stack, r.keys = append(r.stack[:0], m.stack...), r.keys[:0]
	for i, s := range m.stack {
		key, still := stillKey(s, i == len(m.stack)-1)
		if !still {
			key = moving{} // equal to no still scene's key
		}
		r.keys = append(r.keys, key)
	}
}

// moving is the key kept for a scene drawn while it moved: the frame it
// comes to rest on differs from it, and is drawn.
type moving struct{}

// size returns dst's size (0 for nil).
func size(dst *ebiten.Image) [2]float64 {
	if dst == nil {
		return [2]float64{}
	}
	return [2]float64{float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())}
}

// battleKey is what a battle shows, input aside, that may change while it
// stands still: the state, the camera, the selection and its ring's
// pulse, the action chosen, the fog, a failed hot reload's panel.
type battleKey struct {
	version, selected, fog int
	geo                    ebiten.GeoM
	pulse                  float64
	mode                   actions.ID
	finger, why            bool
	reload                 string
	top                    int
}

// frameKey returns the battle's key, or false while anything in it moves
// by itself: on top, events playing, effects, a unit walking, the camera
// gliding, the banner or a toast up, log lines due, the computer to move
// (it thinks, then plays); on top or under an overlay (which stops all
// of those: they run in Battle.Update), animated tiles.
func (v *battleView) frameKey(top bool) (battleKey, bool) {
	s := v.state
	if top && (v.playback.Busy() || !v.ui.fx.Still() || v.world.Animating() || v.cam.Gliding() || v.hud.Timed() || v.ui.log.Waiting() || v.players[s.Side] == Computer) {
		return battleKey{}, false
	}
	if v.rend.Terrain != nil && v.rend.Terrain.Animated() {
		return battleKey{}, false
	}
	k := battleKey{version: v.version, selected: v.selected, fog: v.fog.Computes, geo: v.cam.GeoM(), mode: v.mode, finger: v.finger, why: v.whyOn}
	if v.selected != 0 {
		k.pulse = v.rend.Pulse
	}
	return k, true
}

// pulseIdle is how long, in seconds, the selection ring pulses on after
// the player's last input; then it comes to rest at its next crest.
const pulseIdle = 4.0

// pulseClock runs the time the selection ring pulses by
// (systems.Renderer.Pulse): the battle's time while the player acts,
// held at a crest once they have been idle for pulseIdle, so an idle
// battle's picture stands still. The pulse picks up from the crest,
// smoothly, at the next input.
type pulseClock struct {
	at    float64 // the time the ring shows
	idle  float64 // seconds since the last input
	input pointerWatch
}

// advance runs the clock dt seconds on, with the tick's intents in.
func (p *pulseClock) advance(dt float64, in []systems.Intent) {
	if p.input.changes(in) {
		p.idle = 0
	} else {
		p.idle += dt
	}
	next := p.at + dt
	if p.idle >= pulseIdle {
		next = math.Min(next, systems.PulseCrest(p.at))
	}
	p.at = next
}
