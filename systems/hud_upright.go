package systems

// A phone held upright shows a screen taller than wide: the battle's
// furniture is then stacked rather than set in a left column. The top
// bar runs across the top; under it the map takes the whole width down
// to the dock, which holds, top to bottom, the hint band, the log, the
// action bar, the unit card, a row of touch keys and a row with Menu,
// Undo and End Turn. Every button is UprightTapH high: at the phone's
// interface size (150%) on a page 390 pixels wide that is some 47 page
// pixels, a fingertip.

// Sizes of the upright layout, in the furniture's pixels.
const (
	// UprightTapH is the height of every button of the upright layout.
	UprightTapH = 58.0
	// UprightBarCols is how many action buttons a row of the upright
	// action bar holds.
	UprightBarCols = 6
	uprightTopH    = UprightTapH + 8 // the top bar
	uprightPad     = 8.0             // the dock's margin
	uprightGap     = 6.0             // between buttons
	uprightLogH    = 96.0            // the log's box
	uprightKeys    = 4               // touch keys a row holds
)

// NewUprightHUD returns a HUD for a w×h screen held upright, with room
// in its dock for an action bar of barRows rows (see the layout above).
func NewUprightHUD(f *Fonts, w, h float64, title string, barRows int) *HUD {
	u := &HUD{Fonts: f, Title: title, w: w, h: h, upright: true, barRows: max(barRows, 1)}
	bw := (w - 2*uprightPad - 2*uprightGap) / 3
	y := h - uprightPad - UprightTapH
	u.Menu = Button{X: uprightPad, Y: y, W: bw, H: UprightTapH, Label: "MENU", Size: 18}
	u.EndTurn = Button{X: w - uprightPad - bw, Y: y, W: bw, H: UprightTapH, Label: "END TURN", Key: "E", Size: 18}
	return u
}

// Upright reports whether the HUD is laid out for a screen held upright
// (NewUprightHUD).
func (h *HUD) Upright() bool { return h.upright }

// dock is where the upright layout puts each part, top to bottom (y of
// each): the hint band, the log, the action bar's strip (its bottom), the
// unit card, and the row of touch keys.
type dock struct {
	band, log, barBottom, card, keys float64
}

// dock returns the upright layout's rows for the HUD's screen.
func (h *HUD) dock() dock {
	var d dock
	d.keys = h.Menu.Y - uprightGap - UprightTapH
	d.card = d.keys - uprightPad - cardH
	d.barBottom = d.card - uprightPad
	bar := float64(h.barRows)*(UprightTapH+barGap) - barGap + 2*barPad
	d.log = d.barBottom - bar - uprightPad - uprightLogH
	d.band = d.log - 4 - bottomBandH
	return d
}

// barH returns the height of the top bar.
func (h *HUD) barH() float64 {
	if h.upright {
		return uprightTopH
	}
	return topBarH
}

// MapBox returns the part of the screen the map shows in, between the
// furniture: right of the left column, between the top bar and the
// bottom band; held upright, the whole width between the top bar and the
// dock.
func (h *HUD) MapBox() (x, y, w, hh float64) {
	if h.upright {
		return 0, uprightTopH, h.w, h.dock().band - uprightTopH
	}
	return LeftColumnW, topBarH, h.w - LeftColumnW, h.h - topBarH - bottomBandH
}

// Column returns where the battle lays out the log (its box) and the
// action bar (the strip's centre, bottom and width): down the left
// column over the unit card, or held upright, across the dock.
func (h *HUD) Column() (log [4]float64, barX, barBottom, barW float64) {
	if h.upright {
		d := h.dock()
		return [4]float64{uprightPad, d.log, h.w - 2*uprightPad, uprightLogH}, h.w / 2, d.barBottom, h.w
	}
	const col = LeftColumnW - 10 - margin
	_, cardY, _, _ := CardBox(h.h)
	return [4]float64{margin, topBarH + 8, col, 0}, margin + col/2, cardY - 8, col
}

// Legends returns where the map's keys go: the zero frame sideways;
// held upright, at the map's bottom left over the dock, up to under the
// top bar.
func (h *HUD) Legends() LegendFrame {
	if !h.upright {
		return LegendFrame{}
	}
	return LegendFrame{Left: uprightPad, Bottom: h.dock().band - 8, Top: uprightTopH + 8}
}

// UnitCardBox returns the unit card's rectangle: at the bottom of the
// left column, or held upright, across the dock over the touch keys.
func (h *HUD) UnitCardBox() (x, y, w, hh float64) {
	if h.upright {
		return uprightPad, h.dock().card, h.w - 2*uprightPad, cardH
	}
	return CardBox(h.h)
}

// uprightKeyButtons lays the touch keys out in their row of the dock,
// each a quarter of it wide; the ones past the row are left out.
func (h *HUD) uprightKeyButtons(keys []TouchKey) []Button {
	var out []Button
	w := (h.w - 2*uprightPad - (uprightKeys-1)*uprightGap) / uprightKeys
	y := h.dock().keys
	for i, k := range keys {
		if i >= uprightKeys {
			break
		}
		out = append(out, Button{X: uprightPad + float64(i)*(w+uprightGap), Y: y, W: w, H: UprightTapH, Label: k.Label, Size: touchKeySize})
	}
	return out
}
