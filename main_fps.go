package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

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
	cpu0    time.Duration // the process's CPU time at begin (procCPU)
}

// procCPU returns the CPU time the process has used, all its threads
// (the software renderer's among them), from /proc/self/stat, or false
// where there is no such file. It is CPU seconds a frame that stay
// comparable when other processes share the machine.
func procCPU() (time.Duration, bool) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	// Fields 14 and 15 of the file (utime, stime), in clock ticks of
	// 1/100 s on Linux.
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+k) * 10 * time.Millisecond, true
}

// cpuPerFrame describes the CPU time used since cpu0 per frame, or is
// empty without procCPU.
func cpuPerFrame(cpu0 time.Duration, frames int) string {
	c, ok := procCPU()
	if !ok || frames == 0 {
		return ""
	}
	return fmt.Sprintf(", CPU %.1f ms a frame", float64(c-cpu0)/float64(time.Millisecond)/float64(frames))
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
		f.cpu0, _ = procCPU()
	case !f.begin.IsZero():
		f.ticks++
		f.maxTick = max(f.maxTick, took)
		if el := now.Sub(f.begin); el >= f.span {
			s := el.Seconds()
			f.report = fmt.Sprintf("battle fps %.1f tps %.1f (ebiten: fps %.1f tps %.1f) frames %d ticks %d over %.1fs, longest Update %.1f ms%s",
				float64(f.frames)/s, float64(f.ticks)/s, ebiten.ActualFPS(), ebiten.ActualTPS(), f.frames, f.ticks, s,
				float64(f.maxTick)/float64(time.Millisecond), cpuPerFrame(f.cpu0, f.frames))
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
