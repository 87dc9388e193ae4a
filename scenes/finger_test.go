package scenes

import (
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
	"sightline/systems"
)

// A phone's page says its pointer is a finger before the first tap
// (Env.Finger): every screen names touch controls from its first frame,
// and the mouse, once used, takes the hints back.
func TestFingerFirstShowsTouchHints(t *testing.T) {
	for _, tc := range []struct {
		name   string
		finger bool
		want   string // how the battle's hint line starts
	}{
		{"mouse", false, "Click one of your units"},
		{"finger", true, "Tap one of your units"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testEnv(t)
			env.Finger = tc.finger
			title := NewTitle(env)
			if title.helpShown() != tc.finger {
				t.Errorf("title: Help button shown %v, want %v", title.helpShown(), tc.finger)
			}
			ls := NewLevelSelect(env)
			if ls.backShown() != tc.finger {
				t.Errorf("level select: Back button shown %v, want %v", ls.backShown(), tc.finger)
			}
			s := ruletest.Wood(ruletest.Troopers(t, rangeMap), "picket fence")
			b := NewBattle(env, SetupFromState("Range", s))
			h := newHarness(t, env, func(*Env) Scene { return b })
			h.settle()
			for i := 0; i < 50; i++ {
				h.step()
			}
			h.draw()
			if b.TouchMode() != tc.finger || !strings.HasPrefix(b.ui.hint, tc.want) {
				t.Fatalf("battle before any pointer: touch mode %v, hint %q; want %v, %q", b.TouchMode(), b.ui.hint, tc.finger, tc.want)
			}
			if tc.finger && len(touchLabels(b)) == 0 {
				t.Error("a finger first: the HUD shows no touch keys")
			}
			// The mouse moved: the keys' hints come back, and the next
			// screen starts with them.
			x, y := b.ScreenOf(rules.Point{X: 6, Y: 0})
			h.step(systems.Intent{Kind: systems.IntentHover, X: x, Y: y})
			h.draw()
			if b.TouchMode() || env.Finger {
				t.Errorf("after the mouse moved: touch mode %v, env finger %v", b.TouchMode(), env.Finger)
			}
			if NewTitle(env).helpShown() {
				t.Error("after the mouse moved: the next title shows the touch Help button")
			}
		})
	}
}
