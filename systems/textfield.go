package systems

import (
	"image"
	"image/color"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
)

// fieldMaxRunes is how long a field's text may grow when Max is 0.
const fieldMaxRunes = 512

// fieldPad is the space between a field's box and its text.
const fieldPad = 10.0

// fieldBlink is the caret's blink half-period, in ticks.
const fieldBlink = 30

// FieldEvent is what a TextField's Update reports.
type FieldEvent int

// The events of a TextField.
const (
	// FieldNone: nothing this frame worth a screen's attention.
	FieldNone FieldEvent = iota
	// FieldFocused: a click on the box gave it the focus.
	FieldFocused
	// FieldEdited: the text changed.
	FieldEdited
	// FieldDone: Enter was pressed in the focused field.
	FieldDone
	// FieldCancelled: Esc (or a right click) was pressed in the focused
	// field; the focus left it.
	FieldCancelled
)

// TextField is a one-line box of text the player types into. While it
// has the focus, typed and pasted text (IntentText) goes in at the
// caret, Backspace and Delete erase around it, Left/Right and Home/End
// move it, Enter answers FieldDone and Esc FieldCancelled. A click on
// the box gives it the focus, a click elsewhere takes it away. The text
// is drawn clipped to the box, scrolled to keep the caret in view.
type TextField struct {
	// X, Y, W and H are the box's screen rectangle.
	X, Y, W, H float64
	// Size is the text's size (0: 18).
	Size float64
	// Hint is the dim text shown while the field is empty.
	Hint string
	// Max is the most characters the text may hold (0: 512).
	Max int

	text    []rune
	caret   int     // runes before the caret
	scroll  float64 // how much of the text is scrolled off the box's left
	focused bool
	ticks   int // ticks since the last change, for the caret's blink
}

// Text returns the field's text.
func (t *TextField) Text() string { return string(t.text) }

// SetText replaces the text, the caret at its end.
func (t *TextField) SetText(s string) {
	t.text, t.caret = t.text[:0], 0
	t.insert(s)
	t.caret = len(t.text)
}

// Caret returns how many characters are before the caret.
func (t *TextField) Caret() int { return t.caret }

// Focused reports whether the field has the focus.
func (t *TextField) Focused() bool { return t.focused }

// SetFocus gives the field the focus or takes it away.
func (t *TextField) SetFocus(on bool) {
	t.focused, t.ticks = on, 0
}

// Contains reports whether the screen point (x, y) is on the box.
func (t *TextField) Contains(x, y float64) bool {
	return x >= t.X && y >= t.Y && x < t.X+t.W && y < t.Y+t.H
}

// size returns the text's size.
func (t *TextField) size() float64 {
	if t.Size > 0 {
		return t.Size
	}
	return 18
}

// max returns the most runes the text may hold.
func (t *TextField) max() int {
	if t.Max > 0 {
		return t.Max
	}
	return fieldMaxRunes
}

// insert puts s in at the caret: its line breaks and tabs become
// spaces, other control characters are dropped, and what would run past
// Max is cut.
func (t *TextField) insert(s string) bool {
	changed := false
	for _, r := range s {
		switch {
		case len(t.text) >= t.max():
			return changed
		case r == '\n' || r == '\r' || r == '\t':
			r = ' '
		case !unicode.IsPrint(r):
			continue
		}
		t.text = append(t.text, 0)
		copy(t.text[t.caret+1:], t.text[t.caret:])
		t.text[t.caret] = r
		t.caret++
		changed = true
	}
	return changed
}

