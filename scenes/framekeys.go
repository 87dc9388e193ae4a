package scenes

import (
	"image/color"
	"math"

	"sightline/systems"
)

// The frame keys of the screens that stand still between inputs (see
// redraw.go): each changes only when the player does something, so one
// key serves while nothing is pressed. Screens left out move by
// themselves and are drawn every frame: a save being re-played
// (Resuming), the server's news (Joining, OnlineMenu, whose text fields'
// carets blink too).

// still is the frame key of a screen that changes only with input.
type still struct{}

// frameKey returns still: the pause menu changes only with input.
func (p *pauseMenu) frameKey() (any, bool) { return still{}, true }

// frameKey returns still: the help card changes only with input.
func (c *helpCard) frameKey() (any, bool) { return still{}, true }

// frameKey returns still: the load screen changes only with input.
func (l *Load) frameKey() (any, bool) { return still{}, true }

// frameKey returns still: the settings change only with input.
func (s *Settings) frameKey() (any, bool) { return still{}, true }

// frameKey returns still: the result changes only with input (its
// presses are held back for resultGuard, which shows nothing).
func (r *Result) frameKey() (any, bool) { return still{}, true }

// frameKey returns the go-on prompt's time: the card changes by itself
// while the prompt comes up and pulses, and stands still once it rests.
func (h *handover) frameKey() (any, bool) { return promptTime(h.up, handoverGuard), true }

// frameKey returns the go-on prompt's time (handover.frameKey).
func (c *briefingCard) frameKey() (any, bool) { return promptTime(c.up, briefingGuard), true }

// promptTime returns the time a card's go-on prompt ("press any key",
// shown after guard) shows after up seconds: up while the prompt pulses,
// for pulseIdle seconds after guard, up to its next crest, where it rests
// at full strength.
func promptTime(up, guard float64) float64 {
	const w = 4.3 // the pulse's pace, in radians a second (promptAlpha)
	k := math.Ceil(((guard+pulseIdle)*w - math.Pi/2) / (2 * math.Pi))
	return math.Min(up, (math.Pi/2+2*math.Pi*k)/w)
}

// promptColour returns the go-on prompt's colour after up seconds of a
// card whose prompt shows after guard: the accent, opaque, pulsing
// towards a paler yellow as promptAlpha dips and resting on the accent,
// so that the prompt never fades towards the dark card and reads as the
// thing to do, not as something switched off (at least 7:1 at any
// phase; TestPromptStandsOut).
func promptColour(up, guard float64) color.NRGBA {
	c := systems.Shade(systems.ColorAccent, 1+0.8*(1-promptAlpha(up, guard)))
	return color.NRGBA{c.R, c.G, c.B, 0xff}
}

// promptAlpha returns the go-on prompt's opacity after up seconds of a
// card whose prompt shows after guard: pulsing, then resting at 1.
func promptAlpha(up, guard float64) float64 {
	return 0.75 + 0.25*math.Sin(promptTime(up, guard)*4.3)
}
