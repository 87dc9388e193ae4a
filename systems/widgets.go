package systems

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Button is a clickable labelled rectangle on screen.
type Button struct {
	// X, Y, W and H are the button's screen rectangle.
	X, Y, W, H float64
	// Label is the text shown.
	Label string
	// Key is the keyboard hint shown under the label ("" for none).
	Key string
	// Color is the button's fill.
	Color color.RGBA
	// Hover is true while the cursor is over it.
	Hover bool
	// Disabled greys it out.
	Disabled bool
	// Size is the label's text size (0: 20).
	Size float64
	// KeySize is the key hint's text size (0: 12).
	KeySize float64
}

// keySize returns the key hint's text size.
func (b *Button) keySize() float64 {
	if b.KeySize > 0 {
		return b.KeySize
	}
	return 12
}

// Contains reports whether the screen point (x, y) is on the button.
func (b *Button) Contains(x, y float64) bool {
	return x >= b.X && y >= b.Y && x < b.X+b.W && y < b.Y+b.H
}

// Draw draws the button; its text is queued on p for FlushText.
func (b *Button) Draw(dst *ebiten.Image, p *Painter) {
	fill := b.Color
	switch {
	case b.Disabled:
		fill = color.RGBA{0x37, 0x41, 0x51, 0xff}
	case b.Hover:
		fill = Shade(fill, 1.2)
	}
	p.RoundRect(dst, b.X, b.Y+3, b.W, b.H, 10, 0, color.NRGBA{0, 0, 0, 0x70})
	p.RoundRect(dst, b.X, b.Y, b.W, b.H, 10, 0, fill)
	p.RoundRect(dst, b.X, b.Y, b.W, b.H, 10, 2, Shade(fill, 0.55))
	txt := ColorText
	if b.Disabled {
		txt = ColorTextDim
	}
	cy := b.Y + b.H/2
	size := b.Size
	if size == 0 {
		size = 20
	}
	switch {
	case b.Key != "" && b.H < 48:
		// Too short for two lines: the key goes on the right of the label.
		p.Text(b.Label, size, true, b.X+b.W*0.4, cy, txt, AlignCenter)
		p.Text(b.Key, b.keySize(), false, b.X+b.W-14, cy-8, WithAlpha(txt, 0xb0), AlignRight)
		return
	case b.Key != "":
		ks := b.keySize()
		cy -= 7 * ks / 12
		p.Text(b.Key, ks, false, b.X+b.W/2, b.Y+b.H-14*ks/12, WithAlpha(txt, 0xb0), AlignCenter)
	}
	p.Text(b.Label, size, true, b.X+b.W/2, cy, txt, AlignCenter)
}

// buttonPad is the room a button's text keeps from each side edge.
const buttonPad = 6

// Overflow returns how many pixels the widest of the button's texts (its
// label and key hint, as Draw lays them out; a label cut by newlines, as
// the action bar's grid cuts one, line by line) runs past the button's
// inside; zero or less when they fit.
func (b *Button) Overflow(f *Fonts) float64 {
	size := b.Size
	if size == 0 {
		size = 20
	}
	if b.Key != "" && b.H < 48 {
		// The label centred at 40% of the width, the key right-aligned
		// 14 pixels in.
		lw, kw := f.Width(b.Label, size, true), f.Width(b.Key, b.keySize(), false)
		return max(lw/2-(b.W*0.4-buttonPad), b.W*0.4+lw/2+buttonPad-(b.W-14-kw))
	}
	lw := 0.0
	for _, l := range strings.Split(b.Label, "\n") {
		lw = max(lw, f.Width(l, size, true))
	}
	over := lw - (b.W - 2*buttonPad)
	if b.Key != "" {
		over = max(over, f.Width(b.Key, b.keySize(), false)-(b.W-2*buttonPad))
	}
	return over
}

// FitSize returns the largest of sizes (largest first) at which s, in
// bold, is at most w wide; the last when none is.
func FitSize(f *Fonts, s string, w float64, sizes ...float64) float64 {
	for _, size := range sizes {
		if f.Width(s, size, true) <= w {
			return size
		}
	}
	return sizes[len(sizes)-1]
}

// Panel is a HUD box: a rounded translucent card with an optional title
// and an accent strip. HUD parts (the unit card now; the action bar and
// combat log later) draw their content inside one.
type Panel struct {
	// X, Y, W and H are the panel's screen rectangle.
	X, Y, W, H float64
	// Title is drawn at the top ("" for none).
	Title string
	// Accent colours the strip on the panel's left edge.
	Accent color.RGBA
	// Solid draws it with nothing showing through: a card over the
	// battle (the briefing), whose words must not mix with the map's.
	Solid bool
}

// Contains reports whether the screen point (x, y) is on the panel.
func (pn *Panel) Contains(x, y float64) bool {
	return x >= pn.X && y >= pn.Y && x < pn.X+pn.W && y < pn.Y+pn.H
}

// Draw draws the panel's box and queues its title on p; the content is
// up to the caller.
func (pn *Panel) Draw(dst *ebiten.Image, p *Painter) {
	fill := ColorPanel
	if pn.Solid {
		fill = ColorPanelSolid
	}
	p.RoundRect(dst, pn.X, pn.Y, pn.W, pn.H, 10, 0, fill)
	p.RoundRect(dst, pn.X, pn.Y, pn.W, pn.H, 10, 1.5, ColorPanelEdge)
	if pn.Accent.A != 0 {
		p.RoundRect(dst, pn.X+6, pn.Y+10, 4, pn.H-20, 2, 0, pn.Accent)
	}
	if pn.Title != "" {
		p.Text(pn.Title, 13, true, pn.X+18, pn.Y+10, ColorTextDim, AlignLeft)
	}
}

// Elide returns s, cut with an ellipsis to at most w pixels wide at the
// given size.
func Elide(f *Fonts, s string, size float64, bold bool, w float64) string {
	if f.Width(s, size, bold) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && f.Width(string(r)+"…", size, bold) > w {
		r = r[:len(r)-1]
	}
	if len(r) == 0 {
		return ""
	}
	return strings.TrimRight(string(r), " ·") + "…"
}