// Update handles this frame's intents and reports the last event they
// made. A field without the focus only looks for a click on its box.
func (t *TextField) Update(in []Intent) FieldEvent {
	t.ticks++
	ev := FieldNone
	for _, it := range in {
		if it.Kind == IntentClick {
			switch on := t.Contains(it.X, it.Y); {
			case on && !t.focused:
				t.SetFocus(true)
				t.caret = len(t.text)
				ev = FieldFocused
			case !on && t.focused:
				t.SetFocus(false)
			}
			continue
		}
		if !t.focused {
			continue
		}
		changed := false
		switch it.Kind {
		case IntentText:
			changed = t.insert(it.Text)
		case IntentErase:
			if t.caret > 0 {
				t.text = append(t.text[:t.caret-1], t.text[t.caret:]...)
				t.caret--
				changed = true
			}
		case IntentDelete:
			if t.caret < len(t.text) {
				t.text = append(t.text[:t.caret], t.text[t.caret+1:]...)
				changed = true
			}
		case IntentLeft:
			t.caret = max(t.caret-1, 0)
		case IntentRight:
			t.caret = min(t.caret+1, len(t.text))
		case IntentHome:
			t.caret = 0
		case IntentEnd:
			t.caret = len(t.text)
		case IntentConfirm:
			ev = FieldDone
		case IntentBack, IntentCancel:
			t.SetFocus(false)
			return FieldCancelled
		default:
			continue
		}
		t.ticks = 0
		if changed {
			ev = FieldEdited
		}
	}
	return ev
}

// follow scrolls the text so the caret, width caretX from the text's
// start, shows in a box whose text area is inner wide.
func (t *TextField) follow(caretX, inner float64) {
	switch {
	case caretX-t.scroll > inner:
		t.scroll = caretX - inner
	case caretX < t.scroll:
		t.scroll = caretX
	}
	t.scroll = max(t.scroll, 0)
}

// fieldColor and fieldFocusColor are a field's fill, and its border
// while it has the focus.
var (
	fieldColor      = color.RGBA{0x14, 0x1c, 0x2a, 0xff}
	fieldFocusColor = color.RGBA{0x4d, 0x9c, 0xf0, 0xff}
)

// Draw draws the box, the text clipped to it and, while the field has
// the focus, a blinking caret.
func (t *TextField) Draw(dst *ebiten.Image, p *Painter, f *Fonts) {
	border := Shade(MenuItemColor, 1.3)
	if t.focused {
		border = fieldFocusColor
	}
	p.RoundRect(dst, t.X, t.Y, t.W, t.H, 6, 0, fieldColor)
	p.RoundRect(dst, t.X, t.Y, t.W, t.H, 6, 2, border)
	size := t.size()
	inner := t.W - 2*fieldPad
	caretX := f.Width(string(t.text[:t.caret]), size, false)
	t.follow(caretX, inner)
	box := image.Rect(int(t.X+fieldPad/2), int(t.Y), int(t.X+t.W-fieldPad/2), int(t.Y+t.H))
	clip, ok := dst.SubImage(box.Intersect(dst.Bounds())).(*ebiten.Image)
	if !ok || box.Empty() {
		return
	}
	left, mid := t.X+fieldPad, t.Y+t.H/2
	top := mid - size*0.65
	if len(t.text) == 0 && t.Hint != "" && !t.focused {
		f.Draw(clip, t.Hint, size, false, left, top, ColorTextDim, AlignLeft)
	} else {
		f.Draw(clip, string(t.text), size, false, left-t.scroll, top, ColorText, AlignLeft)
	}
	if t.focused && (t.ticks/fieldBlink)%2 == 0 {
		x := left - t.scroll + caretX
		p.Rect(dst, x, mid-size*0.6, 2, size*1.2, ColorText)
	}
}

// Visible returns the part of the text drawn in the box, as far as f
// measures it, after the last Draw's scroll: what a player sees.
func (t *TextField) Visible(f *Fonts) string {
	size, inner := t.size(), t.W-2*fieldPad
	var b strings.Builder
	x := 0.0
	for _, r := range t.text {
		w := f.Width(string(r), size, false)
		if x+w > t.scroll && x < t.scroll+inner+0.5 {
			b.WriteRune(r)
		}
		x += w
	}
	return b.String()
}
