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
	// Tiles and Scores are the tiles weighed and their scores; Aside
	// marks the tiles set aside before the enemy fire there was weighed
	// (nil when none was): they are drawn grey and left out of the range.
	Tiles  []rules.Point
	Scores []float64
	Aside  []bool
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

// ColorAside is the tint of a tile the computer set aside before it
// weighed the enemy fire there: grey, neither good nor bad.
var ColorAside = color.NRGBA{0x90, 0x98, 0xa4, 0x50}

// aside reports whether tile i was set aside.
func (o *WhyOverlay) aside(i int) bool { return i < len(o.Aside) && o.Aside[i] }

// tints returns each weighed tile's tint: its heat on the range of the
// scores of the tiles weighed against the enemy fire, or ColorAside.
func (o *WhyOverlay) tints() []color.NRGBA {
	lo, hi, seen := 0.0, 0.0, false
	for i, s := range o.Scores {
		if o.aside(i) {
			continue
		}
		if !seen || s < lo {
			lo = s
		}
		if !seen || s > hi {
			hi = s
		}
		seen = true
	}
	out := make([]color.NRGBA, min(len(o.Tiles), len(o.Scores)))
	for i := range out {
		f := 1.0
		if hi > lo {
			f = (o.Scores[i] - lo) / (hi - lo)
		}
		out[i] = Heat(f)
		if o.aside(i) {
			out[i] = ColorAside
		}
	}
	return out
}

// DrawOverlay draws the heat map and the panel.
func (o *WhyOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	for i, c := range o.tints() {
		x, y, s := v.TileRect(o.Tiles[i])
		o.quads.Rect(x+1, y+1, s-2, s-2, c)
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
