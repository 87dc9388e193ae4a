package scenes

import (
	"fmt"
	"testing"

	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// TestUprightBattleFillsThePage: on a phone held upright, the screen
// following the page (Env.Portrait), Crossroads is laid out upright: the
// map takes the screen's whole width, the furniture is stacked above and
// below it, and every control a finger taps (the action bar, End Turn,
// Undo, Menu, the touch keys) is at least 44 page pixels high and wide,
// on the screen, apart, off the map and with its label inside it. The
// battle opens on the squad as it does held sideways, and a tap on a
// touch key does what it says.
func TestUprightBattleFillsThePage(t *testing.T) {
	for _, win := range [][2]float64{{390, 844}, {412, 915}, {375, 667}} {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			h, b := uprightBattle(t, win)
			h.draw() // the furniture takes the finger's looks as it draws
			sw, sh := b.lay.screen()
			if sw >= sh {
				t.Fatalf("the battle's screen is %.0f×%.0f, want it taller than wide", sw, sh)
			}
			if !b.hud.Upright() {
				t.Fatal("the HUD is not laid out upright")
			}
			c := b.Camera()
			if c.InsetLeft != 0 || c.InsetRight != 0 {
				t.Errorf("the map's part of the screen starts at %.0f and ends %.0f short of the right edge: want the whole width", c.InsetLeft, c.InsetRight)
			}
			if mh := sh - c.InsetTop - c.InsetBottom; mh < 0.2*sh {
				t.Errorf("the map's part of the screen is %.0f of %.0f pixels high", mh, sh)
			}
			sc := max(b.lay.scale, 1)
			k := b.env.screenScale() * sc // page pixels a furniture pixel takes
			fw, fh := b.lay.size()
			mx, my, mw, mh := b.hud.MapBox()
			mapBox := box{mx, my, mw, mh}
			var named []Target
			if !b.ui.bar.Touch {
				t.Fatal("the action bar is not laid out for a finger")
			}
			for _, bt := range b.ui.bar.Buttons() { // a finger's: as wide as drawn
				named = append(named, buttonTarget("action", bt.Label, bt))
				if over := bt.Overflow(b.env.Fonts); over > 0 {
					t.Errorf("action %q runs %.0f px past its button", bt.Label, over)
				}
			}
			keys := b.touch.keys()
			if len(keys) == 0 {
				t.Fatal("no touch keys")
			}
			buttons := append(b.hud.TouchKeyButtons(keys), b.hud.EndTurn, b.ui.undo, b.hud.Menu)
			if len(buttons) != len(keys)+3 {
				t.Errorf("%d of %d touch keys laid out", len(buttons)-3, len(keys))
			}
			for _, bt := range buttons {
				named = append(named, buttonTarget("button", bt.Label, bt))
				if over := bt.Overflow(b.env.Fonts); over > 0 {
					t.Errorf("%q runs %.0f px past its button", bt.Label, over)
				}
			}
			for i, a := range named {
				ab := box{a.X, a.Y, a.W, a.H}
				if a.X < 0 || a.Y < 0 || a.X+a.W > fw+0.5 || a.Y+a.H > fh+0.5 {
					t.Errorf("%s %q %v leaves the screen (%.0f×%.0f)", a.Kind, a.Name, ab, fw, fh)
				}
				if a.W*k < 44 || a.H*k < 44 {
					t.Errorf("%s %q is %.0f×%.0f page pixels, want at least 44×44", a.Kind, a.Name, a.W*k, a.H*k)
				}
				if ab.overlap(mapBox) > 0 {
					t.Errorf("%s %q %v is over the map %v", a.Kind, a.Name, ab, mapBox)
				}
				for _, o := range named[i+1:] {
					if ab.overlap(box{o.X, o.Y, o.W, o.H}) > 0 {
						t.Errorf("%q %v overlaps %q", a.Name, ab, o.Name)
					}
				}
			}
			// The map's keys stand on the map, not on the dock.
			lx, ly, lw, lh := systems.TargetLegendBoxIn(b.hud.Legends(), sh, sc)
			if key := (box{lx / sc, ly / sc, lw / sc, lh / sc}); key.overlap(mapBox) < key.w*key.h-0.5 {
				t.Errorf("the cone's key %v is not all on the map %v", key, mapBox)
			}
			s := b.State()
			if page := c.Zoom * float64(s.Board.TileSize) * b.env.screenScale(); page < phoneTile {
				t.Errorf("tiles open at %.1f page pixels, want at least %.0f", page, phoneTile)
			}
			for _, u := range s.Units {
				p := entities.SpaceCenter(s.Board, u.Pos, u.Size)
				if u.Side == rules.SideBlue && u.Alive() && !c.Shows(p, 0) {
					x, y := c.WorldToScreen(p)
					t.Errorf("Blue %s at %v opens off the free screen, at (%.0f, %.0f)", u.Name, u.Pos, x, y)
				}
			}
			screenshot(t, h, fmt.Sprintf("upright-battle-%.0f.png", win[1]))
			for _, bt := range b.hud.TouchKeyButtons(keys) {
				if bt.Label != "NEXT" {
					continue
				}
				h.step(tap((bt.X+bt.W/2)*sc, (bt.Y+bt.H/2)*sc)...)
				if b.Selected() == nil {
					t.Error("a tap on NEXT selected no unit")
				}
				screenshot(t, h, fmt.Sprintf("upright-battle-%.0f-selected.png", win[1]))
				return
			}
			t.Errorf("no NEXT key in %v", keys)
		})
	}
}

