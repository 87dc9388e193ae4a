package scenes

import (
	"fmt"
	"testing"
)

// TestUprightTitleTouchable: on a phone held upright the screen is shown
// at about a third of its size; the title's items and Help are still at
// least 44 page pixels high and wide, their labels at least 10 page
// pixels and inside their buttons, and the name keeps above them.
func TestUprightTitleTouchable(t *testing.T) {
	for _, win := range [][2]float64{{390, 844}, {412, 915}, {375, 667}} {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			pt := openPhoneTitle(t, win)
			env, h, title, ts, k := pt.env, pt.h, pt.title, pt.ts, pt.k
			if len(ts) != len(title.menu.Items)+1 {
				t.Fatalf("targets %v: want every item and Help", ts)
			}
			checkTargets(t, "upright title", win, ts, nil)
			for _, a := range ts {
				if a.H*k < 44 || a.W*k < 44 {
					t.Errorf("%q is %.0f×%.0f page pixels, want at least 44", a.Name, a.W*k, a.H*k)
				}
			}
			for _, b := range append(title.menu.Buttons(ScreenWidth, ScreenHeight), title.helpButton()) {
				if over := b.Overflow(env.Fonts); over > 0 {
					t.Errorf("%q runs %.0f px past its button", b.Label, over)
				}
				if b.Size*k < 10 || b.Key != "" {
					t.Errorf("%q: label %.1f page px, note %q: want at least 10 and no note", b.Label, b.Size*k, b.Key)
				}
			}
			name, _, _ := title.nameSizes()
			if y := title.nameY() + 8 + 0.5*name; y > title.menu.Top {
				t.Errorf("the name ends at %.0f, under the menu's top %.0f", y, title.menu.Top)
			}
			tapTarget(t, h, ts, "Settings")
			h.settle()
			h.want("settings")
		})
	}
}
