package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// The battle follows the player's settings (Env.Settings) as they change:
// the side colours, the animations' pace, skipping them, the rule sources
// on the hit panel and the interface's size. The screen furniture (the
// HUD, the action bar, the log, the hit panel, the menus, the help) is
// laid out on a smaller screen of ScreenWidth/scale × ScreenHeight/scale
// and drawn magnified by the scale, so everything in it, text included,
// grows together; the map stays at full resolution. Pointer intents are
// brought to that screen (uiPoint) before the furniture is asked about
// them.

// applyPrefs puts the settings in force for this frame, laying the
// furniture out again when the interface's size changed.
func (b *Battle) applyPrefs() {
	p := b.env.prefs()
	th := b.env.Theme()
	b.view.Theme, b.hud.Theme, b.ui.log.Theme, b.ui.fx.Theme = th, th, th, th
	b.view.UIScale = p.Scale()
	b.ui.fx.Speed = p.AnimSpeed
	if s := p.Scale(); s != b.uiScale {
		b.uiScale = s
		b.layoutUI()
	}
}

// uiSize returns the size of the screen the furniture is laid out on.
func (b *Battle) uiSize() (w, h float64) {
	s := max(b.uiScale, 1)
	return float64(ScreenWidth) / s, float64(ScreenHeight) / s
}

// uiPoint returns the furniture's coordinates of screen point (x, y).
func (b *Battle) uiPoint(x, y float64) (float64, float64) {
	s := max(b.uiScale, 1)
	return x / s, y / s
}

// uiIntents returns in with the pointer intents' positions brought to the
// furniture's screen (in itself at 100%).
func (b *Battle) uiIntents(in []systems.Intent) []systems.Intent {
	if max(b.uiScale, 1) == 1 {
		return in
	}
	b.uiIn = b.uiIn[:0]
	for _, it := range in {
		it.X, it.Y = b.uiPoint(it.X, it.Y)
		b.uiIn = append(b.uiIn, it)
	}
	return b.uiIn
}

// hudCovers reports whether screen point (x, y) is on the HUD.
func (b *Battle) hudCovers(x, y float64) bool { return b.hud.Covers(b.uiPoint(x, y)) }

// layoutUI lays the HUD and the action layer out on the furniture's
// screen and frames the map between them.
func (b *Battle) layoutUI() {
	w, h := b.uiSize()
	old := b.hud
	b.hud = systems.NewHUD(b.env.Fonts, w, h, b.hudTitle())
	if old != nil {
		b.hud.Theme = old.Theme
	}
	b.layoutActions()
	s := max(b.uiScale, 1)
	top, bottom := b.hud.Insets()
	_, barY, _, _ := b.ui.bar.Bounds()
	b.cam.InsetTop, b.cam.InsetBottom = top*s, max(bottom, h-barY+hintBandH)*s
}

// uiTarget returns the image the furniture is drawn on this frame: dst
// itself at 100%, else the (cleared) smaller layer drawUI magnifies.
func (b *Battle) uiTarget(dst *ebiten.Image) *ebiten.Image {
	if max(b.uiScale, 1) == 1 {
		return dst
	}
	w, h := b.uiSize()
	iw, ih := int(w+0.5), int(h+0.5)
	if b.uiLayer == nil || b.uiLayer.Bounds().Dx() != iw || b.uiLayer.Bounds().Dy() != ih {
		if b.uiLayer != nil {
			b.uiLayer.Deallocate()
		}
		b.uiLayer = ebiten.NewImage(iw, ih)
	}
	b.uiLayer.Clear()
	return b.uiLayer
}

// drawUI magnifies the furniture's layer onto dst (nothing at 100%).
func (b *Battle) drawUI(dst, ui *ebiten.Image) {
	if ui == dst {
		return
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	s := float64(ScreenWidth) / float64(ui.Bounds().Dx())
	op.GeoM.Scale(s, s)
	dst.DrawImage(ui, op)
}

// skipIfAsked finishes the playback at once when the settings skip the
// animations: each order's outcome shows in the frame after it is given.
func (b *Battle) skipIfAsked() {
	if b.env.prefs().SkipAnimations && b.playback.Busy() {
		b.playback.Finish()
		b.ui.fx.Finish()
	}
}
