package systems

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// WhyOverlay shows the computer's account of a decision: every tile it
// weighed for the unit, tinted from red (worst) through yellow to green
// (best), the chosen tile outlined, and the account in words in a panel
// at the top left.
type WhyOverlay struct {
	// Tiles and Scores are the tiles weighed and their scores.
	Tiles  []rules.Point
	Scores []float64
	// Chosen is the tile the computer picked.
	Chosen rules.Point
	// Lines are the account, one sentence a line.
	Lines []string
	// Side colours the panel's accent.
	Side rules.Side
	// Touch is true while a finger is the pointer: the title names no
	// key (the HUD's HIDE WHY button hides the panel).
	Touch bool
	// Low puts the panel at the bottom of the screen, right of the unit
	// card, where a replay shows no action bar; else it sits top left.
	Low   bool
	quads Quads
}

// Heat returns the tint of a score at fraction f (0 worst, 1 best) of the
// range weighed: red, yellow, green.
func Heat(f float64) color.NRGBA {
	f = min(max(f, 0), 1)
	if f < 0.5 {
		return color.NRGBA{0xe0, uint8(0x40 + 0x90*f*2), 0x30, 0x70}
	}
	return color.NRGBA{uint8(0xe0 - 0xb0*(f-0.5)*2), 0xd0, 0x40, 0x70}
}

// DrawOverlay draws the heat map and the panel.
func (o *WhyOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	lo, hi := 0.0, 0.0
	for i, s := range o.Scores {
		if i == 0 || s < lo {
			lo = s
		}
		if i == 0 || s > hi {
			hi = s
		}
	}
	for i, p := range o.Tiles {
		if i >= len(o.Scores) {
			break
		}
		f := 1.0
		if hi > lo {
			f = (o.Scores[i] - lo) / (hi - lo)
		}
		x, y, s := v.TileRect(p)
		o.quads.Rect(x+1, y+1, s-2, s-2, Heat(f))
	}
	if len(o.Tiles) > 0 {
		x, y, s := v.TileRect(o.Chosen)
		w := clamp(v.Scale(3), 2, 4)
		white := color.NRGBA{0xff, 0xff, 0xff, 0xe0}
		o.quads.Rect(x, y, s, w, white)
		o.quads.Rect(x, y+s-w, s, w, white)
		o.quads.Rect(x, y, w, s, white)
		o.quads.Rect(x+s-w, y, w, s, white)
	}
	o.quads.Draw(dst)

	const pw, lineH = 680, 22
	ph := float64(46 + lineH*len(o.Lines))
	px, py := 16.0, 60.0
	if o.Low {
		px, py = 320, float64(dst.Bounds().Dy())-16-ph
	}
	title := "WHY THE COMPUTER DID THAT  (Y: hide)"
	if o.Touch {
		title = "WHY THE COMPUTER DID THAT" // the top bar's HIDE WHY hides it
	}
	pn := Panel{X: px, Y: py, W: pw, H: ph, Title: title, Accent: v.Theme.Side(o.Side)}
	pn.Draw(dst, v.Paint)
	for i, l := range o.Lines {
		c := ColorText
		if i > 0 {
			c = ColorTextDim
		}
		v.Paint.Text(l, 15, i == 0, px+18, py+38+float64(i*lineH), c, AlignLeft)
	}
}
