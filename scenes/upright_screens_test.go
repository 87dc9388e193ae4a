package scenes

import (
	"fmt"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// uprightWindows are phones' pages held upright, in page pixels.
var uprightWindows = [][2]float64{{390, 844}, {412, 915}, {375, 667}}

// checkUpright fails when a screen laid out upright on a w×h screen,
// shown at k page pixels a screen pixel, is not one a finger can use:
// a line of text under 12 page pixels, off the screen or over another
// line or a button; a button under 44 page pixels high or wide, off the
// screen, over another or with its label past its edges.
func checkUpright(t *testing.T, where string, f *systems.Fonts, k, w, h float64, lines []textLine, buttons []systems.Button) {
	t.Helper()
	if len(lines) == 0 && len(buttons) == 0 {
		t.Fatalf("%s: nothing laid out", where)
	}
	in := func(b box) bool { return b.x >= 0 && b.y >= 0 && b.x+b.w <= w && b.y+b.h <= h }
	for i, l := range lines {
		lb := l.box(f)
		if l.size*k < 12 {
			t.Errorf("%s: %q is %.1f page pixels, want at least 12", where, l.s, l.size*k)
		}
		if !in(lb) {
			t.Errorf("%s: %q %v leaves the %.0f×%.0f screen", where, l.s, lb, w, h)
		}
		for _, o := range lines[i+1:] {
			if lb.overlap(o.box(f)) > 0 {
				t.Errorf("%s: %q %v overlaps %q %v", where, l.s, lb, o.s, o.box(f))
			}
		}
		for _, b := range buttons {
			if bb := (box{b.X, b.Y, b.W, b.H}); lb.overlap(bb) > 0 {
				t.Errorf("%s: %q %v overlaps the button %q %v", where, l.s, lb, b.Label, bb)
			}
		}
	}
	for i, b := range buttons {
		bb := box{b.X, b.Y, b.W, b.H}
		if b.W*k < 44 || b.H*k < 44 {
			t.Errorf("%s: %q is %.0f×%.0f page pixels, want at least 44", where, b.Label, b.W*k, b.H*k)
		}
		if !in(bb) {
			t.Errorf("%s: %q %v leaves the %.0f×%.0f screen", where, b.Label, bb, w, h)
		}
		if over := b.Overflow(f); over > 0 {
			t.Errorf("%s: %q runs %.0f px past its button", where, b.Label, over)
		}
		for _, o := range buttons[i+1:] {
			if bb.overlap(box{o.X, o.Y, o.W, o.H}) > 0 {
				t.Errorf("%s: %q overlaps %q", where, b.Label, o.Label)
			}
		}
	}
}

// uprightEnv is an env for a phone's page of win page pixels held
// upright, the screen following it and a finger for its pointer.
func uprightEnv(t *testing.T, win [2]float64) *Env {
	t.Helper()
	env := testEnv(t)
	env.Window, env.Portrait, env.Finger = win, true, true
	return env
}

// TestUprightResult: on a phone held upright the result screen is laid
// out on the upright screen, not drawn 1280×720 and shrunk to a third:
// a campaign win's longest text (score, verdict, why, survivors) is
// at least 12 page pixels, inside the screen and clear of the stacked
// buttons, each at least 44 page pixels, the text and the buttons
// centred as one with no gap over the buttons; a tap on Level select
// goes there.
func TestUprightResult(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := uprightEnv(t, win)
			r := NewResult(env, rules.SideBlue, "Crossroads", 12)
			r.again = rematch{level: match.LevelRef{File: "maps/crossroads.tmx"}, players: [2]Player{Human, Computer}, profile: "normal", campaign: true}
			r.record = &match.Replay{}
			r.Why = "Red has no soldier left standing who can fight on."
			r.Left = []string{"Alvarez", "Brandt", "Okafor", "Lindqvist"}
			r.Campaign = &CampaignScore{Won: true, Score: 1840, Best: 1840, NewBest: true, Unlocked: "The long road to the river crossing", Next: "maps/riverside.tmx"}
			r.layout()
			h := newHarness(t, env, func(*Env) Scene { return r })
			h.settle()
			h.draw()
			w, hh := sceneSize(r)
			if sw, sh := env.Screen(); w != sw || hh != sh || w >= hh {
				t.Fatalf("the result is drawn %.0f×%.0f, want the upright screen %.0f×%.0f", w, hh, sw, sh)
			}
			lines, band := r.uprightLines(w, hh)
			var bs []systems.Button
			for _, b := range r.buttons {
				bs = append(bs, b.Button)
			}
			if len(bs) != 4 {
				t.Fatalf("buttons %v: want Next level, Retry, Watch replay and Level select", bs)
			}
			checkUpright(t, "result", env.Fonts, env.screenScale(), w, hh, lines, bs)
			if band[0] < 0 || band[1] > bs[0].Y {
				t.Errorf("the verdict's band %v runs under the buttons from %.0f", band, bs[0].Y)
			}
			end := band[1]
			for _, l := range lines {
				b := l.box(env.Fonts)
				end = max(end, b.y+b.h)
			}
			if gap := bs[0].Y - end; gap > 80 {
				t.Errorf("a gap of %.0f px between the text (to %.0f) and the buttons (from %.0f), want at most 80", gap, end, bs[0].Y)
			}
			if above, below := lines[0].box(env.Fonts).y, hh-(bs[len(bs)-1].Y+bs[len(bs)-1].H); above-below > 80 || below-above > 80 {
				t.Errorf("%.0f px above the text, %.0f under the buttons: want the two centred", above, below)
			}
			screenshot(t, h, fmt.Sprintf("upright-result-%.0f.png", win[1]))
			for i := 0; i < 40; i++ { // past the guard against held keys
				h.step()
			}
			last := bs[len(bs)-1]
			h.step(tap(last.X+last.W/2, last.Y+last.H/2)...)
			h.settle()
			h.want("levels")
		})
	}
}

