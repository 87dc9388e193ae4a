package main

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/internal/cpustat"
	"sightline/levels"
	"sightline/scenes"
	"sightline/systems"
)

// fpsWarmUp is how long the frame-rate report lets the battle settle
// (images uploaded, the first sight computed) before it counts.
const fpsWarmUp = 3 * time.Second

// fpsMeter measures a battle's frame rate for the hidden -fps-report
// flag (docs/PERFORMANCE.md, "Frame rate"): it counts the frames drawn
// and the ticks run over span, after fpsWarmUp, by the wall clock, and
// reads ebiten's own figures at the end.
type fpsMeter struct {
	span    time.Duration
	start   time.Time // the first Update
	begin   time.Time // the end of the warm-up (zero before)
	frames  int       // Draws since begin
	ticks   int       // Updates since begin
	cycled  bool      // the first unit was selected
	report  string    // the result, once span has passed
	maxTick time.Duration
	cpu0    time.Duration // the process's CPU time at begin (cpustat.Used)
}

// fpsBattle returns the first scene of the frame-rate report: Outpost,
// both sides played by hand, the briefing skipped.
func fpsBattle(e *scenes.Env) (scenes.Scene, error) {
	lv, err := levels.Load(levels.Embedded(), "maps/outpost.tmx")
	if err != nil {
		return nil, err
	}
	e.NoBriefing = true
	return scenes.NewBattle(e, scenes.SetupFromLevel(lv)), nil
}

// intents adds, once the battle runs, a Tab (select the first unit) to
// in, so the frame shows what a player sees while choosing a move.
func (f *fpsMeter) intents(in []systems.Intent) []systems.Intent {
	if f.cycled {
		return in
	}
	f.cycled = true
	return append(in, systems.Intent{Kind: systems.IntentCycle})
}

// update counts a tick; it returns true once span has been measured.
func (f *fpsMeter) update(now time.Time, took time.Duration) bool {
	switch {
	case f.start.IsZero():
		f.start = now
	case f.begin.IsZero() && now.Sub(f.start) >= fpsWarmUp:
		f.begin = now
		f.cpu0, _ = cpustat.Used()
	case !f.begin.IsZero():
		f.ticks++
		f.maxTick = max(f.maxTick, took)
		if el := now.Sub(f.begin); el >= f.span {
			s := el.Seconds()
			f.report = fmt.Sprintf("battle fps %.1f tps %.1f (ebiten: fps %.1f tps %.1f) frames %d ticks %d over %.1fs, longest Update %.1f ms%s",
				float64(f.frames)/s, float64(f.ticks)/s, ebiten.ActualFPS(), ebiten.ActualTPS(), f.frames, f.ticks, s,
				float64(f.maxTick)/float64(time.Millisecond), cpustat.PerFrame(f.cpu0, f.frames))
			return true
		}
	}
	return false
}

// draw counts a frame.
func (f *fpsMeter) draw() {
	if !f.begin.IsZero() {
		f.frames++
	}
}
