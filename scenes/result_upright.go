package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// screenSize returns the size of the screen the result is drawn on: on a
// phone held upright the upright screen (Env.Screen), else 1280×720.
func (r *Result) screenSize() (w, h float64) { return r.env.Screen() }

// Result screen's upright layout: the buttons' gap and labels, the
// least room under the last, and the room between the text and the
// first.
const (
	resultUpGap   = 20.0
	resultUpLabel = 32.0
	resultUpFoot  = 56.0
	resultUpSpace = 56.0
)

// place lays the buttons out on a w×h screen: in a row near the foot of
// a screen wider than high, each with its key under its label; on a
// taller one (a phone held upright) stacked in a column, each a finger
// high, with no key (a phone has no keyboard), resultUpSpace under the
// text (uprightColumn), the two centred on the screen as one, so no gap
// opens between them on a tall screen.
func (r *Result) place(w, h float64) {
	if h > w {
		bs := make([]*systems.Button, len(r.buttons))
		for i := range r.buttons {
			r.buttons[i].Key = ""
			bs[i] = &r.buttons[i].Button
		}
		bh := r.env.uprightTapH()
		stack := float64(len(bs))*(bh+resultUpGap) - resultUpGap
		text := r.uprightHeight(w)
		top := max(uprightMargin, (h-text-resultUpSpace-stack)/2)
		bottom := min(h-resultUpFoot, top+text+resultUpSpace+stack)
		stackButtons(bs, w, bottom, bh, resultUpGap, resultUpLabel)
		return
	}
	const bw, gap = 230.0, 20.0
	n := float64(len(r.buttons))
	x := (w - n*bw - (n-1)*gap) / 2
	for i := range r.buttons {
		b := &r.buttons[i]
		b.Key = strings.ToUpper(string(b.key))
		b.X, b.Y, b.W, b.H, b.Size = x+float64(i)*(bw+gap), h-118, bw, 56, 0
	}
}

// uprightLines lays the result's text out on a w×h screen held upright,
// in one column resultUpSpace above the buttons (place): the campaign's
// score, then the verdict on a band (whose top and foot it returns),
// then why the battle ended, who is left standing and the last choice's
// failure. Text too long for the room starts at the top margin.
func (r *Result) uprightLines(w, h float64) (lines []textLine, band [2]float64) {
	r.place(w, h)
	limit := h - resultUpFoot
	if len(r.buttons) > 0 {
		limit = r.buttons[0].Y
	}
	top := max(uprightMargin, limit-resultUpSpace-r.uprightHeight(w))
	return r.uprightColumn(w, top)
}

// uprightHeight returns how tall the result's text is laid out upright
// on a w-wide screen (uprightColumn), from its top to the foot of its
// band or its last line, whichever is lower.
func (r *Result) uprightHeight(w float64) float64 {
	lines, band := r.uprightColumn(w, 0)
	last := band[1]
	if n := len(lines); n > 0 {
		b := lines[n-1].box(r.env.Fonts)
		last = max(last, b.y+b.h)
	}
	return last
}

// resultType is the result screen's text sizes on one screen shape: the
// verdict (the sizes tried, largest first, until it fits), the line
// under it, the campaign's score and its second line, why the battle
// ended, who is left standing; pad is the band's room above and under
// its text, gap the room between the band and the lines under it.
type resultType struct {
	head                                    []float64
	sub, score, unlock, why, left, pad, gap float64
}

// The result's text sizes sideways (1280×720) and held upright.
var (
	resultWide    = resultType{head: []float64{84, 64}, sub: 20, score: 24, unlock: 18, why: 18, left: 16, pad: 18, gap: 24}
	resultUpright = resultType{head: []float64{128, 112, 96, 80, 64}, sub: 28, score: 32, unlock: 26, why: 26, left: uprightText, pad: 28, gap: 40}
)

// uprightColumn lays the result's text out from y top down a w-wide
// screen held upright (uprightLines).
func (r *Result) uprightColumn(w, top float64) (lines []textLine, band [2]float64) {
	return r.column(w, top, resultUpright)
}

// column lays the result's text out from y top down a w-wide screen at
// the sizes ty, one rule for every screen: the verdict on a band (whose
// top and foot it returns) with the level under it, then under the band
// the results (the campaign's score and what it unlocked), why the
// battle ended, who is left standing and the last choice's failure.
func (r *Result) column(w, top float64, ty resultType) (lines []textLine, band [2]float64) {
	f := r.env.Fonts
	col := column{f: f, w: w, y: top}
	band[0] = col.y
	col.y += ty.pad
	kicker, head := r.Headline()
	if kicker != "" {
		col.add(kicker, ty.sub, true, systems.ColorTextDim, 8)
	}
	size := systems.FitSize(f, head, w-2*uprightMargin, ty.head...)
	col.add(head, size, true, systems.Shade(r.colour(), 1.3), 4)
	col.add(r.subtitle(), ty.sub, false, systems.ColorText, 0)
	col.y += ty.pad
	band[1] = col.y
	col.y += ty.gap
	if c := r.Campaign; c != nil {
		main, sub := c.lines()
		col.add(main, ty.score, true, systems.ColorAccent, 4)
		if sub != "" {
			col.add(sub, ty.unlock, false, systems.ColorText, 0)
		}
		col.y += ty.gap
	}
	if r.Why != "" {
		col.add(r.Why, ty.why, false, systems.ColorText, ty.why/2)
	}
	if len(r.Left) > 0 {
		col.add(r.leftLine(), ty.left, false, systems.ColorTextDim, ty.left/2)
	}
	if r.note != "" {
		col.add(r.note, ty.left, false, systems.ColorError, 0)
	}
	return col.lines, band
}

// drawUpright draws the result on a screen held upright: the text in a
// column (uprightLines) above the stacked buttons.
func (r *Result) drawUpright(dst *ebiten.Image) {
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	lines, band := r.uprightLines(w, h)
	c := r.colour()
	r.paint.Rect(dst, 0, band[0], w, band[1]-band[0], color.NRGBA{c.R, c.G, c.B, 0x30})
	r.paint.Rect(dst, 0, band[0], w, 4, c)
	r.paint.Rect(dst, 0, band[1]-4, w, 4, c)
	drawLines(&r.paint, lines)
	r.drawButtons(dst)
}
