package scenes

import (
	"math"

	"sightline/settings"
	"sightline/systems"
)

// On a phone held upright with the screen following the page
// (Env.uprightScreen) the settings are laid out on the upright screen:
// the heading, then the rows in one column across it, each a finger high
// with its arrows as wide as it is high, Back after them, then the
// focused row's note wrapped to the screen and where the settings are
// kept, all at least some 12 page pixels.

// The upright layout's measures, in the screen's pixels.
const (
	upSetHeadY = 48.0  // the heading's middle
	upSetHead  = 40.0  // the heading's size
	upSetTop   = 92.0  // the first row's top
	upSetX     = 24.0  // the rows' margins
	upSetGap   = 8.0   // between rows
	upSetValW  = 170.0 // the value between the arrows
	upSetLabel = 28.0  // the largest a label is; FitSize goes down to uprightText
	upSetValue = 26.0  // the largest a value is
	upSetFoot  = 30.0  // the kept line's middle, from the foot
)

// screenSize returns the size of the screen the settings are drawn on:
// the upright screen on a phone held upright with the screen following
// the page (Env.Screen), else 1280×720.
func (s *Settings) screenSize() (w, h float64) { return s.env.Screen() }

// upright reports whether the settings are laid out on a screen taller
// than wide.
func (s *Settings) upright() bool {
	w, h := s.screenSize()
	return h > w
}

// uprightRow returns row i's rectangle on the upright screen (i ==
// len(settingRows): Back).
func (s *Settings) uprightRow(i int) (x, y, w, h float64) {
	sw, _ := s.screenSize()
	h = s.env.uprightTapH()
	return upSetX, upSetTop + float64(i)*(h+upSetGap), sw - 2*upSetX, h
}

// uprightRowText returns row i's label and value as laid out on the
// upright screen at settings st: each at the largest size that fits its
// room, at least uprightText, the label left of the value box, the value
// between its arrows.
func (s *Settings) uprightRowText(i int, st settings.Settings) (label, value textLine) {
	f, r := s.env.Fonts, settingRows[i]
	x, y, _, h := s.row(i)
	vx, vw := s.valueBox(i)
	room := vx - x - 28
	if i == sideColoursRow {
		room -= 56 // the swatch
	}
	ls := systems.FitSize(f, r.label, room, upSetLabel, 26, uprightText)
	vs := systems.FitSize(f, r.value(st), vw-6-2*s.arrowW(h), upSetValue, uprightText)
	label = textLine{s: r.label, size: ls, bold: true, x: x + 20, y: y + h/2, colour: systems.ColorText, left: true}
	value = textLine{s: r.value(st), size: vs, bold: true, x: vx + (vw-6)/2, y: y + h/2, colour: systems.ColorAccent}
	return label, value
}

// uprightFoot lays the focused row's note out under Back, wrapped to the
// w×h upright screen, and where the settings are kept under the room the
// longest note takes, so it stays put as the focus moves.
func (s *Settings) uprightFoot(w, h float64, note, kept string) (lines []textLine) {
	_, by, _, bh := s.row(len(settingRows))
	top := by + bh + 16
	col := column{f: s.env.Fonts, w: w, y: top}
	room := 0.0
	for i := range settingRows {
		room = max(room, float64(len(systems.Wrap(s.env.Fonts, s.rowNote(i), uprightText, w-2*uprightMargin, false)))*math.Ceil(1.3*uprightText))
	}
	if note != "" {
		col.add(note, uprightText, false, systems.ColorText, 0)
	}
	lines = col.lines
	y := min(max(col.y, top+room)+28, h-upSetFoot)
	return append(lines, textLine{s: kept, size: uprightText, x: w / 2, y: y, colour: systems.ColorTextDim})
}
