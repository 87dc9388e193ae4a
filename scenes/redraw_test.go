package scenes

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// gameLoop runs the manager as main's game does: a tick, then a Draw
// only when NeedsDraw says the frame changed. It counts the frames drawn.
type gameLoop struct {
	h     *harness
	draws int
}

// frame runs one tick with in and reports whether the frame was drawn.
func (l *gameLoop) frame(in ...systems.Intent) bool {
	l.h.t.Helper()
	l.h.step(in...)
	if !l.h.m.NeedsDraw(l.h.screen) {
		return false
	}
	l.h.draw()
	l.draws++
	return true
}

// changing runs one tick with in and reports whether the frame would be
// drawn, then has the manager take it as drawn without drawing it (a
// software renderer's frames are slow: the tests draw the frames they
// look at). The screen is then behind: rest or frame draws it.
func (l *gameLoop) changing(in ...systems.Intent) bool {
	l.h.t.Helper()
	l.h.step(in...)
	changed := l.h.m.NeedsDraw(l.h.screen)
	l.h.m.drawn(l.h.screen)
	return changed
}

// idle runs n ticks with the pointer resting at (x, y) and returns the
// frames drawn.
func (l *gameLoop) idle(n int, x, y float64) int {
	l.h.t.Helper()
	before := l.draws
	for range n {
		l.frame(hover(x, y))
	}
	return l.draws - before
}

// rest runs ticks with the pointer resting at (x, y), drawing none, until
// every scene stands still with the key it had the tick before (the
// selection ring's pulse come to rest), then draws one more.
func (l *gameLoop) rest(x, y float64) {
	l.h.t.Helper()
	var last []any
	for i := 0; ; i++ {
		if i == 1200 {
			l.h.t.Fatal("the screen never comes to rest")
		}
		l.h.step(hover(x, y))
		keys, still := []any{}, true
		for i, s := range l.h.m.stack {
			k, ok := stillKey(s, i == len(l.h.m.stack)-1)
			keys, still = append(keys, k), still && ok
		}
		if still && slices.Equal(keys, last) {
			break
		}
		last = keys
	}
	l.h.step(hover(x, y))
	l.h.draw()
}

// stale draws the frame anew onto the screen the loop kept and reports
// how many pixels differ from what it showed: a skipped frame must show
// what a drawn one would. (Onto the screen itself: a fresh image of its
// own may sit elsewhere in the atlas, and a rounded corner's antialiasing
// then differs in a pixel or two.)
func (l *gameLoop) stale() int {
	l.h.t.Helper()
	b := l.h.screen.Bounds()
	have, want := make([]byte, 4*b.Dx()*b.Dy()), make([]byte, 4*b.Dx()*b.Dy())
	l.h.screen.ReadPixels(have)
	l.h.draw()
	l.h.screen.ReadPixels(want)
	n := 0
	for i := 0; i < len(have); i += 4 {
		for c := range 4 {
			// The atlas may move an image between frames (ebitentest.Frames):
			// a step or two of a channel is not a stale frame.
			if d := int(have[i+c]) - int(want[i+c]); d > 4 || d < -4 {
				n++
				break
			}
		}
	}
	return n
}

// An idle battle draws next to nothing: once its banner is gone, a
// resting pointer draws one frame a second (keepAlive) and one when the
// focus changes; a selected unit's ring pulses pulseIdle seconds after
// the last input, then rests.
func TestIdleBattleIsNotRedrawn(t *testing.T) {
	h, b := newTestBattle(t)
	l := &gameLoop{h: h}
	const x, y = 700, 400
	l.frame(hover(x, y))
	for b.hud.Timed() { // the banner
		if !l.changing(hover(x, y)) {
			t.Fatal("the banner up: a frame would not be drawn")
		}
	}
	l.rest(x, y)
	if n := l.idle(keepAlive-1, x, y); n != 0 {
		t.Errorf("idle battle, nothing selected: %d frames drawn in %d ticks, want 0", n, keepAlive-1)
	}
	// The net: a whole frame a second at rest, and one when the focus goes
	// or comes back.
	const seconds = 3
	if !l.frame(hover(x, y)) {
		t.Error("a second at rest: the frame was not drawn")
	}
	if n := l.idle(seconds*keepAlive, x, y); n != seconds {
		t.Errorf("idle battle: %d frames drawn in %d s, want %d (one a second)", n, seconds, seconds)
	}
	for _, off := range []bool{true, false} {
		h.m.Env.Unfocused = off
		if !l.frame(hover(x, y)) {
			t.Errorf("the focus lost (%v) or found: the frame was not drawn", off)
		}
		if l.frame(hover(x, y)) {
			t.Errorf("the focus as it was (lost %v): a frame drawn", off)
		}
	}
	if !l.frame(hover(x, y), key(systems.IntentCycle)) || b.Selected() == nil {
		t.Fatal("Tab selected no unit, or was not drawn")
	}
	if n := l.idle(3, x, y); n != 3 {
		t.Errorf("the selection ring pulsing: %d of 3 frames drawn, want all", n)
	}
	for i := range int(pulseIdle*60) - 30 {
		if !l.changing(hover(x, y)) {
			t.Fatalf("the selection ring pulsing: tick %d would not be drawn", i)
		}
	}
	l.rest(x, y) // the pulse at its crest
	if n := l.idle(keepAlive-1, x, y); n != 0 {
		t.Errorf("idle battle, a unit selected: %d frames drawn in %d ticks, want 0", n, keepAlive-1)
	}
	if n := l.stale(); n > 0 {
		t.Errorf("the idle screen kept differs from a fresh frame in %d pixels", n)
	}
}

