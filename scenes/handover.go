package scenes

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
	"sightline/systems"
)

// handover is the screen between two players at one keyboard: once a
// turn's events have played, it hides the battle until the next player
// takes the keyboard, so neither sees the other's view.
type handover struct {
	on   bool
	side rules.Side // the side about to play
	up   float64    // seconds on screen
}

// handoverGuard is how long, in seconds, the handover ignores keys, so a
// key still held from ending the turn does not dismiss it.
const handoverGuard = 1.0 / 6

// startHandover reports whether side's view must wait behind the handover
// screen, starting it when it must: in hot-seat, when the fog last showed
// the other side.
func (b *Battle) startHandover(side rules.Side) bool {
	if b.handover.on {
		return true
	}
	shown, all := b.sight.fog.Viewer()
	if b.watch != nil || b.env.NoHandover || !b.hotSeat() || all || shown == side {
		return false
	}
	b.handover = handover{on: true, side: side}
	return true
}

// updateHandover runs the handover screen; it reports whether it is up
// (the battle takes no other input). A key or a click, after a moment so
// a held key does not skip it, shows the battle to the next side.
func (b *Battle) updateHandover(in []systems.Intent, dt float64) bool {
	h := &b.handover
	if !h.on {
		return false
	}
	h.up += dt
	if h.up > handoverGuard && (systems.Has(in, systems.IntentAnyKey) || systems.Has(in, systems.IntentClick)) {
		h.on = false
		b.sight.fog.Update(b.m, h.side)
		b.cam.FocusSide(b.state, h.side)
	}
	return true
}

// Handover reports whether the handover screen is up, and for which side.
func (b *Battle) Handover() (rules.Side, bool) { return b.handover.side, b.handover.on }

// drawHandover covers the screen with the handover card.
func (b *Battle) drawHandover(dst *ebiten.Image) {
	f := b.env.Fonts
	p := &b.ui.paint
	side := b.handover.side
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
	if b.handover.up > handoverGuard {
		a := 0.75 + 0.25*math.Sin(b.handover.up*4.3)
		f.Draw(dst, "PRESS ANY KEY, CLICK OR TAP", 20, true, cx, ScreenHeight-80, systems.WithAlpha(systems.ColorAccent, uint8(255*a)), systems.AlignCenter)
	}
}
