package systems

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// MenuItem is one choice of a Menu.
type MenuItem struct {
	// Label is the choice's text; Note a dim line under it ("" for none).
	Label, Note string
	// Short is the label where room is short (Menu.Compact); "" keeps
	// Label.
	Short string
	// Disabled greys the choice out: it cannot be chosen.
	Disabled bool
}

// Menu is a column of choices in a card over the dimmed screen: a title,
// a line of text, and items chosen with a click, Up/Down and Enter, or
// their number key (1-9). Esc answers Back.
type Menu struct {
	// Title and Text head the card.
	Title, Text string
	// Items are the choices, top to bottom.
	Items []MenuItem
	// Top, when above 0, is where the first item starts instead of the
	// list being centred (a screen with its own heading above it).
	Top float64
	// ItemH and Gap, when above 0, are each item's height and the space
	// between items instead of the card's (a screen with many choices).
	ItemH, Gap float64
	// ItemW, when above 0, is each item's width instead of the card's.
	ItemW float64
	// Columns, when above 0, is how many columns the items take (filled
	// row by row) instead of one, or two for a list too long for one.
	Columns int
	// TextSize and NoteSize, when above 0, are the sizes of each item's
	// label and note instead of the buttons' own.
	TextSize, NoteSize float64
	// Compact draws each item's Short label, when it has one, and no
	// note (a phone held upright, where the items are few words wide).
	Compact bool
	// Big, when above 1, grows the card's heading (its title, its text
	// and their room) by that much, and the card as wide as its items
	// need (a phone held upright). Text may then be cut in lines by
	// newlines, each drawn under the last.
	Big float64

	focus   int
	buttons []Button
}

// big returns the heading's growth: Big, at least 1.
func (m *Menu) big() float64 { return max(m.Big, 1) }

// textLines returns the card's text cut at its newlines.
func (m *Menu) textLines() []string {
	if m.Text == "" {
		return nil
	}
	return strings.Split(m.Text, "\n")
}

// head returns the height of the card's heading: its title and text.
func (m *Menu) head() float64 {
	n := max(len(m.textLines()), 1)
	return menuHead*m.big() + float64(n-1)*menuLine*m.big()
}

// cardW returns the card's width: menuW, or with Big as wide as its
// items and their room.
func (m *Menu) cardW(bw float64, cols int) float64 {
	if m.Big <= 1 {
		return menuW
	}
	return max(menuW, float64(cols)*bw+40)
}

// Focus returns the index of the item with the focus.
func (m *Menu) Focus() int { return m.focus }

// MenuBack is what Update returns when the player backs out (Esc or a
// right click); MenuNone when nothing was chosen this frame.
const (
	MenuNone = -1
	MenuBack = -2
)

// MenuItemColor is the fill of a menu's item without the focus, and of a
// screen's own button that takes no focus beside its menu (the title's
// Help): drawn brighter, such a button would look chosen.
var MenuItemColor = color.RGBA{0x24, 0x34, 0x4c, 0xff}

// menuFocusColor is the fill of the menu's item with the focus.
var menuFocusColor = color.RGBA{0x1d, 0x5c, 0xa8, 0xff}

const (
	menuW     = 460.0
	menuItemH = 52.0
	menuGap   = 10.0
	menuHead  = 110.0
	menuLine  = 20.0 // the room of each line of the text past the first

	menuTitleY   = 26.0 // the title's centre under the card's top
	menuTextTop  = 70.0 // the text's first line's centre under the card's top
	menuTextFoot = 24.0 // on a card with no items, the room under the last line's centre
)

// grid returns where the menu's places go on a w×h screen: the first's
// top-left corner, each one's size, the space between rows and how many
// columns there are (filled row by row): one, or two when a menu placed
// at Top would run off the bottom, or Columns.
func (m *Menu) grid(w, h float64) (left, top, bw, ih, gap float64, cols int) {
	ih, gap = menuItemH, menuGap
	if m.ItemH > 0 {
		ih = m.ItemH
	}
	if m.Gap > 0 {
		gap = m.Gap
	}
	total := m.head() + float64(len(m.Items))*(ih+gap) + 20
	top = (h-total)/2 + m.head()
	cols = 1
	if m.Top > 0 {
		top = m.Top
		if top+float64(len(m.Items))*(ih+gap) > h-gap {
			cols = 2
		}
	}
	if m.Columns > 0 {
		cols = m.Columns
	}
	bw = menuW - 40
	if m.ItemW > 0 {
		bw = m.ItemW
	}
	left = (w - float64(cols)*bw - float64(cols-1)*2*gap) / 2
	return left, top, bw, ih, gap, cols
}

// Slot returns the rectangle of the i-th place of the menu's grid on a
// w×h screen, as Update lays it out: an item's for i < len(Items), the
// next free places after them (a screen's own button beside its menu).
func (m *Menu) Slot(i int, w, h float64) Button {
	left, top, bw, ih, gap, cols := m.grid(w, h)
	c, r := i%cols, i/cols
	return Button{X: left + float64(c)*(bw+2*gap), Y: top + float64(r)*(ih+gap), W: bw, H: ih}
}