// A change is drawn on the frame it happens: the pointer moving, a key,
// a toast, and the frame its time runs out on; a shot while its events
// and effects play. The screen kept after each is the frame a full
// redraw shows.
func TestChangeIsDrawnNextFrame(t *testing.T) {
	h, b, s := shootingRange(t)
	l := &gameLoop{h: h}
	const x, y = 700, 400
	l.rest(x, y)
	if l.idle(10, x, y) != 0 {
		t.Fatal("the battle at rest draws frames")
	}
	if !l.frame(hover(x+40, y)) {
		t.Error("the pointer moved: the frame was not drawn")
	}
	if !l.frame(hover(x+40, y), systems.KeyIntent('2')) {
		t.Error("an action key: the frame was not drawn")
	}
	l.rest(x+40, y)
	if n := l.stale(); n > 0 {
		t.Errorf("after the pointer and a key: %d pixels stale", n)
	}

	b.hud.Toast("A toast to expire")
	if !l.frame(hover(x+40, y)) {
		t.Error("a toast: the frame was not drawn")
	}
	for b.hud.Timed() {
		if !l.changing(hover(x+40, y)) {
			t.Fatal("a toast up: a frame would not be drawn")
		}
	}
	// The loop's last tick was the one the toast ran out on, checked.
	if l.changing(hover(x+40, y)) {
		t.Error("the toast gone, nothing changed: a frame to draw")
	}
	l.rest(x+40, y)
	if n := l.stale(); n > 0 {
		t.Errorf("after the toast: %d pixels stale", n)
	}

	tx, ty := b.ScreenOf(s.Unit(2).Pos)
	l.frame(hover(tx, ty))
	l.frame(hover(tx, ty), click(tx, ty))
	if !b.Busy() {
		t.Fatal("the shot plays nothing")
	}
	// While it plays the battle says it moves, besides its ring pulsing
	// since the click.
	played, skipped := 0, 0
	for i := 0; i < 1200 && (b.Busy() || len(b.world.Effects) > 0); i++ {
		_, still := stillKey(b, true)
		if l.changing(hover(tx, ty)) && !still {
			played++
		} else {
			skipped++
		}
	}
	if skipped > 0 || played == 0 {
		t.Errorf("the shot: %d frames to draw, %d taken as still while it played, want none", played, skipped)
	}
	l.rest(tx, ty)
	if n := l.stale(); n > 0 {
		t.Errorf("after the shot: %d pixels stale", n)
	}
}

// keyed is a test scene that knows when it stands still (framer).
type keyed struct {
	layer
	key    int
	moving bool
}

func (k *keyed) frameKey() (any, bool) { return k.key, !k.moving }

// NeedsDraw after a drawn frame, for each change the manager watches.
func TestNeedsDraw(t *testing.T) {
	var journal []string
	tests := []struct {
		name   string
		change func(m *Manager, top *keyed) []systems.Intent
		want   bool
	}{
		{"nothing", func(*Manager, *keyed) []systems.Intent { return nil }, false},
		{"the pointer resting", func(*Manager, *keyed) []systems.Intent { return []systems.Intent{hover(10, 20)} }, false},
		{"the pointer moved", func(*Manager, *keyed) []systems.Intent { return []systems.Intent{hover(11, 20)} }, true},
		{"a key", func(*Manager, *keyed) []systems.Intent {
			return []systems.Intent{hover(10, 20), key(systems.IntentCycle)}
		}, true},
		{"a tap", func(*Manager, *keyed) []systems.Intent { return []systems.Intent{click(10, 20)} }, true},
		{"the scene's key", func(_ *Manager, k *keyed) []systems.Intent { k.key++; return nil }, true},
		{"the scene moving", func(_ *Manager, k *keyed) []systems.Intent { k.moving = true; return nil }, true},
		{"an overlay pushed", func(m *Manager, _ *keyed) []systems.Intent {
			m.Push(&keyed{layer: layer{name: "over", journal: &journal}})
			return nil
		}, true},
		{"an unknown overlay", func(m *Manager, _ *keyed) []systems.Intent {
			m.Push(&layer{name: "plain", journal: &journal})
			return nil
		}, true},
		{"a fade", func(m *Manager, _ *keyed) []systems.Intent {
			m.GoTo(&keyed{layer: layer{name: "next", journal: &journal}})
			return nil
		}, true},
		{"the window", func(m *Manager, _ *keyed) []systems.Intent { m.Env.Window = [2]float64{800, 600}; return nil }, true},
		{"the focus lost", func(m *Manager, _ *keyed) []systems.Intent { m.Env.Unfocused = true; return nil }, true},
		{"a second at rest", func(m *Manager, _ *keyed) []systems.Intent {
			for range keepAlive - 2 { // the step before and the one after count too
				if err := m.Update([]systems.Intent{hover(10, 20)}); err != nil {
					t.Fatal(err)
				}
			}
			return []systems.Intent{hover(10, 20)}
		}, true},
		{"a tick short of a second", func(m *Manager, _ *keyed) []systems.Intent {
			for range keepAlive - 3 {
				if err := m.Update([]systems.Intent{hover(10, 20)}); err != nil {
					t.Fatal(err)
				}
			}
			return []systems.Intent{hover(10, 20)}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top := &keyed{layer: layer{name: "screen", journal: &journal}}
			m := NewManager(&Env{}, top)
			scr := ebiten.NewImage(64, 36)
			defer scr.Deallocate()
			step := func(in ...systems.Intent) {
				if err := m.Update(in); err != nil {
					t.Fatal(err)
				}
			}
			step(hover(10, 20))
			if !m.NeedsDraw(scr) {
				t.Fatal("the first frame needs no draw")
			}
			m.Draw(scr)
			step(hover(10, 20))
			if m.NeedsDraw(scr) {
				t.Fatal("nothing changed, yet a draw is needed")
			}
			in := tt.change(m, top)
			step(in...)
			if have := m.NeedsDraw(scr); have != tt.want {
				t.Errorf("NeedsDraw: have %v, want %v", have, tt.want)
			}
			m.Draw(scr)
			for m.Transitioning() {
				step()
				m.Draw(scr)
			}
			top.moving = false
			step(hover(11, 20))
			m.Draw(scr)
			step(hover(11, 20))
			if _, plain := m.Top().(*layer); m.NeedsDraw(scr) != plain {
				t.Errorf("drawn again: NeedsDraw %v, want %v (a scene with no key is always drawn)", !plain, plain)
			}
		})
	}
}