// TestUprightHandover: on a phone held upright the handover between two
// players is laid out on the battle's upright screen: whose move it is,
// who looks away, the level and turn and how to go on (close under
// them), each at least 12 page pixels, inside the screen and apart; a
// tap goes on.
func TestUprightHandover(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			h, b := uprightBattle(t, win)
			ho := &handover{b: b, side: rules.SideRed, up: 1}
			h.m.Push(ho)
			h.draw()
			w, hh := sceneSize(ho)
			if sw, sh := b.env.Screen(); w != sw || hh != sh || w >= hh {
				t.Fatalf("the handover is drawn %.0f×%.0f, want the upright screen %.0f×%.0f", w, hh, sw, sh)
			}
			lines, band := ho.uprightLines(w, hh)
			if len(lines) < 4 {
				t.Fatalf("lines %v: want who moves, who looks away, the turn and how to go on", lines)
			}
			checkUpright(t, "handover", b.env.Fonts, b.env.screenScale(), w, hh, lines, nil)
			last, before := lines[len(lines)-1].box(b.env.Fonts), lines[len(lines)-2].box(b.env.Fonts)
			if gap := last.y - (before.y + before.h); lines[len(lines)-1].s != "TAP TO GO ON" || gap > 120 {
				t.Errorf("%q %.0f px under the text: want how to go on at most 120 px under it", lines[len(lines)-1].s, gap)
			}
			if band[0] < 0 || band[1] > hh {
				t.Errorf("the band %v leaves the screen", band)
			}
			screenshot(t, h, fmt.Sprintf("upright-handover-%.0f.png", win[1]))
			h.step(tap(w/2, hh/2)...)
			if _, up := h.handover(); up {
				t.Error("a tap left the handover up")
			}
		})
	}
}

