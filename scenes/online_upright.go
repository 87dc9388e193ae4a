package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// On a phone held upright with the screen following the page
// (Env.uprightScreen) "Play online" is laid out on the upright screen:
// the heading, the server's field and the link's, each a finger high
// with its label to its left, the menu's items in one column a finger
// high, as many held matches as the room leaves, and under them the
// link to send and the last note, wrapped to the screen.

// The upright layout's measures, in the screen's pixels.
const (
	upOnHeadY  = 50.0  // the heading's middle
	upOnHead   = 44.0  // the heading's size
	upOnTop    = 100.0 // the server field's top
	upOnX      = 24.0  // the margins
	upOnLabelW = 150.0 // the fields' labels' column
	upOnGap    = 10.0  // between fields and between items
	upOnLabel  = 30.0  // an item's label
	upOnFoot   = 260.0 // the room under the items: the link to send and the note
)

// screenSize returns the size of the screen "Play online" is drawn on:
// the upright screen on a phone held upright with the screen following
// the page (Env.Screen), else 1280×720.
func (o *OnlineMenu) screenSize() (w, h float64) { return o.env.Screen() }

// upright reports whether the screen is laid out taller than wide.
func (o *OnlineMenu) upright() bool {
	w, h := o.screenSize()
	return h > w
}

// layout places the fields and sizes the menu for the screen: on one
// wider than high where they always were; held upright as said above.
func (o *OnlineMenu) layout() (w, h float64) {
	w, h = o.screenSize()
	f, m := &o.fields, &o.menu
	if h <= w {
		f.server.X, f.server.Y, f.server.W, f.server.H, f.server.Size = fieldLeft, serverTop, fieldW, fieldH, fieldText
		f.join.X, f.join.Y, f.join.W, f.join.H, f.join.Size = fieldLeft, joinTop, fieldW, fieldH, fieldText
		m.Top, m.ItemH, m.Gap, m.ItemW, m.TextSize, m.NoteSize = 222, 38, 6, 0, 0, 0
		f.join.Hint = joinHint(o.env.Paste)
		return w, h
	}
	th := o.env.uprightTapH()
	for i, t := range []*systems.TextField{&f.server, &f.join} {
		t.X, t.Y, t.W, t.H, t.Size = upOnX+upOnLabelW, upOnTop+float64(i)*(th+upOnGap), w-2*upOnX-upOnLabelW, th, uprightText
	}
	m.Top, m.ItemH, m.Gap, m.ItemW = f.join.Y+th+2*upOnGap, th, upOnGap, w-2*upOnX
	m.TextSize, m.NoteSize = upOnLabel, uprightText
	f.join.Hint = "Tap, then paste the link"
	return w, h
}

// uprightSeats returns how many held matches the upright menu has room
// for, its other items taking theirs (at most five, as on a wider
// screen).
func (o *OnlineMenu) uprightSeats() int {
	_, h := o.layout()
	m := &o.menu
	fit := int(math.Floor((h - upOnFoot - m.Top + m.Gap) / (m.ItemH + m.Gap)))
	others := 4 // the level, the two creates, Back
	if o.mine != nil {
		others++
	}
	return max(0, min(5, fit-others))
}

// fieldLabels names the fields as their labels say: with their keys on a
// screen wider than high, without held upright (a phone has no keys).
func (o *OnlineMenu) fieldLabels() (server, join string) {
	if o.upright() {
		return "Server", "Join a link"
	}
	return "Server (S)", "Join a link (J)"
}

// uprightFoot lays the link to send and the note out under the items on
// the w-wide screen held upright, each wrapped to it; a link, which has
// no spaces, is broken where it meets the screen's edge.
func (o *OnlineMenu) uprightFoot(w float64) []textLine {
	bs := o.menu.Buttons(o.screenSize())
	y := o.menu.Top
	if n := len(bs); n > 0 {
		y = bs[n-1].Y + bs[n-1].H
	}
	col := column{f: o.env.Fonts, w: w, y: y + 20}
	if o.link != "" {
		col.add("Send this link to your friend ("+o.env.levelTitle(o.mine.Level)+", they play "+otherSide(o.mine.Side)+"):", uprightText, false, systems.ColorText, 4)
		for _, part := range breakWord(o.env.Fonts, o.link, uprightText, w-2*uprightMargin) {
			col.add(part, uprightText, false, systems.ColorAccent, 0)
		}
		col.y += 12
	}
	if o.note != "" {
		col.add(o.note, uprightText, false, systems.ColorError, 0)
	}
	return col.lines
}

// breakWord cuts s into pieces each at most w wide at size.
func breakWord(f *systems.Fonts, s string, size, w float64) []string {
	var out []string
	r := []rune(s)
	for len(r) > 0 {
		n := len(r)
		for n > 1 && f.Width(string(r[:n]), size, false) > w {
			n--
		}
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return out
}

// drawUpright draws the screen held upright on the w×h dst.
func (o *OnlineMenu) drawUpright(dst *ebiten.Image, w, h float64) {
	f, p := o.env.Fonts, &o.paint
	p.Text("PLAY ONLINE", upOnHead, true, w/2, upOnHeadY, systems.ColorText, systems.AlignCenter)
	o.drawFields(dst)
	o.menu.DrawItems(dst, p, f, w, h)
	drawLines(p, o.uprightFoot(w))
	p.FlushText(dst, f)
}
