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
// mid: left of the pill (pw wide, centred), from tx on; on a screen held
// upright, whose End Turn and Undo are in the dock, right of the pill,
// where the bar is free. It writes as much as fits (fitTitle).
func (h *HUD) drawTitle(p *Painter, tx, mid, pw float64) {
	f := h.Fonts
	room, align := h.w/2-pw/2-12-tx, AlignLeft
	if h.upright {
		tx, room, align = h.w-margin-4, h.w/2-pw/2-12-margin-4, AlignRight
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
