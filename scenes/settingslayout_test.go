package scenes

import "testing"

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
	for _, r := range settingRows {
		if w := env.Fonts.Width(r.note, setNoteSize, false); w > ScreenWidth-40 {
			t.Errorf("the note of %q is %.0f px wide, past the screen", r.label, w)
		}
	}
}
