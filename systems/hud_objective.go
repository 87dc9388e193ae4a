package systems

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// The objective's pill sits at the top of the map's part of the screen,
// under the top bar. Sideways it is one line, cut to the map's width;
// held upright, where the map is a phone's width, it is wrapped over up
// to objectiveMaxLines lines at a larger size rather than cut.
const (
	objectiveSize     = 14.0 // the text's size sideways
	objectiveUpSize   = 16.0 // held upright
	objectiveMaxLines = 3    // the most lines held upright
)

// objectiveText returns the objective's text size and its lines for a
// map mw wide: one line cut to fit sideways; held upright, wrapped to
// the map's width, the last of objectiveMaxLines cut when more are
// needed.
func (h *HUD) objectiveText(obj string, mw float64) (size float64, lines []string) {
	room := mw - 16 - 28 // the map's width less the pill's margins
	if !h.upright {
		return objectiveSize, []string{Elide(h.Fonts, obj, objectiveSize, false, room)}
	}
	lines = WrapText(h.Fonts, obj, objectiveUpSize, room)
	if len(lines) > objectiveMaxLines {
		rest := lines[objectiveMaxLines-1]
		for _, l := range lines[objectiveMaxLines:] {
			rest += " " + l
		}
		lines = append(lines[:objectiveMaxLines-1], Elide(h.Fonts, rest, objectiveUpSize, false, room))
	}
	return objectiveUpSize, lines
}

// ObjectiveLines returns the objective's lines as last drawn (none when
// no objective was shown).
func (h *HUD) ObjectiveLines() []string { return h.objLines }

// drawObjective draws the objective obj ("" for none) in its pill over
// the map, under the top bar ending at top, edged in the side's colour,
// and moves the toast under it.
func (h *HUD) drawObjective(dst *ebiten.Image, p *Painter, obj string, top float64, side color.RGBA) {
	h.toastY = top + 12
	h.objective, h.objLines = [4]float64{}, nil
	if obj == "" {
		return
	}
	mx, _, mw, _ := h.MapBox()
	size, lines := h.objectiveText(obj, mw)
	step := size + 4
	ow := 0.0
	for _, l := range lines {
		ow = max(ow, h.Fonts.Width(l, size, false)+28)
	}
	oh := 26 + (size-objectiveSize)*2 + float64(len(lines)-1)*step
	cx := mx + mw/2 // over the map's part of the screen
	h.objective, h.objLines = [4]float64{cx - ow/2, top + 6, ow, oh}, lines
	h.toastY = top + 6 + oh + 6 // under the objective's pill
	p.RoundRect(dst, cx-ow/2, top+6, ow, oh, 8, 0, ColorPanel)
	p.RoundRect(dst, cx-ow/2, top+6, ow, oh, 8, 1, Shade(side, 0.7))
	first := top + 6 + oh/2 - float64(len(lines)-1)*step/2
	for i, l := range lines {
		p.Text(l, size, false, cx, first+float64(i)*step, ColorText, AlignCenter)
	}
}
