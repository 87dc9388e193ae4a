package systems

import "strings"

// TopBarTitle returns the level's name as the top bar last showed it (""
// when it had no room for it): see fitTitle.
func (h *HUD) TopBarTitle() string { return h.titleShown }

// minTitleW is the narrowest room, in pixels, the top bar writes the
// level's name in: less would show a stub.
const minTitleW = 60.0

// fitTitle is the top bar's title in room pixels, one rule for every
// layout: the whole title ("Crossroads · Normal") when it fits, else the
// level's name alone (the part before " · "), shortened with "…" if it
// must be, else nothing.
func fitTitle(f *Fonts, title string, room float64) string {
	if f.Width(title, 16, false) <= room {
		return title
	}
	if room < minTitleW {
		return ""
	}
	name, _, _ := strings.Cut(title, " · ")
	return Elide(f, name, 16, false, room)
}

// drawTitle writes the level's name in the top bar whose texts are at
// mid: left of the side to move (from px, pw wide), from tx on; on a
// screen held upright, whose End Turn and Undo are in the dock, right of
// it, where the bar is free. It keeps statusClear from the side to move
// and writes as much as fits (fitTitle).
func (h *HUD) drawTitle(p *Painter, tx, mid, px, pw float64) {
	f := h.Fonts
	room, align := px-statusClear-tx, AlignLeft
	if h.upright {
		tx, align = h.w-margin-4, AlignRight
		room = tx - (px + pw) - statusClear
	}
	if title := fitTitle(f, h.Title, room); title != "" {
		tw := f.Width(title, 16, false)
		x := tx
		if align == AlignRight {
			x -= tw
		}
		h.title, h.titleShown = [4]float64{x, mid + 14, tw, 18}, title
		p.Text(title, 16, false, tx, mid+14, ColorTextDim, align)
	}
}
