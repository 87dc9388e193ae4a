package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// The title's Help button takes no focus, so it is filled as the menu's
// items without the focus: drawn brighter it would look chosen. On every
// title that shows it (a finger on the desktop, a phone's page sideways,
// one held upright with the screen following it) the pixel just inside
// its left end is the one inside an unfocused item's.
func TestTitleHelpLooksUnfocused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		win    [2]float64
		finger bool
	}{
		{"desktop, finger", [2]float64{}, true},
		{"phone sideways", [2]float64{844, 390}, false},
		{"phone upright", [2]float64{390, 844}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testEnv(t)
			switch {
			case tc.win[1] > tc.win[0]:
				env = uprightEnv(t, tc.win)
			case tc.win != [2]float64{}:
				env.Window = tc.win
			}
			title := NewTitle(env)
			title.touch = tc.finger
			w, h := title.screenSize()
			dst := ebiten.NewImage(int(w), int(h))
			title.Draw(dst)
			if !title.helpShown() {
				t.Fatal("the title shows no Help button")
			}
			items := title.menu.Buttons(w, h)
			var item systems.Button
			for i, b := range items {
				if i != title.menu.Focus() && !b.Disabled {
					item = b
					break
				}
			}
			help := title.helpButton()
			inside := func(b systems.Button) (r, g, bl, a uint32) {
				return dst.At(int(b.X+b.H/4+4), int(b.Y+b.H/2)).RGBA()
			}
			hr, hg, hb, _ := inside(help)
			ir, ig, ib, _ := inside(item)
			if hr != ir || hg != ig || hb != ib {
				t.Errorf("HELP is filled %02x%02x%02x, an unfocused item (%q) %02x%02x%02x: want the same",
					hr>>8, hg>>8, hb>>8, item.Label, ir>>8, ig>>8, ib>>8)
			}
		})
	}
}
