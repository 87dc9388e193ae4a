package scenes

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/systems"
)

// phoneWindows are pages the size of phones, in page pixels: held
// sideways (the browser smoke test's, and a smaller one), where every
// control must be a fingertip high, and upright, where the page asks for
// the phone to be turned and the layout must merely hold together.
var phoneWindows = [][2]float64{{844, 390}, {740, 360}, {390, 844}}

// phoneTitle is the title opened on a phone's page and settled: its
// scene, the targets it published and the page pixels one of the
// screen's pixels takes there.
type phoneTitle struct {
	env   *Env
	h     *harness
	title *Title
	ts    []Target
	k     float64
}

// openPhoneTitle opens the title on a page of win page pixels (Env.Window)
// and lets it settle.
func openPhoneTitle(t *testing.T, win [2]float64) phoneTitle {
	t.Helper()
	env := testEnv(t)
	env.Window = win
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.settle()
	title := h.m.Current().(*Title)
	return phoneTitle{env: env, h: h, title: title, ts: title.Targets(), k: env.pageScale()}
}

// checkTargets fails when a target is off the screen, smaller than a
// finger needs on a page shown at k page pixels a screen pixel (on a page
// wider than high), or over another target or one of the boxes named in
// others.
func checkTargets(t *testing.T, where string, win [2]float64, ts []Target, others map[string]box) {
	t.Helper()
	if len(ts) == 0 {
		t.Fatalf("%s: no targets", where)
	}
	for i, a := range ts {
		if a.X < 0 || a.Y < 0 || a.X+a.W > ScreenWidth || a.Y+a.H > ScreenHeight {
			t.Errorf("%s: %s %q %v leaves the screen", where, a.Kind, a.Name, a)
		}
		if k := min(win[0]/ScreenWidth, win[1]/ScreenHeight); win[0] > win[1] && (a.H*k < 44 || a.W*k < 44) {
			t.Errorf("%s: %s %q is %.0f×%.0f page pixels, want at least 44 high and wide", where, a.Kind, a.Name, a.W*k, a.H*k)
		}
		ab := box{a.X, a.Y, a.W, a.H}
		for _, b := range ts[i+1:] {
			if ab.overlap(box{b.X, b.Y, b.W, b.H}) > 0 {
				t.Errorf("%s: %q %v overlaps %q %v", where, a.Name, ab, b.Name, box{b.X, b.Y, b.W, b.H})
			}
		}
		for name, o := range others {
			if ab.overlap(o) > 0 {
				t.Errorf("%s: %q %v overlaps the %s %v", where, a.Name, ab, name, o)
			}
		}
	}
}

// TestPhoneTitleTouchable: on a phone's page the title's items and its
// Help button are at least 44 page pixels high, on the screen, apart,
// under the name, with their text inside them; a tap on a target by its
// name does what it says.
func TestPhoneTitleTouchable(t *testing.T) {
	for _, win := range phoneWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			pt := openPhoneTitle(t, win)
			env, h, title, ts, k := pt.env, pt.h, pt.title, pt.ts, pt.k
			if len(ts) != len(title.menu.Items)+1 || ts[len(ts)-1].Name != "Help" {
				t.Fatalf("targets %v: want every item and Help", ts)
			}
			// The name (centred 8 under nameY) starts on the screen and
			// the tagline under it ends above the menu: a line centred
			// at y takes half its size each way.
			name, tag, down := title.nameSizes()
			if y := title.nameY() + down + 0.5*tag; y > title.menu.Top {
				t.Errorf("the tagline ends at %.0f, under the menu's top %.0f", y, title.menu.Top)
			}
			if y := title.nameY() + 8 - 0.5*name; y < 0 {
				t.Errorf("the name starts at %.0f, above the screen", y)
			}
			if y := title.nameY() + 8 + 0.5*name; y > title.nameY()+down-0.5*tag {
				t.Errorf("the name ends at %.0f, over the tagline", y)
			}
			checkTargets(t, "title", win, ts, nil)
			buttons := append(title.menu.Buttons(ScreenWidth, ScreenHeight), title.helpButton())
			for _, b := range buttons {
				if over := b.Overflow(env.Fonts); over > 0 {
					t.Errorf("%q (%q) runs %.0f px past its button", b.Label, b.Key, over)
				}
				if b.Label != itemHelp && win[0] > win[1] && (b.Size*k < 14 || b.KeySize*k < 9) {
					t.Errorf("%q: label %.0f and note %.0f px on the page, too small to read", b.Label, b.Size*k, b.KeySize*k)
				}
			}
			screenshot(t, h, fmt.Sprintf("phone-title-%.0f.png", win[0]))
			tapTarget(t, h, ts, "Help")
			if !h.helpUp() {
				t.Fatal("a tap on Help showed no help")
			}
			h.step(tap(640, 360)...)
			tapTarget(t, h, title.Targets(), "Hot-seat")
			h.settle()
			h.want("levels")
		})
	}
}

