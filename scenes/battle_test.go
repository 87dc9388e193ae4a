package scenes

import (
	"strings"
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// battleMap is a small open field: two Blue units west, one Red east.
const battleMap = `
B.......................
........................
.B..........##..........
............##..........
........................
........................
........................
........................
........................
........................
.......................R
........................`

func newTestBattle(t *testing.T) (*harness, *Battle) {
	t.Helper()
	s, err := rules.ParseASCII(battleMap)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewBattle(e, SetupFromState("Field", s)) })
	h.settle()
	return h, h.m.Current().(*Battle)
}

func TestBattleFramesSmallMap(t *testing.T) {
	_, b := newTestBattle(t)
	bd := b.State().Board
	cam := b.Camera()
	for _, p := range []rules.Point{{X: 0, Y: 0}, {X: bd.Width - 1, Y: bd.Height - 1}} {
		if !cam.Shows(bd.TileCenter(p), 0) {
			x, y := b.ScreenOf(p)
			t.Errorf("tile %v is drawn at (%.0f, %.0f), off the free screen", p, x, y)
		}
	}
	if cam.Zoom < 1 {
		t.Errorf("a 24×12 map is fitted at zoom %.2f, want at least 1", cam.Zoom)
	}
}

func TestBattleSelectionAndPlans(t *testing.T) {
	h, b := newTestBattle(t)
	s := b.State()

	// Tab cycles through Blue's units; a right click deselects.
	h.step(key(systems.IntentCycle))
	if sel := b.Selected(); sel == nil || sel.ID != 1 {
		t.Fatalf("Tab selected %v, want unit 1", sel)
	}
	h.step(key(systems.IntentCycle))
	if sel := b.Selected(); sel == nil || sel.ID != 2 {
		t.Fatalf("second Tab selected %v, want unit 2", sel)
	}
	h.step(key(systems.IntentCycle))
	if sel := b.Selected(); sel == nil || sel.ID != 1 {
		t.Fatalf("third Tab selected %v, want unit 1 again (Red's unit is skipped)", sel)
	}
	// A unit that has spent its AP is skipped while another can act.
	s.Unit(2).AP = 0
	h.step(key(systems.IntentCycle))
	if sel := b.Selected(); sel == nil || sel.ID != 1 {
		t.Fatalf("Tab past the spent unit 2 selected %v, want unit 1", sel)
	}
	s.Unit(1).AP = 0
	h.step(key(systems.IntentCycle))
	if sel := b.Selected(); sel == nil || sel.ID != 2 {
		t.Fatalf("Tab with every unit spent selected %v, want unit 2 (any living one)", sel)
	}
	s.Unit(1).AP, s.Unit(2).AP = s.Unit(1).MaxAP, s.Unit(2).MaxAP
	h.step(systems.Intent{Kind: systems.IntentCancel})
	if b.Selected() != nil {
		t.Fatal("right click did not deselect")
	}

	// Clicking an enemy selects nothing.
	rx, ry := b.ScreenOf(s.Unit(3).Pos)
	if b.hud.Covers(rx, ry) || !b.Camera().Shows(s.Board.TileCenter(s.Unit(3).Pos), 0) {
		t.Fatalf("the Red unit at (%.0f, %.0f) is off screen or under the HUD", rx, ry)
	}
	h.step(hover(rx, ry), click(rx, ry))
	if b.Selected() != nil || s.Side != rules.SideBlue {
		t.Fatalf("clicking a Red unit on Blue's turn: selected %v, %v to move", b.Selected(), s.Side)
	}

	// Select unit 1: its reach is shown; hovering a reachable tile shows
	// the path and its AP cost.
	u := s.Unit(1)
	ux, uy := b.ScreenOf(u.Pos)
	h.step(hover(ux, uy), click(ux, uy))
	if b.Selected() != u || b.hover.reachView == nil || b.hover.reachView.Len() == 0 {
		t.Fatalf("selecting unit 1: selected %v, reach view %v", b.Selected(), b.hover.reachView)
	}
	target := rules.Point{X: 6, Y: 0}
	tx, ty := b.ScreenOf(target)
	h.step(hover(tx, ty))
	reach := s.Reach(u.ID, rules.MoveBudget(u))
	wantAP := rules.MoveAP(reach.Cost(target), u.Speed)
	if b.hover.pathView == nil || b.hover.pathView.AP != wantAP || len(b.hover.pathView.Points) != len(reach.Path(target))+1 {
		t.Fatalf("hovering %v: path view %+v, want %d AP over %d steps", target, b.hover.pathView, wantAP, len(reach.Path(target)))
	}
	h.draw()

	// An unreachable tile is marked and clicking it changes nothing but
	// shows why.
	far := rules.Point{X: 23, Y: 11}
	if reach.Reachable(far) {
		t.Fatalf("%v should be out of reach", far)
	}
	fx, fy := b.ScreenOf(far)
	h.step(hover(fx, fy))
	if b.hover.pathView != nil {
		t.Error("a path is shown to an unreachable tile")
	}
	b.look.buildOverlays()
	if !b.hover.view.Blocked {
		t.Error("the unreachable hovered tile is not marked blocked")
	}
	h.step(hover(fx, fy), click(fx, fy))
	if u.Pos != (rules.Point{}) || u.AP != u.MaxAP || b.Busy() {
		t.Fatalf("an illegal move changed the state: unit at %v with %d AP", u.Pos, u.AP)
	}
	if msg := b.hud.ToastText(); msg == "" || strings.Contains(msg, ":") {
		t.Errorf("illegal move toast %q, want a readable reason", msg)
	}

	// The End Turn button passes the turn.
	btn := b.hud.EndTurn
	h.step(click(btn.X+btn.W/2, btn.Y+btn.H/2)) // asks: Blue could still act
	if s.Side != rules.SideBlue || !b.look.hudInfo().EndAnyway {
		t.Fatalf("the first click on End Turn: %v to move, END ANYWAY %v; want it to ask", s.Side, b.look.hudInfo().EndAnyway)
	}
	h.step(click(btn.X+btn.W/2, btn.Y+btn.H/2))
	if s.Side != rules.SideRed || b.Selected() != nil {
		t.Fatalf("after clicking End Turn: %v to move, selected %v", s.Side, b.Selected())
	}
	h.settle()
	if b.hud.BannerText() != "" {
		h.step()
	}
	h.draw()
}
