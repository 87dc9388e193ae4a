package scenes

import (
	"math"
	"strings"

	"sightline/systems"
)

// On a phone held upright with the screen following the page
// (Env.uprightScreen) the screens built on a menu card (the load screen,
// the one shown while a save is resumed) are laid out on the upright
// screen as the pause menu is: the card's items a finger high and most of
// the screen wide, their labels, notes, title and text large enough to
// read, the text wrapped to the card.

// fitMenu lays m out for a w×h screen whose pixels take k page pixels
// each, text being its text unwrapped: as the card lays itself out on a
// screen wider than high; on a taller one as said above.
func fitMenu(m *systems.Menu, f *systems.Fonts, k, w, h float64, text string) {
	if h <= w {
		m.ItemH, m.ItemW, m.Gap, m.TextSize, m.NoteSize, m.Big, m.Text = 0, 0, 0, 0, 0, 0, text
		return
	}
	m.ItemH, m.ItemW, m.Gap = math.Ceil(minTap/k), min(uprightButtonW, w-80), 14
	m.TextSize, m.NoteSize = math.Ceil(16/k), math.Ceil(12/k)
	m.Big = max(1, 12.5/(15*k))
	m.Text = strings.Join(systems.WrapText(f, text, 15*m.Big, m.ItemW), "\n")
}

// screenSize returns the size of the screen the load screen is drawn
// on: the upright screen on a phone held upright with the screen
// following the page (Env.Screen), else 1280×720.
func (l *Load) screenSize() (w, h float64) { return l.env.Screen() }

// fit lays the load screen's menu out for its screen (fitMenu).
func (l *Load) fit() (w, h float64) {
	w, h = l.screenSize()
	fitMenu(&l.menu, l.env.Fonts, l.env.screenScale(), w, h, l.text)
	return w, h
}

// screenSize returns the size of the screen the progress of a resumed
// save is drawn on, as the load screen's.
func (s *Resuming) screenSize() (w, h float64) { return s.env.Screen() }

// screenSize returns the size of the screen the joining of a match is
// drawn on, as the load screen's.
func (j *Joining) screenSize() (w, h float64) { return j.env.Screen() }

// uprightBack returns the joining screen's Back on a w×h screen held
// upright: a finger high, resultUpSpace under the text (uprightLines).
func (j *Joining) uprightBack(w, h float64) systems.Button {
	b := systems.Button{Label: "Back to the title", Color: menuItemFill}
	_, end := j.uprightColumn(w, h, 0)
	bh := j.env.uprightTapH()
	top := j.uprightTop(w, h)
	stackButtons([]*systems.Button{&b}, w, min(h-resultUpFoot, top+end+resultUpSpace+bh), bh, resultUpGap, resultUpLabel)
	return b
}

// uprightTop returns where the joining screen's text starts on a w×h
// screen held upright: the text and Back under it centred as one.
func (j *Joining) uprightTop(w, h float64) float64 {
	_, end := j.uprightColumn(w, h, 0)
	return max(uprightMargin, (h-end-resultUpSpace-j.env.uprightTapH())/2)
}

// uprightLines lays the joining screen's text out on a w×h screen held
// upright, in one column over Back: the heading, the match, where the
// connection stands and, when it is stuck, the server, wrapped to the
// screen.
func (j *Joining) uprightLines(w, h float64) []textLine {
	lines, _ := j.uprightColumn(w, h, j.uprightTop(w, h))
	return lines
}

// uprightColumn lays the joining screen's text out from y top down a
// w-wide screen, and returns where it ends.
func (j *Joining) uprightColumn(w, _, top float64) ([]textLine, float64) {
	col := column{f: j.env.Fonts, w: w, y: top}
	col.add("PLAY ONLINE", 56, true, systems.ColorText, 24)
	col.add(j.subtitle(), 28, false, systems.ColorTextDim, 40)
	c := systems.ColorText
	if j.failed {
		c = systems.ColorError
	}
	if sv := j.serverLine(); sv != "" {
		col.add(j.status, 28, false, c, 16)
		col.add(sv, 24, false, systems.ColorTextDim, 0)
	} else {
		col.add(j.status, 28, false, c, 0)
	}
	return col.lines, col.y
}