// tapTarget taps the centre of the target named name.
func tapTarget(t *testing.T, h *harness, ts []Target, name string) {
	t.Helper()
	for _, x := range ts {
		if x.Name == name {
			h.step(tap(x.X+x.W/2, x.Y+x.H/2)...)
			return
		}
	}
	t.Fatalf("no target %q in %v", name, ts)
}

// TestPhoneLevelSelectTouchable: on a phone's page the level select's
// rows, difficulty buttons and Back are at least 44 page pixels high, on
// the screen and apart; the card, the notes under the list and the
// heading keep clear of them; every level's name fits its row; a first
// tap on a row shows its card, a second starts it.
func TestPhoneLevelSelectTouchable(t *testing.T) {
	for _, win := range phoneWindows {
		for _, campaign := range []bool{false, true} {
			t.Run(fmt.Sprintf("%.0fx%.0f campaign %v", win[0], win[1], campaign), func(t *testing.T) {
				ls, h := phoneLevelSelect(t, win, campaign)
				env := ls.env
				ts := ls.Targets()
				if n := len(ls.entries) + len(ls.profiles) + 1; len(ts) != n || len(ls.entries) < 8 {
					t.Fatalf("%d targets for %d levels: want every level, difficulty and Back", len(ts), len(ls.entries))
				}
				about, help := ls.phoneNotes()
				aboutY := ls.phoneListBottom() + 20
				others := map[string]box{
					"card":            {phoneCardX, phoneListY, phoneCardW, ScreenHeight - 12 - phoneListY},
					"heading":         {phoneListX, phoneTop, env.Fonts.Width("SELECT A LEVEL", 40, true), 50},
					"players line":    {phoneListX, phoneTop + 56, env.Fonts.Width(ls.playersLine(), phoneSmall, true), phoneSmall},
					"computer's note": {phoneListX, aboutY, 1, float64(len(about)) * phoneLine},
					"campaign note":   {phoneListX, aboutY + float64(len(about))*phoneLine, 1, float64(len(help)) * phoneLine},
				}
				checkTargets(t, "level select", win, ts, others)
				if end := aboutY + float64(len(about)+len(help))*phoneLine; end > ScreenHeight-12 {
					t.Errorf("the notes under the list (from %.0f, %d lines) run to %.0f, off the screen", aboutY, len(about)+len(help), end)
				}
				for _, l := range append(about, help...) {
					if w := env.Fonts.Width(l, phoneSmall, false); phoneListX+w > phoneCardX-8 {
						t.Errorf("the line %q (%.0f px) runs into the card", l, w)
					}
				}
				for i, e := range ls.entries {
					_, _, w, _ := ls.rowRect(i)
					name := e.Name
					if campaign {
						name = fmt.Sprint(i+1) + ". " + name
					}
					if size := systems.FitSize(env.Fonts, name, w-28, phoneName, 24); env.Fonts.Width(name, size, true) > w-28 {
						t.Errorf("%q does not fit its %.0f px row", name, w)
					}
				}
				screenshot(t, h, fmt.Sprintf("phone-levels-%.0f-%v.png", win[0], campaign))
				if campaign {
					return
				}
				tapTarget(t, h, ts, "Hard")
				if ls.difficulty() != "hard" {
					t.Errorf("a tap on Hard chose %q", ls.difficulty())
				}
				tapTarget(t, h, ts, "Crossroads")
				h.want("levels")
				tapTarget(t, h, ts, "Crossroads")
				h.settle()
				h.want("battle")
			})
		}
	}
}

