//go:build !js

package main

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/scenes"
)

// publishScene does nothing outside the browser.
func publishScene(string) {}

// publishChanges does nothing outside the browser.
func publishChanges(int) {}

// publishBriefing does nothing outside the browser.
func publishBriefing(bool) {}

// publishJoining does nothing outside the browser.
func publishJoining(string) {}

// mark does nothing outside the browser.
func mark(string) {}

// publishDrawn does nothing outside the browser.
func publishDrawn(string) {}

// publishTop does nothing outside the browser.
func publishTop(string) {}

// publishThink does nothing outside the browser.
func publishThink(string, scenes.ThinkStats) {}

// battleProbe is publishBattle's memory: nothing outside the browser.
type battleProbe struct{}

// publishBattle does nothing outside the browser.
func publishBattle(*battleProbe, *scenes.Battle) {}

// targetProbe is publishTargets' memory: nothing outside the browser.
type targetProbe struct{}

// publishTargets does nothing outside the browser.
func publishTargets(*targetProbe, string, []scenes.Target, float64, float64) {}

// shareFiles does nothing outside the browser: saves and replays are
// files there already, read with sightline -replay.
func shareFiles(*scenes.Env) {}

// startMuted is false outside the browser: the -mute flag says it there.
func startMuted() bool { return false }

// fingerFirst is false outside the browser: a desktop's pointer is the
// mouse until a touch screen is touched.
func fingerFirst() bool { return false }

// pageLink is "" outside the browser: the -join flag gives a link there.
func pageLink() string { return "" }

// pageBase is "" outside the browser: links name the server alone.
func pageBase() string { return "" }

// warmUp does nothing outside the browser: native code is compiled ahead.
func warmUp() {}

// setFullscreen puts the window in or out of fullscreen.
func setFullscreen(on bool) { ebiten.SetFullscreen(on) }

// startFullscreen applies the fullscreen setting at start-up.
func startFullscreen(on bool) { setFullscreen(on) }

// stopOnSignal sets stop on the first SIGINT or SIGTERM, for the game to
// end at its next Update as if quit (writing a -record-audio file); a
// second signal ends the process at once, as usual.
func stopOnSignal(stop *atomic.Bool) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ch
		signal.Stop(ch)
		stop.Store(true)
	}()
}
