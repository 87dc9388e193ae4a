package scenes

import (
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// On a phone held upright the help card is laid out on the upright
// screen (helpUpright): what the card says, as blocks of a heading and
// its text, wrapped to the screen's width and shared out over as many
// pages as it takes, with Back, Close and Next buttons a finger high at
// the foot. Touch comes first; the keys come last.

// screenSize returns the size of the screen the card is drawn on: the
// battle's under it, else on a phone held upright the upright screen
// (Env.Screen), else 1280×720.
func (c *helpCard) screenSize() (w, h float64) {
	if c.b != nil {
		return c.b.lay.screen()
	}
	if c.env == nil {
		return ScreenWidth, ScreenHeight
	}
	return c.env.Screen()
}

// helpBlock is a heading and its paragraphs, as the upright card lays
// them out.
type helpBlock struct {
	section string // the section's title over the block ("" for none)
	head    string
	accent  bool // the heading is a section's, in the accent colour
	body    []string
}

// notesBlocks turns lines of notes, headed by lines in capitals and
// parted by empty lines, into blocks of one paragraph each.
func notesBlocks(lines []string) []helpBlock {
	var out []helpBlock
	for _, l := range lines {
		switch {
		case l == "":
		case l == strings.ToUpper(l):
			out = append(out, helpBlock{head: l, accent: true})
		case len(out) == 0:
			out = append(out, helpBlock{body: []string{l}})
		default:
			b := &out[len(out)-1]
			if len(b.body) == 0 {
				b.body = append(b.body, l)
			} else {
				b.body[len(b.body)-1] += " " + l
			}
		}
	}
	return out
}

// helpBlocks returns everything the card says, in the order the upright
// card shows it: touch, the actions with their cost and effect, what
// Peek, Aim and Overwatch do, the rules, then the keys and the mouse.
func helpBlocks() []helpBlock {
	out := []helpBlock{{head: "TOUCH", accent: true, body: append([]string(nil), touchHelp...)}}
	for i, a := range actionRows() {
		b := helpBlock{head: a.label + " · " + a.cost, body: []string{a.effect}}
		if i == 0 {
			b.section = "ACTIONS"
		}
		out = append(out, b)
	}
	out = append(out, notesBlocks(helpNotes)...)
	out = append(out, notesBlocks(rulesSummary)...)
	keys := helpBlock{head: "KEYBOARD AND MOUSE", accent: true}
	for _, k := range otherKeys {
		keys.body = append(keys.body, k.keys+": "+k.what)
	}
	return append(out, keys)
}

// The upright card's sizes: its headings and text, the room between
// blocks and the buttons' labels.
const (
	helpUpHead  = 28.0
	helpUpGap   = 18.0
	helpUpLabel = 30.0
	helpUpTitle = 36.0
	helpUpTop   = 110.0
)

// uprightButtons returns the upright card's Back, Close and Next buttons
// on a w×h screen, in a row at its foot: Back greyed on the first of n
// pages, Next on the last.
func (c *helpCard) uprightButtons(w, h float64, n int) []systems.Button {
	const gap = 16.0
	bh := c.env.uprightTapH()
	bw := (w - 2*uprightMargin - 2*gap) / 3
	out := make([]systems.Button, 3)
	for i, l := range []string{"Back", "Close", "Next"} {
		out[i] = systems.Button{X: uprightMargin + float64(i)*(bw+gap), Y: h - 40 - bh, W: bw, H: bh, Label: l, Size: helpUpLabel, Color: menuItemFill}
	}
	out[0].Disabled = c.up <= 0
	out[2].Disabled = c.up >= n-1
	out[1].Color = menuFocusFill
	return out
}

// uprightPages shares the card's blocks (helpBlocks) out over pages of a
// w×h screen held upright, each page's lines between the title and the
// buttons (uprightButtons). A block that would run past the buttons
// starts a new page.
func (c *helpCard) uprightPages(w, h float64) [][]textLine {
	bottom := h - 40 - c.env.uprightTapH() - 24
	var pages [][]textLine
	col := column{f: c.fonts, w: w, y: helpUpTop}
	for _, b := range helpBlocks() {
		start, y0 := len(col.lines), col.y
		c.addBlock(&col, b)
		if col.y-helpUpGap <= bottom || start == 0 {
			continue
		}
		pages = append(pages, col.lines[:start:start])
		shift := helpUpTop - y0
		moved := make([]textLine, 0, len(col.lines)-start)
		for _, l := range col.lines[start:] {
			l.y += shift
			moved = append(moved, l)
		}
		col = column{f: c.fonts, w: w, y: col.y + shift, lines: moved}
	}
	if len(col.lines) > 0 {
		pages = append(pages, col.lines)
	}
	return pages
}

// addBlock lays block b out on col: its heading, then each paragraph,
// then the gap to the next block.
func (c *helpCard) addBlock(col *column, b helpBlock) {
	if b.section != "" {
		col.add(b.section, helpUpHead, true, systems.ColorAccent, 8)
	}
	if b.head != "" {
		colour := systems.ColorText
		if b.accent {
			colour = systems.ColorAccent
		}
		col.add(b.head, helpUpHead, true, colour, 4)
	}
	for _, p := range b.body {
		col.add(p, uprightText, false, systems.ColorTextDim, 4)
	}
	col.y += helpUpGap
}

// updateUpright runs the card laid out upright on a w×h screen: Back and
// Next turn the page (as do Tab and the arrows), Close, another tap, F1,
// Esc or Enter close it.
func (c *helpCard) updateUpright(m *Manager, in []systems.Intent, w, h float64) error {
	n := len(c.uprightPages(w, h))
	c.up = min(max(c.up, 0), n-1)
	turn := func(d int) { c.up = min(max(c.up+d, 0), n-1) }
	for _, it := range in {
		switch it.Kind {
		case systems.IntentCycle, systems.IntentRight, systems.IntentDown:
			turn(1)
		case systems.IntentLeft, systems.IntentUp:
			turn(-1)
		case systems.IntentClick:
			bs := c.uprightButtons(w, h, n)
			switch {
			case bs[0].Contains(it.X, it.Y):
				turn(-1)
			case bs[2].Contains(it.X, it.Y):
				turn(1)
			default:
				m.Pop()
			}
			return nil
		case systems.IntentHelp, systems.IntentBack, systems.IntentCancel, systems.IntentConfirm:
			m.Pop()
			return nil
		}
	}
	return nil
}

// uprightTitle returns the upright card's title line on a w-wide screen,
// with the page shown of n.
func (c *helpCard) uprightTitle(w float64, n int) textLine {
	s := "HELP · page " + strconv.Itoa(c.up+1) + " of " + strconv.Itoa(n)
	return textLine{s: s, size: helpUpTitle, bold: true, x: w / 2, y: 44, colour: systems.ColorText}
}

// drawUpright draws the card laid out upright on a w×h screen: its title
// and page number, the page's lines and the buttons.
func (c *helpCard) drawUpright(dst *ebiten.Image, w, h float64) {
	p := &c.paint
	pages := c.uprightPages(w, h)
	c.up = min(max(c.up, 0), len(pages)-1)
	p.Rect(dst, 0, 0, w, h, helpFill)
	p.Rect(dst, 0, helpUpTop-24, w, 2, systems.ColorAccent)
	drawLines(p, []textLine{c.uprightTitle(w, len(pages))})
	drawLines(p, pages[c.up])
	for _, b := range c.uprightButtons(w, h, len(pages)) {
		b.Draw(dst, p)
	}
	p.FlushText(dst, c.fonts)
}
