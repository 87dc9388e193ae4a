package scenes

import (
	"testing"

	"sightline/rules"
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