// TestPhoneTitleClearOfImport: on a phone's page the sight line struck
// through the title's name, its circles included, stays clear of the
// page's Import button at the page's top right corner (wasm/index.html's
// #import: 10 page pixels from the edges and, on a small page, at most
// 100 wide and 44 high), and keeps off the name itself.
func TestPhoneTitleClearOfImport(t *testing.T) {
	for _, win := range phoneWindows[:2] {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			pt := openPhoneTitle(t, win)
			env, title, k := pt.env, pt.title, pt.k
			// The button's rectangle in the screen's pixels: the page
			// centres the screen, shown k page pixels a pixel.
			offX, offY := (win[0]-ScreenWidth*k)/2, (win[1]-ScreenHeight*k)/2
			button := box{(win[0] - 10 - 100 - offX) / k, (10 - offY) / k, 100 / k, 44 / k}
			bx, by, rx, ry := title.sightMark()
			line := box{bx - markR - 2, min(by, ry) - markR - 2, rx - bx + 2*markR + 4, math.Abs(by-ry) + 2*markR + 4}
			if line.overlap(button) > 0 {
				t.Errorf("the title's sight line %v runs under the page's Import button %v", line, button)
			}
			name, _, _ := title.nameSizes()
			nw := env.Fonts.Width("SIGHTLINE", name, true)
			if cx := float64(ScreenWidth) / 2; bx+markR >= cx-nw/2 || rx-markR <= cx+nw/2 {
				t.Errorf("the sight line's ends %.0f and %.0f are on the name (%.0f to %.0f)", bx, rx, cx-nw/2, cx+nw/2)
			}
		})
	}
}

// TestPhoneLevelSelectSaysItOnce: on a phone's page held sideways the
// level select says how to play once, on the chosen level's card, not
// again at the foot of the list (tour 34 said "Tap a level…" there and
// "Tap it again to deploy" on the card, an empty gap between); and the
// difficulty buttons' label is as large and bright as their labels,
// clear of them, the heading and the players line.
func TestPhoneLevelSelectSaysItOnce(t *testing.T) {
	for _, win := range phoneWindows[:2] {
		for _, campaign := range []bool{false, true} {
			t.Run(fmt.Sprintf("%.0fx%.0f campaign %v", win[0], win[1], campaign), func(t *testing.T) {
				ls, _ := phoneLevelSelect(t, win, campaign)
				env := ls.env
				about, help := ls.phoneNotes()
				for _, l := range append(about, help...) {
					if strings.Contains(strings.ToLower(l), "tap") {
						t.Errorf("under the list %q says how to play again: the card says %q", l, phoneDeploy)
					}
				}
				l := ls.phoneDiffLabel()
				bs := ls.difficultyButtons()
				if l.size < bs[0].Size || l.colour != systems.ColorText {
					t.Errorf("the label %q is %.0f px in %v, want %.0f px (its buttons') in %v", l.s, l.size, l.colour, bs[0].Size, systems.ColorText)
				}
				lb := l.box(env.Fonts)
				heading := "SELECT A LEVEL"
				if campaign {
					heading = "CAMPAIGN"
				}
				others := map[string]box{
					"heading":      {phoneListX, phoneTop, env.Fonts.Width(heading, 40, true), 50},
					"players line": {phoneListX, phoneTop + 56, env.Fonts.Width(ls.playersLine(), phoneSmall, true), phoneSmall},
				}
				for _, b := range bs {
					others["button "+b.Label] = box{b.X, b.Y, b.W, b.H}
				}
				for name, o := range others {
					if lb.overlap(o) > 0 {
						t.Errorf("the label %v overlaps the %s %v", lb, name, o)
					}
				}
			})
		}
	}
}

// phoneLevelSelect opens the level select (the campaign's, or a battle
// against the computer's) in window win, settled, with the harness
// driving it.
func phoneLevelSelect(t *testing.T, win [2]float64, campaign bool) (*LevelSelect, *harness) {
	t.Helper()
	env := testEnv(t)
	env.Levels = levels.Embedded()
	env.Store = match.NewStore(t.TempDir())
	env.Window = win
	var ls *LevelSelect
	h := newHarness(t, env, func(e *Env) Scene {
		if campaign {
			ls = NewCampaignSelect(e)
		} else {
			ls = NewLevelSelectFor(e, [2]Player{Human, Computer})
		}
		return ls
	})
	h.settle()
	return ls, h
}
