package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// On a phone held upright the screens that are not the battle's (the
// result, the handover between two players, the help card) are laid out
// on the upright screen (Env.Screen, uprightW wide) rather than drawn
// 1280×720 and shrunk to a third: their text in one centred column,
// wrapped to the screen's width and large enough to read, and their
// buttons stacked, each at least minTap page pixels high.

// uprightText is the smallest text an upright screen draws, in the
// screen's pixels: some 12 page pixels on a phone's page.
const uprightText = 24.0

// uprightMargin is the room an upright screen's text keeps from its
// sides.
const uprightMargin = 36.0

// textLine is one line of text a screen lays out: its words, size and
// weight, its colour, and the middle of the line (x, y).
type textLine struct {
	s      string
	size   float64
	bold   bool
	x, y   float64
	colour color.Color
	left   bool // x is the line's left end, not its middle
}

// box returns the rectangle the line takes on the screen, at fonts f.
func (l textLine) box(f *systems.Fonts) box {
	w := f.Width(l.s, l.size, l.bold)
	if l.left {
		return box{l.x, l.y - 0.6*l.size, w, 1.2 * l.size}
	}
	return box{l.x - w/2, l.y - 0.6*l.size, w, 1.2 * l.size}
}

// column lays lines of text out down the middle of a w-wide screen, each
// wrapped to the screen's width less its margins, from y down.
type column struct {
	f     *systems.Fonts
	w, y  float64
	lines []textLine
}

// add wraps s at size and lays its lines out under the last, then leaves
// gap pixels under them. Bold text is wrapped as it is measured: bold.
func (c *column) add(s string, size float64, bold bool, colour color.Color, gap float64) {
	room := c.w - 2*uprightMargin
	for _, p := range systems.Wrap(c.f, s, size, room, bold) {
		lh := math.Ceil(1.3 * size)
		c.lines = append(c.lines, textLine{s: p, size: size, bold: bold, x: c.w / 2, y: c.y + lh/2, colour: colour})
		c.y += lh
	}
	c.y += gap
}

// drawLines queues lines on p.
func drawLines(p *systems.Painter, lines []textLine) {
	for _, l := range lines {
		if l.left {
			p.Text(l.s, l.size, l.bold, l.x, l.y-0.6*l.size, l.colour, systems.AlignLeft)
			continue
		}
		p.Text(l.s, l.size, l.bold, l.x, l.y, l.colour, systems.AlignCenter)
	}
}

// stackButtons lays buttons out in a column in the middle of a w-wide
// screen, the last ending at y bottom: each uprightButtonW wide, bh high
// and gap apart, their labels at size. It returns the column's top.
func stackButtons(bs []*systems.Button, w, bottom, bh, gap, size float64) float64 {
	y := bottom - float64(len(bs))*(bh+gap) + gap
	for i, b := range bs {
		b.X, b.Y, b.W, b.H = (w-uprightButtonW)/2, y+float64(i)*(bh+gap), uprightButtonW, bh
		b.Size = size
	}
	return y
}

// uprightButtonW is how wide an upright screen's stacked buttons are.
const uprightButtonW = 560.0

// uprightTapH returns the height, in the screen's pixels, of a control a
// finger taps on the upright screen: at least minTap page pixels.
func (e *Env) uprightTapH() float64 { return math.Ceil(minTap / e.screenScale()) }

// isUpright reports whether an image is taller than wide: a screen laid
// out for a phone held upright.
func isUpright(dst *ebiten.Image) bool { return dst.Bounds().Dy() > dst.Bounds().Dx() }
