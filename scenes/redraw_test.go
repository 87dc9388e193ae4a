package scenes

import (
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
// drawn, without drawing it (a software renderer's frames are slow: the
// tests draw the frames they look at).
func (l *gameLoop) changing(in ...systems.Intent) bool {
	l.h.t.Helper()
	l.h.step(in...)
	return l.h.m.NeedsDraw(l.h.screen)
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

// fresh draws the frame anew onto an image of its own and reports how
// many pixels differ from the screen the loop kept: a skipped frame must
// show what a drawn one would.
func (l *gameLoop) stale() int {
	l.h.t.Helper()
	b := l.h.screen.Bounds()
	img := ebiten.NewImage(b.Dx(), b.Dy())
	defer img.Deallocate()
	l.h.m.Draw(img)
	have, want := make([]byte, 4*b.Dx()*b.Dy()), make([]byte, 4*b.Dx()*b.Dy())
	l.h.screen.ReadPixels(have)
	img.ReadPixels(want)
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

// An idle battle draws nothing: once its banner is gone, a resting
// pointer draws no frame; a selected unit's ring pulses pulseIdle seconds
// after the last input, then rests.
func TestIdleBattleIsNotRedrawn(t *testing.T) {
	h, b := newTestBattle(t)
	l := &gameLoop{h: h}
	const x, y = 700, 400
	l.frame(hover(x, y))
	l.idle(60, x, y) // the banner runs out
	if b.hud.Timed() {
		t.Fatal("the banner is still up after a second")
	}
	if n := l.idle(600, x, y); n != 0 {
		t.Errorf("idle battle, nothing selected: %d frames drawn in 600 ticks, want 0", n)
	}
	if !l.frame(hover(x, y), key(systems.IntentCycle)) || b.Selected() == nil {
		t.Fatal("Tab selected no unit, or was not drawn")
	}
	if n := l.idle(20, x, y); n != 20 {
		t.Errorf("the selection ring pulsing: %d of 20 frames drawn, want all", n)
	}
	for i := range int(pulseIdle*60) - 30 {
		if !l.changing(hover(x, y)) {
			t.Fatalf("the selection ring pulsing: tick %d would not be drawn", i)
		}
	}
	l.idle(90, x, y) // the pulse comes to its crest
	if n := l.idle(600, x, y); n != 0 {
		t.Errorf("idle battle, a unit selected: %d frames drawn in 600 ticks, want 0", n)
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
	l.idle(300, x, y)
	if l.idle(10, x, y) != 0 {
		t.Fatal("the battle does not come to rest")
	}
	if !l.frame(hover(x+40, y)) {
		t.Error("the pointer moved: the frame was not drawn")
	}
	if !l.frame(hover(x+40, y), systems.KeyIntent('2')) {
		t.Error("an action key: the frame was not drawn")
	}
	l.idle(300, x+40, y)
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
	if !l.frame(hover(x+40, y)) {
		t.Error("the toast ran out: the frame was not drawn")
	}
	l.idle(300, x+40, y)
	if n := l.stale(); n > 0 {
		t.Errorf("after the toast: %d pixels stale", n)
	}

	tx, ty := b.ScreenOf(s.Unit(2).Pos)
	l.frame(hover(tx, ty))
	l.frame(hover(tx, ty), click(tx, ty))
	if !b.Busy() {
		t.Fatal("the shot plays nothing")
	}
	played, skipped := 0, 0
	for i := 0; i < 1200 && (b.Busy() || len(b.world.Effects) > 0); i++ {
		if l.changing(hover(tx, ty)) {
			played++
		} else {
			skipped++
		}
	}
	if skipped > 0 || played == 0 {
		t.Errorf("the shot: %d frames to draw, %d skipped while it played, want none skipped", played, skipped)
	}
	if !l.frame(hover(tx, ty)) {
		t.Error("the shot over: the frame was not drawn")
	}
	l.idle(300, tx, ty)
	if n := l.stale(); n > 0 {
		t.Errorf("after the shot: %d pixels stale", n)
	}
}
