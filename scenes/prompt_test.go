package scenes

import (
	"image/color"
	"math"
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// TestCardsSpeakToTheirInput: the briefing and the handover, laid out
// sideways, ask a phone played by finger for a tap and to pass the
// phone, and a keyboard player for a key and to pass the keyboard.
func TestCardsSpeakToTheirInput(t *testing.T) {
	for _, tc := range []struct {
		name         string
		finger       bool
		prompt, pass string
	}{
		{"keyboard", false, "PRESS ANY KEY, CLICK OR TAP", "Pass the keyboard to Red. Blue, look away."},
		{"finger", true, "TAP TO GO ON", "Pass the phone to Red. Blue, look away."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &Battle{stage: &stage{finger: tc.finger}}
			if got := goOnPrompt(b.TouchMode()); got != tc.prompt {
				t.Errorf("the prompt reads %q, want %q", got, tc.prompt)
			}
			if got := passTo(rules.SideRed, b.TouchMode()); got != tc.pass {
				t.Errorf("the handover reads %q, want %q", got, tc.pass)
			}
		})
	}
}

// TestPromptStandsOut: the go-on prompt of the briefing and the handover
// is the thing to do, so at every phase of its pulse, over the card's
// panel and over the bare background, it reads at least 7:1 (WCAG),
// never the dim olive of an accent faded half way into the dark.
func TestPromptStandsOut(t *testing.T) {
	const guard, dt = 0.25, 1.0 / 60
	for _, bg := range []struct {
		name string
		c    color.RGBA
	}{{"background", systems.ColorBackground}, {"panel", systems.ColorPanelSolid}} {
		worst, at := math.Inf(1), 0.0
		for up := guard; up < guard+pulseIdle+3; up += dt {
			if r := contrast(over(promptColour(up, guard), bg.c), bg.c); r < worst {
				worst, at = r, up
			}
		}
		if worst < 7 {
			t.Errorf("over the %s the prompt reads %.1f:1 at %.2f s, want at least 7:1", bg.name, worst, at)
		}
	}
}

// over composites c on the opaque bg.
func over(c color.NRGBA, bg color.RGBA) color.RGBA {
	a := float64(c.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.RGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	lum := func(c color.RGBA) float64 {
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.04045 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