// TestUprightHelp: on a phone held upright the help card, opened over
// the title, is laid out on the upright screen in pages: every page's
// text at least 12 page pixels, inside the screen and clear of the Back,
// Close and Next buttons, each at least 44 page pixels; every action is
// on a page; Next turns the page and Close closes the card.
func TestUprightHelp(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := uprightEnv(t, win)
			h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
			h.settle()
			h.step(systems.Intent{Kind: systems.IntentHelp})
			c, ok := h.m.Top().(*helpCard)
			if !ok {
				t.Fatal("F1 opened no help card")
			}
			h.draw()
			w, hh := sceneSize(c)
			if sw, sh := env.Screen(); w != sw || hh != sh || w >= hh {
				t.Fatalf("the card is drawn %.0f×%.0f, want the upright screen %.0f×%.0f", w, hh, sw, sh)
			}
			pages := c.uprightPages(w, hh)
			if len(pages) < 2 {
				t.Fatalf("%d pages: want the card shared over several", len(pages))
			}
			said := map[string]bool{}
			k := env.screenScale()
			for i, pg := range pages {
				c.up = i
				bs := c.uprightButtons(w, hh, len(pages))
				checkUpright(t, fmt.Sprintf("page %d", i+1), env.Fonts, k, w, hh, append(pg, c.uprightTitle(w, len(pages))), bs)
				for _, l := range pg {
					said[l.s] = true
				}
			}
			for _, a := range actionRows() {
				if !said[a.label+" · "+a.cost] {
					t.Errorf("the action %q is on no page", a.label)
				}
			}
			c.up = 0
			screenshot(t, h, fmt.Sprintf("upright-help-%.0f.png", win[1]))
			bs := c.uprightButtons(w, hh, len(pages))
			h.step(tap(bs[2].X+bs[2].W/2, bs[2].Y+bs[2].H/2)...)
			if c.up != 1 || !h.helpUp() {
				t.Fatalf("Next: page %d, card up %v; want page 2", c.up+1, h.helpUp())
			}
			screenshot(t, h, fmt.Sprintf("upright-help-%.0f-2.png", win[1]))
			h.step(tap(bs[1].X+bs[1].W/2, bs[1].Y+bs[1].H/2)...)
			if h.helpUp() {
				t.Error("Close left the card up")
			}
		})
	}
}

// TestUprightBriefingAndPauseMenu: in a battle held upright the Crossroads
// briefing's lines, title and prompt are at least 12 page pixels, inside
// the screen and apart, and a tap closes the card; the pause menu's
// items and those of its Quit page are at least 44 page pixels, their
// labels inside them, and the card's title and text at least 12 page
// pixels and inside the screen.
func TestUprightBriefingAndPauseMenu(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			h, b := openPhoneBattle(t, win, true, func(env *Env) { env.Portrait, env.NoBriefing = true, false })
			c, ok := h.m.Top().(*briefingCard)
			if !ok {
				t.Fatalf("no briefing card: %q on top", h.m.Top().Name())
			}
			for i := 0; i < 30; i++ { // past the guard: the prompt shows
				h.step()
			}
			uw, uh := b.lay.size()
			k := b.env.screenScale() * max(b.lay.scale, 1)
			card, lines := c.uprightLayout(uw, uh)
			if len(lines) < len(c.lines)+2 {
				t.Fatalf("%d lines for %d of the briefing's: want them, the title and the prompt", len(lines), len(c.lines))
			}
			checkUpright(t, "briefing", b.env.Fonts, k, uw, uh, lines, nil)
			for _, l := range lines {
				if lb := l.box(b.env.Fonts); lb.overlap(card) < lb.w*lb.h-0.5 {
					t.Errorf("briefing: %q %v is not all on the card %v", l.s, lb, card)
				}
			}
			screenshot(t, h, fmt.Sprintf("upright-briefing-%.0f.png", win[1]))
			h.step(tap(uw/2, uh/2)...)
			if _, up := h.m.Top().(*briefingCard); up {
				t.Fatal("a tap left the briefing up")
			}
			p := newPauseMenu(b)
			h.m.Push(p)
			for _, kind := range []int{menuPause, menuQuit} {
				p.open(kind)
				h.step()
				h.draw()
				m := &p.menu
				if size := 15 * m.Big * k; size < 12 {
					t.Errorf("menu %d: its text is %.1f page pixels, want at least 12", kind, size)
				}
				for _, l := range strings.Split(m.Text, "\n") {
					if w := b.env.Fonts.Width(l, 15*m.Big, false); w > uw-40 {
						t.Errorf("menu %d: %q is %.0f wide on a %.0f screen", kind, l, w, uw)
					}
				}
				if w := b.env.Fonts.Width(m.Title, 28*m.Big, true); w > uw-40 {
					t.Errorf("menu %d: the title is %.0f wide on a %.0f screen", kind, w, uw)
				}
				checkUpright(t, fmt.Sprintf("menu %d", kind), b.env.Fonts, k, uw, uh, nil, m.Buttons(uw, uh))
				for _, bt := range m.Buttons(uw, uh) {
					if bt.Key != "" && bt.KeySize*k < 12 {
						t.Errorf("menu %d: the note %q is %.1f page pixels", kind, bt.Key, bt.KeySize*k)
					}
				}
				screenshot(t, h, fmt.Sprintf("upright-menu%d-%.0f.png", kind, win[1]))
			}
		})
	}
}

