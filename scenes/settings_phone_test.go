package scenes

import (
	"fmt"
	"testing"

	"sightline/match"
)

// TestPhoneSettingsTouchable: on a phone's page every settings row, its
// two arrows and Back are at least 44 page pixels high and wide, on the
// screen and apart; every label and value fits its place; the heading
// and the note keep above the rows; a tap on an arrow steps its value,
// a tap on a label steps it on, a tap on Back returns.
func TestPhoneSettingsTouchable(t *testing.T) {
	for _, win := range phoneWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := settingsEnv(t, match.NewStore(t.TempDir()))
			env.Window = win
			h := openSettings(t, env)
			s := h.m.Current().(*Settings)
			ts := s.Targets()
			if len(ts) != 3*len(settingRows)+1 {
				t.Fatalf("%d targets: want each row's label and arrows, and Back", len(ts))
			}
			_, top, _, _ := s.row(0)
			others := map[string]box{
				"heading": {0, 0, ScreenWidth, 36 + 0.75*phoneSetHead},
				"note":    {0, phoneSetNoteY - 0.75*phoneSetNote, ScreenWidth, 1.5 * phoneSetNote},
				"kept":    {0, setKeptY - 0.75*phoneSetKept, ScreenWidth, 1.5 * phoneSetKept},
			}
			checkTargets(t, "settings", win, ts, others)
			if others["note"].y+others["note"].h > top {
				t.Errorf("the note (to %.0f) runs into the rows (from %.0f)", others["note"].y+others["note"].h, top)
			}
			st := env.prefs()
			for i, r := range settingRows {
				x, _, _, h := s.row(i)
				vx, vw := s.valueBox(i)
				if w := env.Fonts.Width(r.label, 20, true); x+20+w > vx-8 {
					t.Errorf("the label %q runs into its value (%.0f px for %.0f)", r.label, w, vx-x-28)
				}
				if w := env.Fonts.Width(r.value(st), 18, true); w > vw-6-2*s.arrowW(h) {
					t.Errorf("the value %q (%.0f px) runs into its arrows", r.value(st), w)
				}
			}
			screenshot(t, h, fmt.Sprintf("phone-settings-%.0f.png", win[0]))

			master := env.prefs().Master
			tapTarget(t, h, ts, "Master volume: less")
			if got := env.prefs().Master; got >= master {
				t.Errorf("a tap on the left arrow left the volume at %.1f (from %.1f)", got, master)
			}
			tapTarget(t, h, ts, "Master volume: more")
			if got := env.prefs().Master; got != master {
				t.Errorf("a tap on the right arrow put the volume at %.1f, want %.1f", got, master)
			}
			skip := env.prefs().SkipAnimations
			tapTarget(t, h, ts, "Skip animations")
			if env.prefs().SkipAnimations == skip {
				t.Error("a tap on the Skip animations row did not change it")
			}
			tapTarget(t, h, ts, "Back")
			h.settle()
			h.want("title")
		})
	}
}
