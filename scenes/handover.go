package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
	"sightline/systems"
)

// handover is the screen between two players at one keyboard, an
// overlay on the manager's stack: once a turn's events have played, it
// hides the battle until the next player takes the keyboard, so neither
// sees the other's view.
type handover struct {
	b    *Battle
	side rules.Side // the side about to play
	up   float64    // seconds on screen
}

// handoverGuard is how long, in seconds, the handover ignores keys, so a
// key still held from ending the turn does not dismiss it.
const handoverGuard = 1.0 / 6

// Name returns "handover".
func (h *handover) Name() string { return "handover" }

// Update waits for a key or a click, after a moment so a held key does
// not skip it, then shows the battle to the next side.
func (h *handover) Update(m *Manager, in []systems.Intent) error {
	h.up += m.Dt()
	if h.up > handoverGuard && (systems.Has(in, systems.IntentAnyKey) || systems.Has(in, systems.IntentClick)) {
		m.Pop()
		h.b.fog.Update(h.b.m, h.side)
		h.b.cam.FocusSide(h.b.state, h.side)
	}
	return nil
}

// Draw covers the screen with the handover card.
func (h *handover) Draw(dst *ebiten.Image) {
	b := h.b
	f := b.env.Fonts
	p := &b.ui.paint
	side := h.side
	c := b.env.Theme().Side(side)
	dst.Fill(systems.ColorBackground)
	if isUpright(dst) {
		h.drawUpright(dst)
		return
	}
	cx, cy := float64(ScreenWidth)/2, float64(ScreenHeight)/2
	p.Rect(dst, 0, cy-110, ScreenWidth, 190, systems.WithAlpha(c, 0x30))
	p.Rect(dst, 0, cy-110, ScreenWidth, 4, c)
	p.Rect(dst, 0, cy+76, ScreenWidth, 4, c)
	p.FlushText(dst, f)
	name := side.String()
	f.Draw(dst, strings.ToUpper(name)+" TO MOVE", 72, true, cx, cy-60, systems.Shade(c, 1.3), systems.AlignCenter)
	f.Draw(dst, passTo(side, b.TouchMode()), 22, false, cx, cy+24, systems.ColorText, systems.AlignCenter)
	f.Draw(dst, b.name+" · turn "+itoa(b.state.Turn), 16, false, cx, cy+120, systems.ColorTextDim, systems.AlignCenter)
	if h.up > handoverGuard {
		f.Draw(dst, goOnPrompt(b.TouchMode()), 20, true, cx, ScreenHeight-80, promptColour(h.up, handoverGuard), systems.AlignCenter)
	}
}

// screenSize returns the battle's: on a phone held upright the handover
// is laid out upright, as the battle is.
func (h *handover) screenSize() (w, hh float64) { return h.b.lay.screen() }

// uprightLines lays the handover's text out on a w×hh screen held
// upright, in one column centred on the screen: whose move it is on a
// band (whose top and foot it returns), who passes the phone and who
// looks away, the level and turn, and under them how to go on (once the
// guard is over; its room is kept before, so nothing moves).
func (h *handover) uprightLines(w, hh float64) (lines []textLine, band [2]float64) {
	lines, _ = h.uprightColumn(w, 0)
	end := 0.0
	if n := len(lines); n > 0 {
		b := lines[n-1].box(h.b.env.Fonts)
		end = b.y + b.h
	}
	lines, band = h.uprightColumn(w, max(uprightMargin, (hh-end)/2))
	if h.up <= handoverGuard {
		lines = lines[:len(lines)-1]
	}
	return lines, band
}

// uprightColumn lays the handover's text out from y top down a w-wide
// screen, how to go on last (uprightLines).
func (h *handover) uprightColumn(w, top float64) (lines []textLine, band [2]float64) {
	b := h.b
	f := b.env.Fonts
	c := b.env.Theme().Side(h.side)
	name := h.side.String()
	col := column{f: f, w: w, y: top}
	band[0] = col.y
	col.y += 32
	head := strings.ToUpper(name) + " TO MOVE"
	col.add(head, systems.FitSize(f, head, w-2*uprightMargin, 96, 80, 64, 48), true, systems.Shade(c, 1.3), 16)
	col.add(passTo(h.side, true), 30, false, systems.ColorText, 0)
	col.y += 32
	band[1] = col.y
	col.y += 40
	col.add(b.name+" · turn "+itoa(b.state.Turn), 26, false, systems.ColorTextDim, 80)
	col.add("TAP TO GO ON", 32, true, promptColour(h.up, handoverGuard), 0)
	return col.lines, band
}

// drawUpright draws the handover on a screen held upright (uprightLines).
func (h *handover) drawUpright(dst *ebiten.Image) {
	w, hh := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	p := &h.b.ui.paint
	c := h.b.env.Theme().Side(h.side)
	lines, band := h.uprightLines(w, hh)
	p.Rect(dst, 0, band[0], w, band[1]-band[0], systems.WithAlpha(c, 0x30))
	p.Rect(dst, 0, band[0], w, 4, c)
	p.Rect(dst, 0, band[1]-4, w, 4, c)
	drawLines(p, lines)
	p.FlushText(dst, h.b.env.Fonts)
}

// passTo asks the player who moved to hand the game to side: the phone
// when it is one (played by finger, or held upright), else the keyboard.
func passTo(side rules.Side, phone bool) string {
	thing := "keyboard"
	if phone {
		thing = "phone"
	}
	return "Pass the " + thing + " to " + side.String() + ". " + side.Other().String() + ", look away."
}

// goOnPrompt is what a card waiting for the player says: a tap on a
// phone played by finger (touch), any key, click or tap otherwise.
func goOnPrompt(touch bool) string {
	if touch {
		return "TAP TO GO ON"
	}
	return "PRESS ANY KEY, CLICK OR TAP"
}
