package scenes

import "math"

// The settings screen on a small window (a phone's page): the rows in two
// columns, each at least minTap page pixels high, Back in the place after
// the last row, and the value's arrows as wide as they are high, so a
// fingertip hits each; the text grows with them. On a desktop window the
// rows keep their one column (rowRect).

// The phone layout's measures, in the screen's pixels.
const (
	phoneSetTop   = 96.0 // the rows' top, under the heading and the note
	phoneSetX     = 40.0
	phoneSetGap   = 8.0
	phoneSetValW  = 150.0 // the value between the arrows
	phoneSetLabel = 26.0  // the largest a label's text is
	phoneSetValue = 24.0
	phoneSetNoteY = 76.0 // the focused row's note, under the heading
	phoneSetNote  = 22.0
	phoneSetHead  = 38.0
	phoneSetKept  = 18.0 // where the settings are kept, at the bottom
)

// phoneSetCols is how many columns of rows the phone layout has.
const phoneSetCols = 2

// row returns row i's rectangle (i == len(settingRows): Back): rowRect on
// a desktop window, two columns of large rows on a small one, one column
// on the upright screen (uprightRow).
func (s *Settings) row(i int) (x, y, w, h float64) {
	if s.upright() {
		return s.uprightRow(i)
	}
	if !s.env.small() {
		return rowRect(i)
	}
	h = s.env.tapH(setRowH)
	w = (ScreenWidth - 2*phoneSetX - phoneSetGap) / phoneSetCols
	rows := (len(settingRows) + phoneSetCols) / phoneSetCols // Back included
	c, r := float64(i/rows), float64(i%rows)
	return phoneSetX + c*(w+phoneSetGap), phoneSetTop + r*(h+phoneSetGap), w, h
}

// arrowW returns how wide each arrow of a row of height h is, where a
// click or tap on it steps the value: as wide as the row is high on a
// small window, where a finger taps it.
func (s *Settings) arrowW(h float64) float64 {
	if !s.env.small() {
		return setArrow
	}
	return math.Ceil(h)
}

// valueBox returns where row i's value box starts and how wide it is,
// its arrows and the margin after it included.
func (s *Settings) valueBox(i int) (x, w float64) {
	rx, _, rw, rh := s.row(i)
	if !s.env.small() {
		return rx + rw - setValW, setValW
	}
	val := phoneSetValW
	if s.upright() {
		val = upSetValW
	}
	w = val + 2*s.arrowW(rh) + 6
	return rx + rw - w, w
}

// rowAt returns the row under (x, y), or -1.
func (s *Settings) rowAt(x, y float64) int {
	for i := 0; i <= len(settingRows); i++ {
		rx, ry, rw, rh := s.row(i)
		if x >= rx && x < rx+rw && y >= ry && y < ry+rh {
			return i
		}
	}
	return -1
}

// stepAt returns how a click at x on row i changes it: -1 on the left
// arrow, +1 on the right one, 0 elsewhere (the value steps on, round to
// the first).
func (s *Settings) stepAt(i int, x float64) int {
	rx, _, rw, rh := s.row(i)
	vx, _ := s.valueBox(i)
	aw := s.arrowW(rh)
	switch {
	case x >= vx && x < vx+aw:
		return -1
	case x >= rx+rw-aw:
		return 1
	}
	return 0
}

// Targets returns each row's label (a tap steps the value on, round to
// the first) and its arrows (a step down, a step up), and Back.
func (s *Settings) Targets() []Target {
	var out []Target
	for i := 0; i <= len(settingRows); i++ {
		x, y, w, h := s.row(i)
		if i == len(settingRows) {
			out = append(out, Target{Kind: "button", Name: "Back", X: x, Y: y, W: w, H: h})
			continue
		}
		label := settingRows[i].label
		vx, _ := s.valueBox(i)
		aw := s.arrowW(h)
		out = append(out,
			Target{Kind: "item", Name: label, X: x, Y: y, W: vx - x, H: h},
			Target{Kind: "button", Name: label + ": less", X: vx, Y: y, W: aw, H: h},
			Target{Kind: "button", Name: label + ": more", X: x + w - aw, Y: y, W: aw, H: h})
	}
	return out
}
