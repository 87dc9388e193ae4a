package systems

import (
	"math"
	"testing"

	"sightline/entities"
	"sightline/rules"
)

// stepsUntil counts the steps of dt seconds advance takes until done
// reports true, giving up after limit steps.
func stepsUntil(t *testing.T, dt float64, limit int, advance func(dt float64), done func() bool) int {
	t.Helper()
	for n := 1; n <= limit; n++ {
		advance(dt)
		if done() {
			return n
		}
	}
	t.Fatalf("not done after %d steps of %.3f s", limit, dt)
	return 0
}

// checkSixth fails unless slow (steps of 1/10 s) is about a sixth of fast
// (steps of 1/60 s): the same time, whatever the frame rate.
func checkSixth(t *testing.T, what string, fast, slow int) {
	t.Helper()
	if want := float64(fast) / 6; math.Abs(float64(slow)-want) > 1 {
		t.Errorf("%s: %d steps of 1/10 s, want about %.1f (a sixth of its %d steps of 1/60 s)", what, slow, want, fast)
	}
	t.Logf("%s: %d steps of 1/60 s, %d of 1/10 s", what, fast, slow)
}

// TestTicks: StepSeconds is exactly one tick, so fixed-step tests see
// the frames they saw when the animations counted ticks.
func TestTicks(t *testing.T) {
	for _, tt := range []struct{ dt, want float64 }{
		{StepSeconds, 1}, {2 * StepSeconds, 2}, {0.1, 6}, {0.25, 15}, {0, 0}, {-1, 0}, {0.005, 0.3},
	} {
		if got := Ticks(tt.dt); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Ticks(%v) = %v, want %v", tt.dt, got, tt.want)
		}
	}
	if Ticks(StepSeconds) != 1 {
		t.Errorf("Ticks(StepSeconds) = %v, want exactly 1", Ticks(StepSeconds))
	}
}

// TestMoveTakesRealTime: a unit's walk lasts as long at 10 frames a
// second as at 60.
func TestMoveTakesRealTime(t *testing.T) {
	walk := func(dt float64) int {
		u := &entities.Unit{ID: 1}
		path := []rules.Vec{{X: 16, Y: 16}, {X: 16 + 32*5, Y: 16}, {X: 16 + 32*5, Y: 16 + 32*3}}
		u.Tween = entities.NewTween(path, WalkTilesPerSecond*32.0/ticksPerSecond, 0)
		p := &Playback{World: &entities.World{Units: []*entities.Unit{u}}}
		return stepsUntil(t, dt, 10_000, p.Advance, func() bool { return !p.World.Animating() })
	}
	fast, slow := walk(1.0/60), walk(1.0/10)
	if fast != 60 { // 8 tiles at 8 tiles a second
		t.Errorf("the 8-tile walk took %d steps of 1/60 s, want 60", fast)
	}
	checkSixth(t, "an 8-tile walk", fast, slow)
}

// TestHoldTakesRealTime: an event's hold on the playback runs down by
// time, not by Updates.
func TestHoldTakesRealTime(t *testing.T) {
	hold := func(dt float64) int {
		p := &Playback{World: &entities.World{}}
		p.Hold(holdKilled)
		return stepsUntil(t, dt, 10_000, p.Advance, func() bool { return !p.Busy() })
	}
	checkSixth(t, "a kill's hold", hold(1.0/60), hold(1.0/10))
}

// TestToastAndBannerTakeRealTime: the HUD's toast and banner stay up as
// long at 10 frames a second as at 60.
func TestToastAndBannerTakeRealTime(t *testing.T) {
	toast := func(dt float64) int {
		h := NewHUD(nil, 1280, 720, "t")
		h.Toast("Not enough AP")
		return stepsUntil(t, dt, 10_000, func(dt float64) { h.Advance(nil, dt) }, func() bool { return h.ToastText() == "" })
	}
	banner := func(dt float64) int {
		h := NewHUD(nil, 1280, 720, "t")
		h.Banner("RED", "turn 2", ColorAccent)
		return stepsUntil(t, dt, 10_000, func(dt float64) { h.Advance(nil, dt) }, func() bool { return h.BannerText() == "" })
	}
	fast := toast(1.0 / 60)
	if fast != toastTicks {
		t.Errorf("the toast lasted %d steps of 1/60 s, want %d (as when it counted ticks)", fast, toastTicks)
	}
	checkSixth(t, "a toast", fast, toast(1.0/10))
	checkSixth(t, "a banner", banner(1.0/60), banner(1.0/10))
}

// TestEffectsTakeRealTime: an effect (a ring, as around a unit hit)
// lives as long at 10 frames a second as at 60.
func TestEffectsTakeRealTime(t *testing.T) {
	life := func(dt float64) int {
		w := &entities.World{}
		x := NewEventFX(w, &rules.Board{TileSize: 32}, nil)
		x.add(entities.Effect{Kind: entities.EffectRing, A: rules.Vec{X: 10, Y: 10}, Dur: chipLife, Radius: 16})
		return stepsUntil(t, dt, 10_000, func(dt float64) { x.Advance(dt, false) }, func() bool { return !x.Busy() })
	}
	fast := life(1.0 / 60)
	if fast != chipLife {
		t.Errorf("the ring lived %d steps of 1/60 s, want %d (as when it counted ticks)", fast, chipLife)
	}
	checkSixth(t, "a ring", fast, life(1.0/10))
}