// uprightBattle opens Crossroads against the computer on a phone's page
// of win page pixels held upright, the screen following it and a finger
// for its pointer.
func uprightBattle(t *testing.T, win [2]float64) (*harness, *Battle) {
	t.Helper()
	return openPhoneBattle(t, win, true, func(env *Env) { env.Portrait = true })
}

// TestUprightScreenFitsTheTitle: with the screen following a page held
// upright, the title is laid out on the upright screen, not drawn
// 1280×720 and shrunk to a third: every item and Help at least 44 page
// pixels high and wide, in one column on the screen, apart, their labels
// inside them; the name (and its tagline, when shown) above the menu and
// between the sight line's ends, which keep clear of the page's Import
// button (10 page pixels from the top right corner, at most 100 wide and
// 44 high). A tap on Settings opens the settings.
func TestUprightScreenFitsTheTitle(t *testing.T) {
	for _, win := range [][2]float64{{390, 844}, {412, 915}, {375, 667}} {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := testEnv(t)
			env.Window, env.Portrait, env.Finger = win, true, true
			h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
			h.settle()
			h.draw()
			title := h.m.Current().(*Title)
			sw, sh := env.Screen()
			if w, hh := sceneSize(title); w != sw || hh != sh || w >= hh {
				t.Fatalf("the title is drawn %.0f×%.0f, want the upright screen %.0f×%.0f", w, hh, sw, sh)
			}
			k := env.screenScale()
			ts := title.Targets()
			if len(ts) != len(title.menu.Items)+1 {
				t.Fatalf("targets %v: want every item and Help", ts)
			}
			var bs []systems.Button
			for _, a := range ts {
				bs = append(bs, systems.Button{X: a.X, Y: a.Y, W: a.W, H: a.H, Label: a.Name, Size: tallLabel})
			}
			for _, b := range append(title.menu.Buttons(sw, sh), title.helpButton()) {
				if over := b.Overflow(env.Fonts); over > 0 {
					t.Errorf("%q runs %.0f px past its button", b.Label, over)
				}
			}
			name, tag, down := title.nameSizes()
			y := title.nameY()
			lines := []textLine{{s: "SIGHTLINE", size: name, bold: true, x: sw / 2, y: y + 8}}
			for i, l := range title.tallTagLines() {
				lines = append(lines, textLine{s: l, size: tag, x: sw / 2, y: y + down + float64(i)*1.3*tag})
			}
			checkUpright(t, "title", env.Fonts, k, sw, sh, lines, bs)
			for _, l := range lines {
				if lb := l.box(env.Fonts); lb.y+lb.h > title.menu.Top {
					t.Errorf("%q ends at %.0f, under the menu's top %.0f", l.s, lb.y+lb.h, title.menu.Top)
				}
			}
			bx, by, rx, ry := title.sightMark()
			offX, offY := (win[0]-sw*k)/2, (win[1]-sh*k)/2
			button := box{(win[0] - 10 - 100 - offX) / k, (10 - offY) / k, 100 / k, 44 / k}
			line := box{bx - markR - 2, min(by, ry) - markR - 2, rx - bx + 2*markR + 4, abs(by-ry) + 2*markR + 4}
			if line.overlap(button) > 0 {
				t.Errorf("the sight line %v runs under the page's Import button %v", line, button)
			}
			if nw := env.Fonts.Width("SIGHTLINE", name, true); bx+markR >= sw/2-nw/2 || rx-markR <= sw/2+nw/2 || bx-markR < 0 || rx+markR > sw {
				t.Errorf("the sight line's ends %.0f and %.0f: want them off the name (%.0f wide) and on the screen", bx, rx, nw)
			}
			screenshot(t, h, fmt.Sprintf("upright-title-%.0f.png", win[1]))
			tapTarget(t, h, ts, "Settings")
			h.settle()
			h.want("settings")
		})
	}
}

