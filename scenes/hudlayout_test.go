package scenes

import (
	"fmt"
	"testing"

	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// namedBox is a rectangle of the battle's furniture, named for messages.
type namedBox struct {
	name string
	b    box
}

// hudBoxes returns the rectangles of the furniture b drew last, on the
// furniture's screen: the bars' panels and buttons (fixed) and what floats
// over the map (the hovered unit's card, the hit panel, the cone's key,
// the objective).
func hudBoxes(b *Battle) (fixed, floating []namedBox) {
	r := func(x, y, w, h float64) box { return box{x, y, w, h} }
	bt := func(x systems.Button) box { return box{x.X, x.Y, x.W, x.H} }
	_, sh := b.lay.size()
	pill, title := b.hud.TopBarBoxes()
	fixed = []namedBox{
		{"log", r(b.ui.logPanel.Bounds())},
		{"action bar", r(b.ui.bar.Bounds())},
		{"unit card", r(systems.CardBox(sh))},
		{"End Turn", bt(b.hud.EndTurn)},
		{"Undo", bt(b.ui.undo)},
		{"side to move", box{pill[0], pill[1], pill[2], pill[3]}},
	}
	if title[2] > 0 {
		fixed = append(fixed, namedBox{"level name", box{title[0], title[1], title[2], title[3]}})
	}
	if b.ui.hintBox.w > 0 {
		fixed = append(fixed, namedBox{"hint line", b.ui.hintBox})
	}
	if b.finger {
		fixed = append(fixed, namedBox{"Menu", bt(b.hud.Menu)})
		for _, k := range b.hud.TouchKeyButtons(b.touch.keys()) {
			fixed = append(fixed, namedBox{"touch key " + k.Label, bt(k)})
		}
	}
	info := b.look.hudInfo()
	if info.Hovered != nil {
		floating = append(floating, namedBox{"hovered card", r(b.hud.HoverCardBox())})
	}
	if x, y, w, h := b.hud.ObjectiveBox(); w > 0 {
		floating = append(floating, namedBox{"objective", box{x, y, w, h}})
	}
	if b.ui.target != nil {
		t := b.ui.targetRect
		floating = append(floating, namedBox{"hit panel", box{t[0], t[1], t[2], t[3]}})
		if b.ui.target.Err == nil {
			floating = append(floating, namedBox{"chance tag", b.ui.tagBox})
		}
		sc := max(b.lay.scale, 1)
		x, y, w, h := systems.TargetLegendBox(ScreenHeight, sc)
		floating = append(floating, namedBox{"cone key", box{x / sc, y / sc, w / sc, h / sc}})
	}
	return fixed, floating
}

// roomBeside reports whether a w×h panel fits somewhere in area (tried
// every 4 pixels) where covers is false.
func roomBeside(area box, w, h float64, covers func(box) bool) bool {
	for y := area.y; y+h <= area.y+area.h; y += 4 {
		for x := area.x; x+w <= area.x+area.w; x += 4 {
			if !covers(box{x, y, w, h}) {
				return true
			}
		}
	}
	return false
}

// TestHUDPanelsKeepApart: at every interface size, with the mouse and
// with a finger, and on a phone's small page, the battle's panels and
// buttons never overlap one another (the unit card's text included: the
// hint line once ran over its HP figure); the bars' furniture stays off
// the map's part of the screen the camera frames, what floats over the
// map stays in it, and the hit panel covers neither the shooter nor the
// target.
func TestHUDPanelsKeepApart(t *testing.T) {
	type look struct {
		name   string
		scale  int
		finger bool
		window [2]float64
	}
	var looks []look
	for _, s := range settings.UIScales {
		looks = append(looks, look{fmt.Sprintf("%d%%", s), s, false, [2]float64{}},
			look{fmt.Sprintf("%d%%, touch", s), s, true, [2]float64{}})
	}
	looks = append(looks, look{"phone", 100, true, [2]float64{844, 390}})
	// The looks share one battle: its first frame (its layers drawn under
	// the software renderer) was most of the test's CPU. Each look starts
	// from nothing selected and no aim, as a new battle would.
	h, b := rangeBattle(t, rangeMap)
	parent := t
	for i, lk := range looks {
		t.Run(lk.name, func(t *testing.T) {
			h.t = t
			defer func() { h.t = parent }()
			if i > 0 {
				h.step(key(systems.IntentCancel))
				h.step(key(systems.IntentCancel))
				if b.Selected() != nil || b.ui.target != nil {
					t.Fatalf("after two cancels, a unit selected: %t, a target aimed at: %t", b.Selected() != nil, b.ui.target != nil)
				}
			}
			st := settings.Default()
			st.UIScale = lk.scale
			b.env.Settings, b.env.Window = st, lk.window
			h.settle()
			h.step()
			if lk.window[0] > 0 && b.lay.scale != 1.5 {
				t.Fatalf("on a phone's page the furniture is drawn at %.0f%%, want 150%%", 100*b.lay.scale)
			}
			sw, sh := b.lay.size()
			sc := max(b.lay.scale, 1)
			cam := b.Camera()
			area := box{cam.InsetLeft / sc, cam.InsetTop / sc, sw - (cam.InsetLeft+cam.InsetRight)/sc, sh - (cam.InsetTop+cam.InsetBottom)/sc}
			if area.x < systems.LeftColumnW || area.y < systems.TopBarH || area.y+area.h > sh-systems.BottomBandH {
				t.Fatalf("the map is framed in %v, under the HUD's bars", area)
			}
			bx, by := b.ScreenOf(rules.Point{X: 2, Y: 3})
			rx, ry := b.ScreenOf(rules.Point{X: 10, Y: 3})
			h.step(hover(bx, by), click(bx, by))
			if b.Selected() == nil {
				t.Fatal("the click selected no unit")
			}
			check := func(when string) {
				t.Helper()
				b.finger = lk.finger
				h.draw()
				fixed, floating := hudBoxes(b)
				all := append(append([]namedBox{}, fixed...), floating...)
				for i, a := range all {
					if a.b.x < 0 || a.b.y < 0 || a.b.x+a.b.w > sw+0.5 || a.b.y+a.b.h > sh+0.5 {
						t.Errorf("%s: the %s %v leaves the %.0fx%.0f screen", when, a.name, a.b, sw, sh)
					}
					for _, c := range all[i+1:] {
						if a.b.overlap(c.b) > 0 {
							t.Errorf("%s: the %s %v overlaps the %s %v", when, a.name, a.b, c.name, c.b)
						}
					}
				}
				for _, f := range fixed {
					if f.b.overlap(area) > 0 {
						t.Errorf("%s: the %s %v is over the map's part of the screen %v", when, f.name, f.b, area)
					}
				}
				for _, f := range floating {
					if f.b.overlap(area) < f.b.w*f.b.h-0.5 {
						t.Errorf("%s: the %s %v floats out of the map's part of the screen %v", when, f.name, f.b, area)
					}
				}
				if b.ui.target != nil {
					tr := b.ui.targetRect
					panel := box{tr[0], tr[1], tr[2], tr[3]}
					half := cam.Zoom * float64(b.State().Board.TileSize) / 2 / sc
					var tiles []box
					for _, u := range [][2]float64{{bx, by}, {rx, ry}} {
						ux, uy := b.lay.point(u[0], u[1])
						tiles = append(tiles, box{ux - half, uy - half, 2 * half, 2 * half})
					}
					covers := func(p box) bool { return p.overlap(tiles[0])+p.overlap(tiles[1]) > 0 }
					if covers(panel) && roomBeside(area, panel.w, panel.h, covers) {
						t.Errorf("%s: the hit panel %v covers a unit (%v, %v) though there is room clear of both", when, panel, tiles[0], tiles[1])
					}
				}
			}
			h.step(hover(rx, ry))
			check("Red 2 hovered")
			if b.look.hudInfo().Hovered == nil {
				t.Error("hovering Red 2 showed no card")
			}
			h.step(systems.KeyIntent('2'))
			h.step(hover(rx, ry))
			h.step(hover(rx, ry))
			if b.ui.target == nil {
				t.Fatal("no hit panel over Red 2")
			}
			check("aiming at Red 2")
			screenshot(t, h, "hud-"+lk.name+".png")
		})
	}
}
