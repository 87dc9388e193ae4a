package main

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/internal/fpsmeter"
	"sightline/levels"
	"sightline/scenes"
	"sightline/systems"
)

// fpsMeter measures a battle's frame rate for the hidden -fps-report
// flag (docs/PERFORMANCE.md, "Frame rate"): the shared meter, and a Tab
// once the battle runs.
type fpsMeter struct {
	fpsmeter.Meter
	cycled bool   // the first unit was selected
	report string // the result, once the span has passed
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

// update counts a tick that started at now and took took; it returns
// true, with the report, once the span has been measured.
func (f *fpsMeter) update(now time.Time, took time.Duration) bool {
	if !f.Tick(now, took) {
		return false
	}
	f.report = f.Report("battle", now, ebiten.ActualFPS(), ebiten.ActualTPS())
	return true
}

// draw counts a frame.
func (f *fpsMeter) draw() { f.Frame() }