// TestBattleTurnsWithThePhone: a battle begun on a phone held sideways
// is laid out upright once the phone is turned upright, the map across
// the screen's width, and sideways again once it is turned back.
func TestBattleTurnsWithThePhone(t *testing.T) {
	h, b := openPhoneBattle(t, [2]float64{844, 390}, true, func(env *Env) { env.Portrait = true })
	if w, hh := sceneSize(b); b.hud.Upright() || w != ScreenWidth || hh != ScreenHeight {
		t.Fatalf("sideways: screen %.0f×%.0f, upright HUD %v", w, hh, b.hud.Upright())
	}
	for _, tc := range []struct {
		win     [2]float64
		upright bool
	}{{[2]float64{390, 844}, true}, {[2]float64{844, 390}, false}} {
		b.env.Window = tc.win
		h.step()
		h.draw()
		c := b.Camera()
		sw, sh := b.env.Screen()
		if b.hud.Upright() != tc.upright || c.ViewW != sw || c.ViewH != sh {
			t.Errorf("turned to %v: upright HUD %v, camera's view %.0f×%.0f, want %v and %.0f×%.0f", tc.win, b.hud.Upright(), c.ViewW, c.ViewH, tc.upright, sw, sh)
		}
		if tc.upright && (c.InsetLeft != 0 || c.InsetRight != 0) {
			t.Errorf("upright, the map starts %.0f in and ends %.0f short: want the whole width", c.InsetLeft, c.InsetRight)
		}
		// Where the map is larger than the free screen, the free screen
		// shows all map, none of the margin past its edges.
		x, y := c.WorldToScreen(rules.Vec{})
		if c.WorldW*c.Zoom > c.ViewW-c.InsetLeft-c.InsetRight && (x > c.InsetLeft+0.5 || x+c.WorldW*c.Zoom < c.ViewW-c.InsetRight-0.5) {
			t.Errorf("turned to %v: the map runs from x %.0f to %.0f, the free screen from %.0f to %.0f", tc.win, x, x+c.WorldW*c.Zoom, c.InsetLeft, c.ViewW-c.InsetRight)
		}
		if c.WorldH*c.Zoom > c.ViewH-c.InsetTop-c.InsetBottom && (y > c.InsetTop+0.5 || y+c.WorldH*c.Zoom < c.ViewH-c.InsetBottom-0.5) {
			t.Errorf("turned to %v: the map runs from y %.0f to %.0f, the free screen from %.0f to %.0f", tc.win, y, y+c.WorldH*c.Zoom, c.InsetTop, c.ViewH-c.InsetBottom)
		}
	}
}
