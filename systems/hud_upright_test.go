package systems

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// TestUprightHUDStacksItsParts: held upright, the HUD's parts are
// stacked top to bottom (the top bar, the map across the whole width, the
// hint band, the log, the action bar, the unit card, the touch keys, and
// Menu, Undo and End Turn), each clear of the next and on the screen, the
// unit card across the dock; the objective's pill, however long its text,
// keeps to the map's width.
func TestUprightHUDStacksItsParts(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 480.0, 1039.0
	hud := NewUprightHUD(fonts, w, h, "Bridge", 3)
	mx, my, mw, mh := hud.MapBox()
	if mx != 0 || mw != w || my != uprightTopH || mh < 300 {
		t.Fatalf("the map's box %v: want the whole width under the top bar, at least 300 high", [4]float64{mx, my, mw, mh})
	}
	log, _, barBottom, _ := hud.Column()
	cardX, cardY, cardW, _ := hud.UnitCardBox()
	keys := hud.TouchKeyButtons([]TouchKey{{Label: "NEXT"}, {Label: "DESELECT"}, {Label: "WHY"}})
	_, band, _, _ := hud.Band(true)
	// Top to bottom, each part's top and bottom.
	parts := []struct {
		name        string
		top, bottom float64
	}{
		{"map", my, my + mh},
		{"hint band", band, band + bottomBandH},
		{"log", log[1], log[1] + log[3]},
		{"action bar", barBottom - (3*(UprightTapH+barGap) - barGap + 2*barPad), barBottom},
		{"unit card", cardY, cardY + cardH},
		{"touch keys", keys[0].Y, keys[0].Y + keys[0].H},
		{"Menu, Undo and End Turn", hud.Menu.Y, hud.Menu.Y + hud.Menu.H},
	}
	for i, p := range parts {
		if p.top < 0 || p.bottom > h || p.bottom <= p.top {
			t.Errorf("%s from %.0f to %.0f: off the %.0f-high screen", p.name, p.top, p.bottom, h)
		}
		if i > 0 && p.top < parts[i-1].bottom {
			t.Errorf("%s starts at %.0f, over the %s ending at %.0f", p.name, p.top, parts[i-1].name, parts[i-1].bottom)
		}
	}
	for _, b := range append(keys, hud.Menu, hud.UndoButton(), hud.EndTurn) {
		if b.H < UprightTapH || b.X < 0 || b.X+b.W > w {
			t.Errorf("%q %v: want %.0f high, on the screen", b.Label, [4]float64{b.X, b.Y, b.W, b.H}, UprightTapH)
		}
	}
	// The unit card spans the dock as the rows of buttons do, its right
	// edge with End Turn's.
	if cardX != uprightPad || cardX+cardW != hud.EndTurn.X+hud.EndTurn.W {
		t.Errorf("the unit card runs from %.0f to %.0f, want the dock's %.0f to %.0f", cardX, cardX+cardW, uprightPad, hud.EndTurn.X+hud.EndTurn.W)
	}
	if !hud.Covers(w/2, band+1) || hud.Covers(w/2, my+mh/2) {
		t.Error("the dock should take the pointer, the map's middle not")
	}
	dst := ebiten.NewImage(int(w), int(h))
	defer dst.Deallocate()
	long := "Objective: Take the bridgehead on the east bank and hold it for 2 turns (held 0 of 2), 9 turns left"
	hud.Draw(dst, HUDInfo{Side: rules.SideBlue, Turn: 1, Objective: long, Touch: true})
	if x, _, ow, _ := hud.ObjectiveBox(); ow <= 0 || x < mx || x+ow > mx+mw {
		t.Errorf("the objective's pill runs from %.0f to %.0f, past the map's %.0f to %.0f", x, x+ow, mx, mx+mw)
	}
	// Held upright the objective is wrapped, not cut: every word is in
	// the pill, each line inside it, and the toast goes under it.
	lines := hud.ObjectiveLines()
	if got := strings.Join(lines, " "); got != long {
		t.Errorf("the objective reads %q, want all of %q", got, long)
	}
	ox, oy, ow, oh := hud.ObjectiveBox()
	for _, l := range lines {
		if lw := fonts.Width(l, objectiveUpSize, false); lw > ow-16 {
			t.Errorf("%q is %.0f wide in a pill %.0f wide", l, lw, ow)
		}
	}
	if need := float64(len(lines)) * objectiveUpSize; oh < need || oy+oh > my+mh || ox < 0 {
		t.Errorf("the pill %v holds %d lines of %.0f px", [4]float64{ox, oy, ow, oh}, len(lines), objectiveUpSize)
	}
	if ty, _ := hud.ToastBox(); ty < oy+oh {
		t.Errorf("the toast starts at %.0f, over the pill ending at %.0f", ty, oy+oh)
	}
}
