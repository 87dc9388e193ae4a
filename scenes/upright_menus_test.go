package scenes

import (
	"fmt"
	"testing"

	"sightline/match"
	"sightline/systems"
)

// uprightSized fails unless scene s is drawn on env's upright screen,
// and returns its size.
func uprightSized(t *testing.T, env *Env, s Scene) (w, h float64) {
	t.Helper()
	w, h = sceneSize(s)
	if sw, sh := env.Screen(); w != sw || h != sh || w >= h {
		t.Fatalf("%s is drawn %.0f×%.0f, want the upright screen %.0f×%.0f", s.Name(), w, h, sw, sh)
	}
	return w, h
}

// targetButtons returns targets as buttons with no label, for
// checkUpright's sizes, places and overlaps.
func targetButtons(ts []Target) []systems.Button {
	out := make([]systems.Button, len(ts))
	for i, a := range ts {
		out[i] = systems.Button{X: a.X, Y: a.Y, W: a.W, H: a.H, Label: a.Name}
		out[i].Label = ""
	}
	return out
}

// TestUprightSettings: on a phone held upright the settings are laid out
// on the upright screen: every row's label, arrows and Back at least 44
// page pixels, on the screen and apart; every label and value at least
// 12 page pixels, the label left of its value box and the value between
// its arrows; each row's note and where the settings are kept inside the
// screen and under Back. A tap on an arrow steps its value; Back returns.
func TestUprightSettings(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := settingsEnv(t, match.NewStore(t.TempDir()))
			env.Window, env.Portrait, env.Finger = win, true, true
			h := openSettings(t, env)
			s := h.m.Current().(*Settings)
			w, hh := uprightSized(t, env, s)
			k := env.screenScale()
			ts := s.Targets()
			checkUpright(t, "settings targets", env.Fonts, k, w, hh, nil, targetButtons(ts))
			st := env.prefs()
			var lines []textLine
			for i := range settingRows {
				x, y, rw, rh := s.row(i)
				vx, vw := s.valueBox(i)
				aw := s.arrowW(rh)
				l, v := s.uprightRowText(i, st)
				lb, vb := l.box(env.Fonts), v.box(env.Fonts)
				if lb.x < x || lb.x+lb.w > vx-8 || lb.y < y || lb.y+lb.h > y+rh {
					t.Errorf("the label %q %v leaves its room from %.0f to %.0f", l.s, lb, x, vx-8)
				}
				if vb.x < vx+aw || vb.x+vb.w > x+rw-aw || vb.y < y || vb.y+vb.h > y+rh {
					t.Errorf("the value %q %v leaves its room between the arrows %.0f to %.0f", v.s, vb, vx+aw, x+rw-aw)
				}
				if vw <= 2*aw {
					t.Errorf("row %d: no room between the arrows", i)
				}
				lines = append(lines, l, v)
			}
			_, by, _, bh := s.row(len(settingRows))
			for f := 0; f <= len(settingRows); f++ {
				s.focus = f
				note, where, _ := s.footText()
				foot := s.uprightFoot(w, hh, note, where)
				checkUpright(t, fmt.Sprintf("settings, row %d focused", f), env.Fonts, k, w, hh, append(lines, foot...), nil)
				for _, l := range foot {
					if b := l.box(env.Fonts); b.y < by+bh {
						t.Errorf("%q %v runs over Back (to %.0f)", l.s, b, by+bh)
					}
				}
			}
			s.focus = 0
			screenshot(t, h, fmt.Sprintf("upright-settings-%.0f.png", win[1]))
			master := env.prefs().Master
			tapTarget(t, h, ts, "Master volume: less")
			if got := env.prefs().Master; got >= master {
				t.Errorf("a tap on the left arrow left the volume at %.1f (from %.1f)", got, master)
			}
			tapTarget(t, h, ts, "Back")
			h.settle()
			h.want("title")
		})
	}
}
