package scenes

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"sightline/match"
	"sightline/netplay"
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

// checkMenuUpright fails when menu m, laid out on the w×h upright
// screen at k page pixels a pixel, is not one a finger can use: its
// items (checkUpright), its title and each line of its text at least 12
// page pixels and inside the screen.
func checkMenuUpright(t *testing.T, where string, f *systems.Fonts, k, w, h float64, m *systems.Menu) {
	t.Helper()
	if size := 15 * m.Big * k; size < 12 {
		t.Errorf("%s: its text is %.1f page pixels, want at least 12", where, size)
	}
	for _, l := range strings.Split(m.Text, "\n") {
		if lw := f.Width(l, 15*m.Big, false); lw > w-40 {
			t.Errorf("%s: %q is %.0f wide on a %.0f screen", where, l, lw, w)
		}
	}
	if tw := f.Width(m.Title, 28*m.Big, true); tw > w-40 {
		t.Errorf("%s: the title %q is %.0f wide on a %.0f screen", where, m.Title, tw, w)
	}
	if len(m.Items) > 0 {
		checkUpright(t, where, f, k, w, h, nil, m.Buttons(w, h))
	}
}

// TestUprightLoadAndResuming: on a phone held upright the load screen
// is laid out on the upright screen, a full list of saves (one that
// cannot be read among them) and Back each at least 44 page pixels and
// apart, their labels and notes inside them; a tap on a save resumes it
// on a resuming screen laid out upright too, and Back returns.
func TestUprightLoadAndResuming(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := uprightEnv(t, win)
			env.Store = match.NewStore(t.TempDir())
			r := golden(t, "glasshouse")
			r.Sides = [2]string{"human", "human"}
			for i := range maxLoadItems - 1 {
				r.Saved = time.Date(2026, 11, 28, 15, i, 0, 0, time.UTC).Format(time.RFC3339)
				if err := env.Store.Put(fmt.Sprintf("saves/s%d", i), r); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(env.Store.Where("saves/broken"), []byte(`{"format": 1, "lev`), 0o644); err != nil {
				t.Fatal(err)
			}
			l := NewLoad(env, nil)
			h := newHarness(t, env, func(*Env) Scene { return l })
			h.settle()
			uprightSized(t, env, l)
			w, hh := l.fit() // as Update and Draw lay it out
			if n := len(l.menu.Items); n != maxLoadItems+1 || l.menu.Items[n-1].Label != "Back" || !l.menu.Items[n-2].Disabled {
				t.Fatalf("items %+v: want %d saves, the last unreadable, and Back", l.menu.Items, maxLoadItems)
			}
			checkMenuUpright(t, "load", env.Fonts, env.screenScale(), w, hh, &l.menu)
			screenshot(t, h, fmt.Sprintf("upright-load-%.0f.png", win[1]))

			x, y := l.menu.ItemAt(0, w, hh)
			h.step(tap(x, y)...)
			h.settle()
			if n := h.m.Current().Name(); n != "resuming" && n != "battle" {
				t.Fatalf("a tap on a save went to %q", n)
			}
			rs, err := NewResuming(env, r, nil)
			if err != nil {
				t.Fatal(err)
			}
			rs.budget = time.Nanosecond // a command a frame: the screen stays up
			h = newHarness(t, env, func(*Env) Scene { return rs })
			h.step()
			h.want("resuming")
			w, hh = uprightSized(t, env, rs)
			fitMenu(&rs.menu, env.Fonts, env.screenScale(), w, hh, rs.text)
			if !strings.Contains(rs.menu.Text, "re-playing") {
				t.Fatalf("the resuming screen says %q", rs.menu.Text)
			}
			checkMenuUpright(t, "resuming", env.Fonts, env.screenScale(), w, hh, &rs.menu)
			screenshot(t, h, fmt.Sprintf("upright-resuming-%.0f.png", win[1]))
		})
	}
	env := uprightEnv(t, uprightWindows[0])
	l := NewLoad(env, nil)
	h := newHarness(t, env, func(*Env) Scene { return l })
	h.settle()
	w, hh := l.fit()
	x, y := l.menu.ItemAt(len(l.menu.Items)-1, w, hh)
	h.step(tap(x, y)...)
	h.settle()
	h.want("title")
}

