package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// On a phone held upright with the screen following the page
// (Env.uprightScreen) the title is laid out on the upright screen
// rather than drawn 1280×720 and shrunk to a third: the name and, when
// there is room, the tagline at the top, and under them the menu in one
// column of short labels, each item and Help a finger high and most of
// the screen wide.

// The tall title's sizes, in the screen's pixels.
const (
	tallName    = 96.0  // the name
	tallTag     = 26.0  // the tagline
	tallLabel   = 32.0  // the items' labels
	tallItemW   = 560.0 // the items' width
	tallGap     = 12.0  // between items
	tallFoot    = 40.0  // under the last item
	tallReach   = 320.0 // the sight line's ends either side of the middle
	tallNameMin = 140.0 // the name's centre line keeps under the page's Import button
	tallNote    = 24.0  // the line saying why Continue failed
	tallTagGap  = 24.0  // between the name's middle plus half its size and the tagline
)

// screenSize returns the size of the screen the title is drawn on: the
// upright screen on a phone held upright with the screen following the
// page (Env.Screen), else 1280×720.
func (t *Title) screenSize() (w, h float64) { return t.env.Screen() }

// tall reports whether the title is laid out on a screen taller than
// wide (fit).
func (t *Title) tall() bool { return t.h > t.w }

// fitTall lays the menu out on the tall screen: one column at the foot,
// each item (and Help, after them) a finger high, short labels and no
// notes.
func (t *Title) fitTall() {
	m := &t.menu
	h := t.env.uprightTapH()
	rows := float64(len(m.Items) + 1) // the items and Help
	m.ItemH, m.Gap, m.ItemW, m.Columns, m.TextSize, m.NoteSize, m.Compact = h, tallGap, tallItemW, 1, tallLabel, 0, true
	m.Top = t.h - tallFoot - rows*(h+tallGap) + tallGap
}

// tallTagLines returns the tagline's lines on the tall screen: wrapped
// to its width, or none when they would not fit between the name and
// the menu.
func (t *Title) tallTagLines() []string {
	lines := systems.WrapText(t.env.Fonts, titleTagline, tallTag, t.w-2*uprightMargin)
	if t.tallNameY()+8+tallName/2+tallTagGap+float64(len(lines))*1.3*tallTag > t.menu.Top-16 {
		return nil
	}
	return lines
}

// tallNameY returns the name's centre line on the tall screen: the name
// and the tagline in the middle of the room over the menu, but low
// enough for the sight line to keep under the page's Import button.
func (t *Title) tallNameY() float64 {
	block := tallName + tallTagGap + 2*1.3*tallTag // the name and two lines of tagline
	return max(tallNameMin, (t.menu.Top-block)/2+tallName/2-8)
}

// drawTall draws the title on the tall screen dst: the backdrop grown to
// its height, the name struck through by the sight line, the tagline,
// the menu, Help and why Continue failed.
func (t *Title) drawTall(dst *ebiten.Image) {
	f := t.env.Fonts
	if t.back != nil {
		bw, bh := float64(t.back.Bounds().Dx()), float64(t.back.Bounds().Dy())
		k := t.h / bh
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(k, k)
		op.GeoM.Translate((t.w-bw*k)/2-titleDrift*math.Sin(float64(t.tick)/400), 0)
		dst.DrawImage(t.back, op)
	}
	cx, cy := t.w/2, t.nameY()
	t.drawSightMark(dst)
	f.Draw(dst, "SIGHTLINE", tallName, true, cx+4, cy+14, color.NRGBA{0, 0, 0, 0xa0}, systems.AlignCenter)
	f.Draw(dst, "SIGHTLINE", tallName, true, cx, cy+8, systems.ColorText, systems.AlignCenter)
	for i, l := range t.tallTagLines() {
		f.Draw(dst, l, tallTag, false, cx, cy+8+tallName/2+tallTagGap+(float64(i)+0.5)*1.3*tallTag, systems.ColorTextDim, systems.AlignCenter)
	}
	t.menu.DrawItems(dst, &t.paint, f, t.w, t.h)
	if t.note != "" {
		note := systems.Elide(f, t.note, tallNote, false, t.w-2*uprightMargin)
		f.Draw(dst, note, tallNote, false, cx, t.h-tallFoot/2, systems.ColorAccent, systems.AlignCenter)
	}
	b := t.helpButton()
	b.Draw(dst, &t.paint)
	t.paint.FlushText(dst, f)
}
