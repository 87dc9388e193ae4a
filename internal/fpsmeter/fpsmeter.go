// Package fpsmeter measures frame rates the same way for the game's
// hidden -fps-report and for its reference program (internal/fpsref):
// frames drawn and ticks run over a span of wall-clock time after a
// warm-up, and the CPU time the process used a frame, which stays
// comparable when other processes share the machine where frames a
// second do not (docs/PERFORMANCE.md, "Frame rate").
package fpsmeter

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// WarmUp is how long the game and the reference program let their first
// frames pass before they count: images uploaded, shaders compiled, the
// first sight computed. In headless Chromium the first frames of a battle
// take seconds.
const WarmUp = 5 * time.Second

// pauseGap and settle: the count also waits until settle has passed since
// the last gap of over pauseGap between ticks (a frame still loading), so
// that the ticks the game runs to catch up after it (main_ticks.go) are
// not counted as the steady rate's.
const (
	pauseGap = time.Second
	settle   = 2 * time.Second
)

// Meter counts frames and ticks over Span, after WarmUp from the first
// tick and settle from the last pause.
type Meter struct {
	// Span is how long it counts; WarmUp how long it waits first.
	Span, WarmUp time.Duration

	start, begin  time.Time // the first tick; the end of the warm-up
	last, calm    time.Time // the last tick; the first after the last pause
	frames, ticks int       // since begin
	maxTick       time.Duration
	cpu0          time.Duration // the process's CPU time at begin
}

// Counting reports whether the warm-up is over.
func (m *Meter) Counting() bool { return !m.begin.IsZero() }

// Frame counts a frame drawn.
func (m *Meter) Frame() {
	if m.Counting() {
		m.frames++
	}
}

// Tick counts a tick that started at now and took took; it reports true
// once Span has been measured.
func (m *Meter) Tick(now time.Time, took time.Duration) bool {
	last := m.last
	m.last = now
	switch {
	case m.start.IsZero():
		m.start, m.calm = now, now
	case !m.Counting() && now.Sub(last) > pauseGap:
		m.calm = now
	case !m.Counting() && now.Sub(m.start) >= m.WarmUp && now.Sub(m.calm) >= settle:
		m.begin = now
		m.cpu0, _ = cpuUsed()
	case m.Counting():
		m.ticks++
		m.maxTick = max(m.maxTick, took)
		return now.Sub(m.begin) >= m.Span
	}
	return false
}

// Report words the measure for name ("battle", "reference") at now, with
// the engine's own figures beside it.
func (m *Meter) Report(name string, now time.Time, engineFPS, engineTPS float64) string {
	s := now.Sub(m.begin).Seconds()
	r := fmt.Sprintf("%s fps %.1f tps %.1f (ebiten: fps %.1f tps %.1f) frames %d ticks %d over %.1fs, longest Update %.1f ms",
		name, float64(m.frames)/s, float64(m.ticks)/s, engineFPS, engineTPS, m.frames, m.ticks, s,
		float64(m.maxTick)/float64(time.Millisecond))
	if c, ok := cpuUsed(); ok && m.frames > 0 {
		r += fmt.Sprintf(", CPU %.1f ms a frame", float64(c-m.cpu0)/float64(time.Millisecond)/float64(m.frames))
	}
	return r
}

// cpuUsed returns the CPU time the process has used, all its threads (the
// software renderer's among them), from /proc/self/stat, or false where
// there is no such file.
func cpuUsed() (time.Duration, bool) {
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