// TestUprightJoining: on a phone held upright the screen joining a match
// is laid out on the upright screen, its heading, match and a long
// failure wrapped, at least 12 page pixels, inside the screen and clear
// of Back, which a tap takes to the title.
func TestUprightJoining(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := uprightEnv(t, win)
			j := NewJoining(env, netplay.Link{Server: "http://127.0.0.1:1", Match: "m7", Seat: "s"})
			defer env.closeOnline()
			h := newHarness(t, env, func(*Env) Scene { return j })
			h.settle()
			j.status, j.failed = "The server refused the seat: it is held by another player who joined from another device before you did.", true
			w, hh := uprightSized(t, env, j)
			lines := j.uprightLines(w, hh)
			if len(lines) < 4 {
				t.Fatalf("lines %v: want the heading, the match and the failure over two lines", lines)
			}
			checkUpright(t, "joining", env.Fonts, env.screenScale(), w, hh, lines, []systems.Button{j.uprightBack(w, hh)})
			screenshot(t, h, fmt.Sprintf("upright-joining-%.0f.png", win[1]))
			j.failed = false // Back works while it connects too
			b := j.uprightBack(w, hh)
			h.step(tap(b.X+b.W/2, b.Y+b.H/2)...)
			h.settle()
			h.want("title")
		})
	}
}

// TestUprightOnlineMenu: on a phone held upright "Play online" is laid
// out on the upright screen with the most it shows (the match just made,
// five held matches, the link to send and a note): its fields and items
// at least 44 page pixels, on the screen and apart, their labels inside
// them, the fields' labels, the link and the note at least 12 page
// pixels, inside the screen and clear of every control. A tap on the
// level shows the next; a tap on Back returns to the title.
func TestUprightOnlineMenu(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := uprightEnv(t, win)
			o := NewOnlineMenu(env)
			h := newHarness(t, env, func(*Env) Scene { return o })
			h.settle()
			for i := range 6 {
				id := fmt.Sprintf("m%d", i)
				o.book.Seats = append(o.book.Seats, heldSeat{Link: netplay.Link{Server: DefaultServer, Match: id, Seat: "s" + id}, Side: "blue", Level: "the-long-river-crossing"})
				o.status[id] = netplay.Status{Match: id, Side: "blue", ToMove: "blue", Turn: 12}
			}
			o.mine = &o.book.Seats[0]
			o.link = netplay.Link{Server: "https://sightline.example.org:8443", Match: "4f9c2a7e1b3d5c6f", Seat: "8e7d6c5b4a392817"}.String("https://sightline.example.org/play/")
			o.note = "Your matches on http://127.0.0.1:8090: the server did not answer in time."
			o.build()
			h.step()
			w, hh := uprightSized(t, env, o)
			if n := len(o.menu.Items); n < 6 {
				t.Fatalf("%d items: want the level, two creates, the match made, held matches and Back", n)
			}
			bs := o.menu.Buttons(w, hh)
			for _, fl := range []*systems.TextField{&o.fields.server, &o.fields.join} {
				bs = append(bs, systems.Button{X: fl.X, Y: fl.Y, W: fl.W, H: fl.H})
			}
			server, join := o.fieldLabels()
			var lines []textLine
			for _, fl := range []struct {
				s string
				t *systems.TextField
			}{{server, &o.fields.server}, {join, &o.fields.join}} {
				lines = append(lines, textLine{s: fl.s, size: uprightText, x: fl.t.X - 14 - env.Fonts.Width(fl.s, uprightText, false), y: fl.t.Y + fl.t.H/2, left: true})
				if hw := env.Fonts.Width(fl.t.Hint, fl.t.Size, false); hw > fl.t.W-24 {
					t.Errorf("the hint %q is %.0f wide in a %.0f field", fl.t.Hint, hw, fl.t.W)
				}
			}
			foot := o.uprightFoot(w)
			if len(foot) < 4 {
				t.Fatalf("the foot %v: want the link, said and broken over lines, and the note", foot)
			}
			lines = append(lines, foot...)
			lines = append(lines, textLine{s: "PLAY ONLINE", size: upOnHead, bold: true, x: w / 2, y: upOnHeadY})
			checkUpright(t, "online", env.Fonts, env.screenScale(), w, hh, lines, bs)
			screenshot(t, h, fmt.Sprintf("upright-online-%.0f.png", win[1]))

			first := o.level
			x, y := o.menu.ItemAt(0, w, hh)
			h.step(tap(x, y)...)
			if o.level == first || o.menu.Items[0].Label != "Level: "+env.levelTitle(o.levels[o.level]) {
				t.Errorf("a tap on the level left it at %q", o.levels[first])
			}
			x, y = o.menu.ItemAt(len(o.menu.Items)-1, w, hh)
			h.step(tap(x, y)...)
			h.settle()
			h.want("title")
		})
	}
}
