package systems

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/rules"
)

// Action bar sizes in screen pixels.
const (
	barButtonW   = 88.0
	barButtonH   = 34.0
	barGap       = 4.0
	barPad       = 8.0
	tooltipTextH = 16.0
)

// ActionBar is the row of action buttons at the bottom of the battle: one
// per action of the catalogue (package actions), each with its hotkey,
// greyed out with the rules' reason when the selected unit cannot take it.
// The active mode is outlined.
type ActionBar struct {
	// Fonts draws text.
	Fonts *Fonts
	// Shapes, when set, keeps the shapes it draws with other painters'
	// (Painter.Shapes; nil: its own).
	Shapes *ShapeStore
	// Mode is the action whose mode is active.
	Mode actions.ID
	// Touch is true while a finger is the pointer: the buttons show no
	// key badges, and the tooltips name no keys.
	Touch bool
	// Computes counts legality recomputations (tests check the caching).
	Computes int
	// Know says which enemies the side to move may see (nil: all): the
	// reasons of targeted actions only try (and name) those. Call
	// Invalidate when its answers change.
	Know Knowledge

	buttons []barButton
	grid    bool // laid out by PlaceGrid: one label size, long labels on two lines
	key     [3]int
	valid   bool
	hover   int
	x, y    float64
	w, h    float64
	paint   Painter
}

// barButton is one button: its action, label, legality and rectangle.
type barButton struct {
	spec       actions.Spec
	label      string
	err        error
	x, y, w, h float64
}

// NewActionBar returns a bar with every action but End Turn (the HUD has
// its own End Turn button).
func NewActionBar(f *Fonts) *ActionBar {
	b := &ActionBar{Fonts: f, hover: -1}
	for _, a := range actions.All() {
		if a.ID == actions.EndTurn {
			continue
		}
		b.buttons = append(b.buttons, barButton{spec: a, label: a.Label, err: actions.ErrNoTarget})
	}
	return b
}

// Refresh recomputes every button's label and legality for the unit (the
// catalogue's Label and Check), only when the unit or the state version
// changed since the last call.
// With no unit selected every button is disabled.
func (b *ActionBar) Refresh(s *rules.State, unit, version int) {
	k := [3]int{unit, version, int(s.Side)}
	if b.valid && k == b.key {
		return
	}
	b.key, b.valid = k, true
	b.Computes++
	for i := range b.buttons {
		bt := &b.buttons[i]
		bt.label = bt.spec.ID.Label(s, unit)
		if s.Unit(unit) == nil {
			bt.err = actions.ErrNoUnit
			continue
		}
		bt.err = bt.spec.ID.Check(s, unit, knowsFunc(b.Know))
	}
}

// Invalidate forces the next Refresh to recompute.
func (b *ActionBar) Invalidate() { b.valid = false }

// Place lays the buttons out in rows inside a strip of width w whose
// bottom edge is at bottom, centred on cx, and returns the strip's height.
func (b *ActionBar) Place(cx, bottom, w float64) float64 {
	perRow := max(1, int((w-2*barPad+barGap)/(barButtonW+barGap)))
	rows := (len(b.buttons) + perRow - 1) / perRow
	perRow = (len(b.buttons) + rows - 1) / rows
	b.w = float64(perRow)*(barButtonW+barGap) - barGap + 2*barPad
	b.h = float64(rows)*(barButtonH+barGap) - barGap + 2*barPad
	b.x, b.y = cx-b.w/2, bottom-b.h
	b.grid = false
	for i := range b.buttons {
		r, c := i/perRow, i%perRow
		bt := &b.buttons[i]
		bt.x = b.x + barPad + float64(c)*(barButtonW+barGap)
		bt.y = b.y + barPad + float64(r)*(barButtonH+barGap)
		bt.w, bt.h = barButtonW, barButtonH
	}
	return b.h
}

// PlaceGrid lays the buttons out cols to a row, each bh high, sharing
// the width of a strip w wide from x whose bottom edge is at bottom (the
// upright layout's, where each is a fingertip high), and returns the
// strip's height.
func (b *ActionBar) PlaceGrid(x, bottom, w float64, cols int, bh float64) float64 {
	cols = max(cols, 1)
	rows := (len(b.buttons) + cols - 1) / cols
	bw := (w - 2*barPad - float64(cols-1)*barGap) / float64(cols)
	b.w = w
	b.h = float64(rows)*(bh+barGap) - barGap + 2*barPad
	b.x, b.y = x, bottom-b.h
	b.grid = true
	for i := range b.buttons {
		bt := &b.buttons[i]
		bt.x = b.x + barPad + float64(i%cols)*(bw+barGap)
		bt.y = b.y + barPad + float64(i/cols)*(bh+barGap)
		bt.w, bt.h = bw, bh
	}
	return b.h
}

