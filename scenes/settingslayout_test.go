package scenes

import (
	"slices"
	"strings"
	"testing"
)

// TestSettingsLinesKeepApart: under the settings' rows, the focused row's
// note and the line saying where the settings are kept each have a band
// of their own (they were once drawn over each other), on the screen,
// and every note fits the screen's width.
func TestSettingsLinesKeepApart(t *testing.T) {
	env := testEnv(t)
	// A line of text of size s centred at y takes about 0.75 s above and
	// below its centre.
	band := func(y, s float64) (top, bottom float64) { return y - 0.75*s, y + 0.75*s }
	_, by, _, bh := rowRect(len(settingRows))
	nTop, nBottom := band(noteY(), setNoteSize)
	kTop, kBottom := band(setKeptY, setKeptSize)
	if nTop < by+bh {
		t.Errorf("the note's line (%.0f-%.0f) runs into Back (ends at %.0f)", nTop, nBottom, by+bh)
	}
	if kTop < nBottom {
		t.Errorf("the kept line (%.0f-%.0f) runs into the note's (%.0f-%.0f)", kTop, kBottom, nTop, nBottom)
	}
	if kBottom > ScreenHeight {
		t.Errorf("the kept line ends at %.0f, past the screen's %d", kBottom, ScreenHeight)
	}
	s := NewSettings(env, nil)
	for i, r := range settingRows {
		if w := env.Fonts.Width(s.rowNote(i), setNoteSize, false); w > ScreenWidth-40 {
			t.Errorf("the note of %q is %.0f px wide, past the screen", r.label, w)
		}
	}
}

// TestSettingsNotesNameKeysOnlyWithKeys: a row's note names its keys
// (M mutes) where there is a keyboard, and no key on a phone's touch
// screen, where the note still says what the row does; no note shows a
// rule's source (seed numbers, section marks).
func TestSettingsNotesNameKeysOnlyWithKeys(t *testing.T) {
	for _, tc := range []struct {
		name     string
		finger   bool
		wantKeys bool
	}{
		{"keyboard", false, true},
		{"finger", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testEnv(t)
			env.Finger = tc.finger
			s := NewSettings(env, nil)
			s.focus = slices.IndexFunc(settingRows, func(r settingRow) bool { return r.label == "Master volume" })
			note, _, _ := s.footText()
			if got := strings.Contains(note, "M mutes"); got != tc.wantKeys {
				t.Errorf("the master volume's note %q names the M key: %v, want %v", note, got, tc.wantKeys)
			}
			if !strings.Contains(note, "Everything the game plays") {
				t.Errorf("the master volume's note %q no longer says what the row does", note)
			}
			for i := range settingRows {
				n := s.rowNote(i)
				if tc.finger && strings.Contains(n, " M ") {
					t.Errorf("on a phone, the note of %q names a key: %q", settingRows[i].label, n)
				}
				if strings.Contains(n, "seed ") || strings.Contains(n, "§") {
					t.Errorf("the note of %q shows a rule's source, developer text: %q", settingRows[i].label, n)
				}
			}
		})
	}
}