// TestUprightLevelSelect: with the screen following a page held upright,
// the level select against the computer is laid out on the upright
// screen: the levels in one column of rows, the difficulty buttons and
// Back, each at least 44 page pixels and apart; the chosen level's card
// under the list, its lines at least 12 page pixels, on the card and off
// every control, its objective and the level's picture on it whatever
// the phone's height (the list in two columns on a short one). A tap on
// a row shows its card, a tap on a difficulty chooses it.
func TestUprightLevelSelect(t *testing.T) {
	for _, win := range uprightWindows {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := uprightEnv(t, win)
			env.Levels = levels.Embedded()
			ls := NewLevelSelectFor(env, [2]Player{Human, Computer})
			h := newHarness(t, env, func(*Env) Scene { return ls })
			h.settle()
			h.draw()
			w, hh := sceneSize(ls)
			if sw, sh := env.Screen(); w != sw || hh != sh || w >= hh {
				t.Fatalf("the level select is drawn %.0f×%.0f, want the upright screen %.0f×%.0f", w, hh, sw, sh)
			}
			if len(ls.entries) < 2 || len(ls.profiles) < 2 {
				t.Fatalf("%d levels, %d difficulties: want several of each", len(ls.entries), len(ls.profiles))
			}
			var bs []systems.Button
			for _, a := range ls.Targets() {
				b := systems.Button{X: a.X, Y: a.Y, W: a.W, H: a.H}
				if a.Kind == "level" {
					b.Label, b.Size = a.Name, tallLsName
				}
				bs = append(bs, b)
			}
			for _, b := range append(ls.difficultyButtons(), ls.backButton()) {
				if over := b.Overflow(env.Fonts); over > 0 {
					t.Errorf("%q runs %.0f px past its button", b.Label, over)
				}
			}
			x0, _, _, _ := ls.rowRect(0)
			for i := 1; i < len(ls.entries); i++ {
				if x, _, _, _ := ls.rowRect(i); x != x0 && win[1] > 700 {
					t.Errorf("row %d starts at x %.0f, row 0 at %.0f: want one column on a tall phone", i, x, x0)
				}
			}
			card, lines, prompt := ls.tallCardLines(ls.entries[ls.cursor])
			if len(lines) < 3 {
				t.Fatalf("the card holds %d lines: want the name, the size and more", len(lines))
			}
			objective := false
			for _, l := range lines {
				objective = objective || strings.HasPrefix(l.s, "Objective")
			}
			if !objective {
				t.Errorf("the card %v holds no objective: %v", card, lines)
			}
			img := ls.preview(ls.entries[ls.cursor].Path, ls.level(ls.entries[ls.cursor]))
			pic, ok := ls.tallPicture(card, lines, prompt, img.Bounds().Dx(), img.Bounds().Dy())
			switch {
			case !ok:
				t.Errorf("the card %v has no room for the level's picture", card)
			case pic.h < tallPicMin-1 || pic.overlap(card) < pic.w*pic.h-0.5:
				t.Errorf("the picture %v is under %.0f high or off the card %v", pic, tallPicMin, card)
			default:
				for _, l := range append(lines, prompt) {
					if pic.overlap(l.box(env.Fonts)) > 0 {
						t.Errorf("the picture %v covers %q", pic, l.s)
					}
				}
			}
			lines = append(lines, prompt)
			checkUpright(t, "level select", env.Fonts, env.screenScale(), w, hh, lines, bs)
			for _, l := range lines {
				if lb := l.box(env.Fonts); lb.overlap(card) < lb.w*lb.h-0.5 {
					t.Errorf("%q %v is not all on the card %v", l.s, lb, card)
				}
			}
			screenshot(t, h, fmt.Sprintf("upright-levels-%.0f.png", win[1]))
			x, y, rw, rh := ls.rowRect(1)
			h.step(tap(x+rw/2, y+rh/2)...)
			if ls.cursor != 1 {
				t.Errorf("a tap on the second row: cursor %d", ls.cursor)
			}
			want := (ls.profile + 1) % len(ls.profiles)
			d := ls.difficultyButtons()[want]
			h.step(tap(d.X+d.W/2, d.Y+d.H/2)...)
			if ls.profile != want {
				t.Errorf("a tap on %q: difficulty %d", d.Label, ls.profile)
			}
			h.want("levels")
		})
	}
}