// Len returns how many buttons the bar has.
func (b *ActionBar) Len() int { return len(b.buttons) }

// Buttons returns the bar's buttons as Buttons, each with the label it
// shows, its lines cut by newlines, and the width its text may take (the
// key badge's room taken off: Button.Overflow measures it).
func (b *ActionBar) Buttons() []Button {
	out := make([]Button, len(b.buttons))
	size := b.gridLabelSize()
	for i, bt := range b.buttons {
		out[i] = Button{X: bt.x, Y: bt.y, W: b.labelW(bt), H: bt.h, Label: strings.Join(b.labelLines(bt, size), "\n"), Size: b.labelSize(bt, size)}
	}
	return out
}

// labelW is the width a button's label may take, its margins and the key
// badge's room taken off (the label sits 3 right of centre, past it) and
// given back for the margins Button.Overflow takes.
func (b *ActionBar) labelW(bt barButton) float64 {
	if b.Touch || b.grid { // in the grid the badge sits over the label's line
		return bt.w
	}
	return bt.w - 2*3
}

// barLabelSizes are the sizes an action's label may take, largest first.
var barLabelSizes = []float64{13, 12, 11, 10}

// barLineH is the room of a line of a label cut in two, in text sizes.
const barLineH = 1.15

// labelSize is the text size of a button's label: in the grid, size, the
// whole bar's (gridLabelSize); in a row, 13, or smaller for a label that
// would not fit ("Pile Through").
func (b *ActionBar) labelSize(bt barButton, size float64) float64 {
	if b.grid {
		return size
	}
	return FitSize(b.Fonts, bt.label, b.labelW(bt)-2*buttonPad, barLabelSizes...)
}

// labelLines returns a button's label as it is drawn at size: in the
// grid cut at its spaces where it is too wide for one line ("Pile" over
// "Through"), else in one line.
func (b *ActionBar) labelLines(bt barButton, size float64) []string {
	if !b.grid {
		return []string{bt.label}
	}
	return Wrap(b.Fonts, bt.label, size, b.labelW(bt)-2*buttonPad, true)
}

// gridLabelSize returns the one size of every label in the grid: the
// largest of barLabelSizes at which each label, cut at its spaces onto
// two lines at most, fits inside its button, so that no label is drawn
// smaller than the others (0 outside the grid).
func (b *ActionBar) gridLabelSize() float64 {
	if !b.grid {
		return 0
	}
	for _, size := range barLabelSizes {
		if b.labelsFit(size) {
			return size
		}
	}
	return barLabelSizes[len(barLabelSizes)-1]
}

// labelsFit reports whether every label fits its button at size, cut as
// labelLines cuts it.
func (b *ActionBar) labelsFit(size float64) bool {
	for _, bt := range b.buttons {
		w := b.labelW(bt) - 2*buttonPad
		lines := Wrap(b.Fonts, bt.label, size, w, true)
		if len(lines) > 2 || float64(len(lines))*size*barLineH > bt.h-2*buttonPad {
			return false
		}
		for _, l := range lines {
			if b.Fonts.Width(l, size, true) > w {
				return false
			}
		}
	}
	return true
}

// Bounds returns the bar's screen rectangle.
func (b *ActionBar) Bounds() (x, y, w, h float64) { return b.x, b.y, b.w, b.h }

// Covers reports whether the screen point is on the bar.
func (b *ActionBar) Covers(x, y float64) bool {
	return x >= b.x && y >= b.y && x < b.x+b.w && y < b.y+b.h
}

// At returns the action of the button under the screen point.
func (b *ActionBar) At(x, y float64) (actions.ID, bool) {
	if i := b.index(x, y); i >= 0 {
		return b.buttons[i].spec.ID, true
	}
	return 0, false
}

func (b *ActionBar) index(x, y float64) int {
	for i, bt := range b.buttons {
		if x >= bt.x && y >= bt.y && x < bt.x+bt.w && y < bt.y+bt.h {
			return i
		}
	}
	return -1
}

// ButtonCenter returns the screen centre of an action's button.
func (b *ActionBar) ButtonCenter(id actions.ID) (x, y float64, ok bool) {
	for _, bt := range b.buttons {
		if bt.spec.ID == id {
			return bt.x + bt.w/2, bt.y + bt.h/2, true
		}
	}
	return 0, 0, false
}

// Hover tracks the cursor for the tooltip.
func (b *ActionBar) Hover(x, y float64) { b.hover = b.index(x, y) }

// Err returns why an action is illegal now (nil when it is legal). End
// Turn and actions not on the bar report nil.
func (b *ActionBar) Err(id actions.ID) error {
	for _, bt := range b.buttons {
		if bt.spec.ID == id {
			return bt.err
		}
	}
	return nil
}

