package scenes

import (
	"math"
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
	cx, cy := float64(ScreenWidth)/2, float64(ScreenHeight)/2
	p.Rect(dst, 0, cy-110, ScreenWidth, 190, systems.WithAlpha(c, 0x30))
	p.Rect(dst, 0, cy-110, ScreenWidth, 4, c)
	p.Rect(dst, 0, cy+76, ScreenWidth, 4, c)
	p.FlushText(dst, f)
	name := side.String()
	f.Draw(dst, strings.ToUpper(name)+" TO MOVE", 72, true, cx, cy-60, systems.Shade(c, 1.3), systems.AlignCenter)
	f.Draw(dst, "Pass the keyboard to "+name+". "+side.Other().String()+", look away.", 22, false, cx, cy+24, systems.ColorText, systems.AlignCenter)
	f.Draw(dst, b.name+" · turn "+itoa(b.state.Turn), 16, false, cx, cy+120, systems.ColorTextDim, systems.AlignCenter)
	if h.up > handoverGuard {
		a := 0.75 + 0.25*math.Sin(h.up*4.3)
		f.Draw(dst, "PRESS ANY KEY, CLICK OR TAP", 20, true, cx, ScreenHeight-80, systems.WithAlpha(systems.ColorAccent, uint8(255*a)), systems.AlignCenter)
	}
}
