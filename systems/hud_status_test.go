package systems

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// TestSideToMoveIsAStatus: the side to move in the top bar reads as a
// status, not a button (tour pictures 04, 15, 36: a bright rounded pill
// like End Turn's looked like one more thing to press): behind its words
// the bar shows, unfilled. It stays centred on the screen and clear of
// the turn, Undo and End Turn by statusClear at every interface size
// (at 150% the pill came within 5 pixels of Undo), sideways and upright.
func TestSideToMoveIsAStatus(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const sw, sh = 1280.0, 720.0
	type look struct {
		name    string
		upright bool
		w, h    float64
	}
	var looks []look
	for _, s := range []float64{100, 125, 150} {
		looks = append(looks, look{fmt.Sprintf("%.0f%%", s), false, sw * 100 / s, sh * 100 / s})
	}
	looks = append(looks, look{"upright", true, 720 / 1.5, 1558 / 1.5}) // a phone's page, 390×844
	for _, lk := range looks {
		for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
			t.Run(lk.name+" "+side.String(), func(t *testing.T) {
				hud := NewHUD(fonts, lk.w, lk.h, "Crossroads")
				if lk.upright {
					hud = NewUprightHUD(fonts, lk.w, lk.h, "Crossroads", 2)
				}
				dst := ebiten.NewImage(int(math.Ceil(lk.w)), int(math.Ceil(lk.h)))
				hud.Draw(dst, HUDInfo{Side: side, Turn: 12})
				pill, _ := hud.TopBarBoxes()
				x, y, w, h := pill[0], pill[1], pill[2], pill[3]
				if w <= 0 {
					t.Fatal("no side to move drawn")
				}
				bar, all := 0, 0
				for py := int(y); py < int(y+h); py++ {
					for px := int(x); px < int(x+w); px++ {
						all++
						if dst.At(px, py).(color.RGBA) == ColorPanelSolid {
							bar++
						}
					}
				}
				if bar*2 < all {
					t.Errorf("behind the side to move %v, %d of %d pixels are the bar's: it is filled like a button", pill, bar, all)
				}
				if c := x + w/2; math.Abs(c-lk.w/2) > 0.5 {
					t.Errorf("the side to move %v is centred at %.1f, not on the screen's %.1f", pill, c, lk.w/2)
				}
				turnEnd := margin + 4 + fonts.Width("TURN 12", 20, true)
				if x-turnEnd < statusClear {
					t.Errorf("the side to move starts %.1f after the turn, want %.0f or more", x-turnEnd, statusClear)
				}
				if lk.upright {
					return
				}
				for _, b := range []Button{hud.UndoButton(), hud.EndTurn} {
					if gap := b.X - (x + w); gap < statusClear {
						t.Errorf("the side to move %v is %.1f from %s at %.1f, want %.0f or more", pill, gap, b.Label, b.X, statusClear)
					}
				}
			})
		}
	}
}