// Enabled reports whether an action's button is clickable.
func (b *ActionBar) Enabled(id actions.ID) bool { return b.Err(id) == nil }

// Label returns the label shown on an action's button.
func (b *ActionBar) Label(id actions.ID) string {
	for _, bt := range b.buttons {
		if bt.spec.ID == id {
			return bt.label
		}
	}
	return id.String()
}

// Tooltip returns the text shown for the hovered button: the reason when it
// is greyed out, else its label and hotkey ("" when none is hovered).
func (b *ActionBar) Tooltip() string {
	if b.hover < 0 || b.hover >= len(b.buttons) {
		return ""
	}
	bt := b.buttons[b.hover]
	if bt.err != nil {
		return bt.label + ": " + actions.Reason(bt.err)
	}
	key := " [" + keyName(bt.spec.Key) + "]"
	if b.Touch {
		key = ""
	}
	if bt.spec.Help != "" {
		return bt.label + key + ": " + bt.spec.Help
	}
	return bt.label + key
}

// keyName returns a hotkey as printed on the button.
func keyName(r rune) string { return strings.ToUpper(string(r)) }

// Draw draws the bar and the tooltip of the hovered button.
func (b *ActionBar) Draw(dst *ebiten.Image) {
	p, f := &b.paint, b.Fonts
	p.Shapes = b.Shapes
	p.RoundRect(dst, b.x, b.y, b.w, b.h, 12, 0, ColorPanel)
	p.RoundRect(dst, b.x, b.y, b.w, b.h, 12, 1.5, ColorPanelEdge)
	size := b.gridLabelSize()
	for i, bt := range b.buttons {
		fill := color.RGBA{0x1f, 0x2a, 0x3c, 0xff}
		txt := ColorText
		switch {
		case bt.err != nil:
			fill = color.RGBA{0x14, 0x19, 0x22, 0xff}
			txt = color.RGBA{0x5b, 0x63, 0x70, 0xff}
		case bt.spec.ID == b.Mode:
			fill = color.RGBA{0x3b, 0x33, 0x0b, 0xff}
		case i == b.hover:
			fill = Shade(fill, 1.25)
		}
		p.RoundRect(dst, bt.x, bt.y, bt.w, bt.h, 7, 0, fill)
		edge := color.RGBA{0x37, 0x41, 0x51, 0xff}
		if bt.err == nil && bt.spec.ID == b.Mode {
			edge = ColorAccent
		}
		p.RoundRect(dst, bt.x, bt.y, bt.w, bt.h, 7, 1.5, edge)
		ls, dx := b.labelSize(bt, size), 3.0 // the label sits past the key badge
		if b.Touch || b.grid {
			dx = 0
		} else {
			// Key badge.
			kc := ColorAccent
			if bt.err != nil {
				kc = txt
			}
			p.RoundRect(dst, bt.x+3, bt.y+3, 13, 13, 3, 0, color.RGBA{0x0b, 0x10, 0x18, 0xff})
			p.Text(keyName(bt.spec.Key), 10, true, bt.x+9.5, bt.y+9.5, kc, AlignCenter)
		}
		lines := b.labelLines(bt, size)
		top := bt.y + bt.h/2 + dx - float64(len(lines)-1)*ls*barLineH/2
		for j, l := range lines {
			p.Text(l, ls, true, bt.x+bt.w/2+dx, top+float64(j)*ls*barLineH, txt, AlignCenter)
		}
	}
	p.FlushText(dst, f)
	if tip := b.Tooltip(); tip != "" {
		bt := b.buttons[b.hover]
		drawTooltip(dst, p, f, tip, bt.x+bt.w/2, b.y-8, bt.err != nil)
		p.FlushText(dst, f)
	}
}

// drawTooltip draws a one-line tip whose bottom centre is at (cx, bottom),
// kept on screen; warn draws it in the error colour.
func drawTooltip(dst *ebiten.Image, p *Painter, f *Fonts, tip string, cx, bottom float64, warn bool) {
	w := f.Width(tip, 14, false) + 24
	sw := float64(dst.Bounds().Dx())
	x := min(max(cx-w/2, 8), sw-w-8)
	y := bottom - tooltipTextH - 14
	edge := ColorPanelEdge
	if warn {
		edge = ColorError
	}
	p.RoundRect(dst, x, y, w, tooltipTextH+14, 7, 0, color.RGBA{0x0b, 0x10, 0x18, 0xf4})
	p.RoundRect(dst, x, y, w, tooltipTextH+14, 7, 1.5, edge)
	c := ColorText
	if warn {
		c = Shade(ColorError, 1.3)
	}
	p.Text(tip, 14, false, x+w/2, y+(tooltipTextH+14)/2, c, AlignCenter)
}