// The screens that change only with input (framekeys.go) are not drawn
// again at rest, and the cards' go-on prompt pulses, then rests: each
// one, over the battle or alone, draws no frame in the second after it
// came to rest, and the screen kept is the frame a full redraw shows.
func TestStillScreensAreNotRedrawn(t *testing.T) {
	h, b := newTestBattle(t)
	env := h.m.Env
	const x, y = 20, 20
	for _, tt := range []struct {
		name string
		open func()
	}{
		{"briefing", func() { h.m.Push(&briefingCard{b: b, lines: []briefLine{{text: "Hold the bridge."}}}) }},
		{"handover", func() { h.m.Push(&handover{b: b, side: b.State().Side}) }},
		{"pause menu", func() { h.m.Push(newPauseMenu(b)) }},
		{"help", func() { h.m.Push(newHelp(env, b)) }},
		{"settings", func() { h.m.GoTo(NewSettings(env, b)) }},
		{"load", func() { h.m.GoTo(NewLoad(env, nil)) }},
		{"result", func() { h.m.GoTo(NewResult(env, b.State().Side, "Field", 3)) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			parent := h.t
			h.t = t
			defer func() { h.t = parent }()
			l := &gameLoop{h: h}
			tt.open()
			if !l.frame(hover(x, y)) {
				t.Fatal("opened: the frame was not drawn")
			}
			h.settle()
			// The harness's settle draws no frame: one here, as the game's
			// loop draws the screen fading in. (A shape is drawn as a path
			// the first time the painter meets it and from a kept sprite
			// after: a pixel of a corner's antialiasing differs.)
			h.draw()
			l.rest(x, y)
			if n := l.idle(keepAlive-1, x, y); n != 0 {
				t.Errorf("at rest: %d frames drawn in %d ticks, want 0", n, keepAlive-1)
			}
			if n := l.stale(); n > 0 {
				t.Errorf("the screen kept differs from a fresh frame in %d pixels", n)
			}
			screenshot(t, h, "still-"+tt.name+".png")
			if _, over := h.m.Top().(*Battle); !over && len(h.m.stack) > 1 {
				h.m.Pop()
			}
		})
	}
}

// The go-on prompt pulses for pulseIdle seconds after it shows, then
// rests at a crest, at full strength, without a jump.
func TestPromptComesToRest(t *testing.T) {
	const guard, dt = 0.25, 1.0 / 60
	last := promptAlpha(0, guard)
	rest := -1.0
	for up := dt; up < guard+pulseIdle+3; up += dt {
		a := promptAlpha(up, guard)
		if d := a - last; d > 0.05 || d < -0.05 {
			t.Fatalf("at %.2f s the prompt's opacity jumps from %.3f to %.3f", up, last, a)
		}
		if promptTime(up, guard) < up && rest < 0 {
			rest = up
		}
		last = a
	}
	if rest < guard+pulseIdle || rest > guard+pulseIdle+2 {
		t.Errorf("the prompt comes to rest at %.2f s, want between %.2f and %.2f", rest, guard+pulseIdle, guard+pulseIdle+2)
	}
	if last < 0.999 {
		t.Errorf("at rest the prompt's opacity is %.3f, want 1", last)
	}
}
