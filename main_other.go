//go:build !js

package main

import "sightline/scenes"

// publishScene does nothing outside the browser.
func publishScene(string) {}

// publishBriefing does nothing outside the browser.
func publishBriefing(bool) {}

// mark does nothing outside the browser.
func mark(string) {}

// publishDrawn does nothing outside the browser.
func publishDrawn(string) {}

// publishThink does nothing outside the browser.
func publishThink(string, scenes.ThinkStats) {}

// battleProbe is publishBattle's memory: nothing outside the browser.
type battleProbe struct{}

// publishBattle does nothing outside the browser.
func publishBattle(*battleProbe, *scenes.Battle) {}

// startMuted is false outside the browser: the -mute flag says it there.
func startMuted() bool { return false }

// warmUp does nothing outside the browser: native code is compiled ahead.
func warmUp() {}
