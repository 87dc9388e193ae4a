package scenes

import (
	"image"
	"image/color"
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// The help card hides what is under it: beside the text its ground is
// the same over a white screen as over a black one, so no label of the
// battle shows through between the card's lines.
func TestHelpCardOpaque(t *testing.T) {
	env := testEnv(t)
	c := newHelp(env, nil)
	dst := ebiten.NewImage(ScreenWidth, ScreenHeight)
	ground := func(under color.Color, x, y float64) color.Color {
		dst.Fill(under)
		c.Draw(dst)
		x0, y0 := (ScreenWidth-helpW)/2, (ScreenHeight-helpH)/2
		return dst.At(int(x0+x), int(y0+y))
	}
	for _, tc := range []struct {
		name string
		x, y float64
	}{
		{"left margin", 10, helpH / 2},
		{"between the rows and the touch line", helpW / 2, helpH - 60},
	} {
		if white, black := ground(image.White.C, tc.x, tc.y), ground(image.Black.C, tc.x, tc.y); white != black {
			t.Errorf("%s: the card's ground is %v over white, %v over black; want the same", tc.name, white, black)
		}
	}
}

// The help's touch lines speak of the buttons a finger sees, by their
// labels (MENU, the top bar's NEXT, CANCEL, WHY, a replay's PLAY and
// STEP), not of the keys they stand for, which a phone has none of; each
// line fits the card and the last one ends over its edge.
func TestHelpTouchNamesTheButtons(t *testing.T) {
	env := testEnv(t)
	text := strings.Join(touchHelp, " ")
	for _, label := range []string{"MENU", touchNext, touchDeselect, touchCancel, touchWhy, touchPlay, touchStep, "Tap", "Drag", "pinch"} {
		if !strings.Contains(text, label) {
			t.Errorf("the touch help never says %q: %q", label, text)
		}
	}
	for _, key := range []string{"Esc", "Tab", "right click", ": Y", "keys:"} {
		if strings.Contains(text, key) {
			t.Errorf("the touch help speaks of the key %q: %q", key, text)
		}
	}
	for i, l := range touchHelp {
		if w := env.Fonts.Width(l, 15, false); 96+w > helpW-24 {
			t.Errorf("touch line %d is %.0f px wide, past the card's edge: %q", i, w, l)
		}
	}
	if last := helpTouchY + float64(len(touchHelp)-1)*helpTouchLine; last+10 > helpH-4 {
		t.Errorf("the last touch line's centre is %.0f under the card's top, past its foot %.0f", last, helpH)
	}
	if up := helpBlocks()[0]; up.head != "TOUCH" || strings.Join(up.body, " ") != text {
		t.Errorf("the upright card's first block %q %q, want TOUCH and the desktop's lines", up.head, up.body)
	}
}

// The touch help names the top bar's buttons exactly as a finger meets
// them in a battle: every label the bar shows on the player's turn (no
// unit selected, one selected, one aiming) is in the help, and every word
// in capitals the help names is a label the bar shows (or MENU, a
// replay's, or WHY, shown once the computer has given its reasons).
func TestHelpNamesTheBarsLabels(t *testing.T) {
	h, b := settledRange(t)
	shown := map[string]bool{"MENU": true, touchPlay: true, touchStep: true, touchWhy: true}
	look := func() {
		for _, l := range touchLabels(b) {
			shown[l] = true
		}
	}
	h.step(tap(8, 300)...) // a finger: the touch keys show
	look()
	ux, uy := b.ScreenOf(b.State().Unit(1).Pos)
	h.step(tap(ux, uy)...)
	look()
	h.step(systems.KeyIntent('2')) // Attack: aiming
	h.step(tap(8, 300)...)
	look()
	text := strings.Join(touchHelp, " ")
	for l := range shown {
		if !strings.Contains(text, l) {
			t.Errorf("the bar shows %q, the touch help never names it: %q", l, text)
		}
	}
	for _, w := range regexp.MustCompile(`\b[A-Z]{2,}\b`).FindAllString(text, -1) {
		if !shown[w] {
			t.Errorf("the touch help names %q, a button the bar never shows (it shows %v)", w, shown)
		}
	}
	if len(shown) < 6 {
		t.Errorf("the bar showed only %v", shown)
	}
}