// layout places the buttons on a w×h screen (grid).
func (m *Menu) layout(w, h float64) {
	m.buttons = m.buttons[:0]
	for i, it := range m.Items {
		b := m.Slot(i, w, h)
		b.Label, b.Key, b.Color, b.Disabled, b.Size, b.KeySize = it.Label, it.Note, MenuItemColor, it.Disabled, m.TextSize, m.NoteSize
		if m.Compact {
			b.Key = ""
			if it.Short != "" {
				b.Label = it.Short
			}
		}
		m.buttons = append(m.buttons, b)
	}
}

// Update handles this frame's intents on a w×h screen and returns the
// index of the item chosen, MenuBack, or MenuNone.
func (m *Menu) Update(in []Intent, w, h float64) int {
	m.layout(w, h)
	m.focus = min(max(m.focus, 0), max(len(m.Items)-1, 0))
	move := func(d int) {
		for i := 1; i <= len(m.Items); i++ {
			j := ((m.focus+d*i)%len(m.Items) + len(m.Items)) % len(m.Items)
			if !m.Items[j].Disabled {
				m.focus = j
				return
			}
		}
	}
	if len(m.Items) > 0 && m.Items[m.focus].Disabled {
		move(1)
	}
	for _, it := range in {
		switch it.Kind {
		case IntentBack, IntentCancel:
			return MenuBack
		case IntentUp:
			move(-1)
		case IntentDown, IntentCycle:
			move(1)
		case IntentConfirm, IntentSkip:
			if len(m.Items) > 0 && !m.Items[m.focus].Disabled {
				return m.focus
			}
		case IntentKey:
			if k := int(KeyOf(it) - '1'); k >= 0 && k < len(m.Items) && !m.Items[k].Disabled {
				return k
			}
		case IntentHover:
			for i := range m.buttons {
				if m.buttons[i].Contains(it.X, it.Y) && !m.Items[i].Disabled {
					m.focus = i
				}
			}
		case IntentClick:
			for i := range m.buttons {
				if m.buttons[i].Contains(it.X, it.Y) && !m.Items[i].Disabled {
					return i
				}
			}
		}
	}
	return MenuNone
}

// Buttons returns the items' buttons as laid out on a w×h screen.
func (m *Menu) Buttons(w, h float64) []Button {
	m.layout(w, h)
	return append([]Button(nil), m.buttons...)
}

// ItemAt returns the screen centre of item i (for tests and tutorials).
func (m *Menu) ItemAt(i int, w, h float64) (x, y float64) {
	m.layout(w, h)
	b := m.buttons[i]
	return b.X + b.W/2, b.Y + b.H/2
}

// DrawItems draws the items alone, laid out for a w×h screen (as Update
// was given), with no card: a screen's own menu.
func (m *Menu) DrawItems(dst *ebiten.Image, p *Painter, f *Fonts, w, h float64) {
	m.layout(w, h)
	m.drawButtons(dst, p, f)
}

func (m *Menu) drawButtons(dst *ebiten.Image, p *Painter, f *Fonts) {
	for i := range m.buttons {
		b := &m.buttons[i]
		b.Hover = i == m.focus && !b.Disabled
		if b.Hover {
			b.Color = menuFocusColor
		}
		b.Draw(dst, p)
	}
	p.FlushText(dst, f)
}

// Draw dims dst and draws the card.
func (m *Menu) Draw(dst *ebiten.Image, p *Painter, f *Fonts) {
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	m.layout(w, h)
	p.Rect(dst, 0, 0, w, h, color.NRGBA{0x05, 0x08, 0x0e, 0xc0})
	total, cw := m.head()+float64(len(m.Items))*(menuItemH+menuGap)+20, menuW
	if m.Big > 1 {
		_, _, bw, ih, gap, cols := m.grid(w, h)
		rows := (len(m.Items) + cols - 1) / cols
		total, cw = m.head()+float64(rows)*(ih+gap)+20, m.cardW(bw, cols)
	}
	if len(m.Items) == 0 {
		// A card of words alone (a save being resumed) ends under them.
		total = (menuTitleY + menuTextFoot) * m.big()
		if n := len(m.textLines()); n > 0 {
			total = (menuTextTop + float64(n-1)*menuLine + menuTextFoot) * m.big()
		}
	}
	x, y := (w-cw)/2, (h-total)/2
	p.RoundRect(dst, x, y, cw, total, 14, 0, ColorPanelSolid)
	p.RoundRect(dst, x, y, cw, total, 14, 2, ColorAccent)
	k := m.big()
	p.Text(m.Title, 28*k, true, w/2, y+menuTitleY*k, ColorText, AlignCenter)
	for i, l := range m.textLines() {
		p.Text(l, 15*k, false, w/2, y+menuTextTop*k+float64(i)*menuLine*k, ColorTextDim, AlignCenter)
	}
	m.drawButtons(dst, p, f)
}
