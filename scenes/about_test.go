package scenes

import (
	"testing"
	"unicode/utf8"

	"sightline/ai"
)

// What each difficulty's computer is like reads whole on the level
// select: one line on a large window, with the key that changes it, and
// at most phoneAboutLines on a phone (a longer text is cut there).
func TestDifficultyAboutFits(t *testing.T) {
	ps, err := ai.Profiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range ps {
		if n := utf8.RuneCountInString(aboutLine(pr, false)); n > aboutRunes {
			t.Errorf("%s: the level select's line is %d runes, at most %d fit: %q", pr.Name, n, aboutRunes, aboutLine(pr, false))
		}
		if n := len(phoneAbout(pr)); n > phoneAboutLines {
			t.Errorf("%s: a phone shows %d lines of it, at most %d fit: %q", pr.Name, n, phoneAboutLines, phoneAbout(pr))
		}
	}
}
