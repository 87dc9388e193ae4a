package scenes

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// uprightLayout lays the briefing card out on the furniture's sw×sh
// screen of a battle held upright: a card most of the screen wide, a
// little above the middle, its title, its lines and how to go on (once
// the guard is over) large enough to read (12 page pixels and more). It
// returns the card's box and its lines.
func (c *briefingCard) uprightLayout(sw, sh float64) (card box, lines []textLine) {
	b := c.b
	k := b.env.screenScale() * max(b.lay.scale, 1) // page pixels a furniture pixel takes
	size := max(18, math.Ceil(12.5/k))
	lh := math.Ceil(1.4 * size)
	w := sw - 32
	x := (sw - w) / 2
	var body []textLine
	y := 0.0
	for _, l := range c.lines {
		col := l.colour(b.env.Theme())
		for _, part := range c.wraps.wrap(b.env.Fonts, l.text, size, w-2*24) {
			body = append(body, textLine{s: part, size: size, x: x + 24, y: y + lh/2, colour: col, left: true})
			y += lh
		}
	}
	title := math.Ceil(13.5 / k)
	head := 24 + 1.4*title + 16
	foot := 32 + 1.4*size + 24
	h := head + y + foot
	top := max(16, (sh-h)/2-0.1*sh)
	lines = append(lines, textLine{s: "BRIEFING · " + strings.ToUpper(b.name), size: title, bold: true, x: x + 24, y: top + 24 + 0.7*title, colour: systems.ColorTextDim, left: true})
	for _, l := range body {
		l.y += top + head
		lines = append(lines, l)
	}
	if c.up > briefingGuard {
		lines = append(lines, textLine{s: "TAP TO GO ON", size: size, bold: true, x: sw / 2, y: top + h - 24 - 0.7*size, colour: promptColour(c.up, briefingGuard)})
	}
	return box{x, top, w, h}, lines
}

// drawUpright draws the card on the furniture's sw×sh screen of a battle
// held upright (uprightLayout).
func (c *briefingCard) drawUpright(dst *ebiten.Image, sw, sh float64) {
	p := &c.b.ui.paint
	card, lines := c.uprightLayout(sw, sh)
	p.Rect(dst, 0, 0, sw, sh, systems.WithAlpha(systems.ColorBackground, 0xb0))
	pn := systems.Panel{X: card.x, Y: card.y, W: card.w, H: card.h, Accent: systems.ColorAccent, Solid: true}
	pn.Draw(dst, p)
	drawLines(p, lines)
	p.FlushText(dst, c.b.env.Fonts)
}
