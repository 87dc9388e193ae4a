package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// The screen follows the page (Env.Portrait): on a phone held upright
// it is taller than wide (Env.Screen). Only the battle and the overlays
// laid out with its furniture (the briefing, the pause menu) are drawn
// for that screen; every other scene is drawn on a 1280×720 one, shown
// as large as fits in the middle of the screen, the way the page showed
// the whole 1280×720 screen before, and the pointer's intents are
// brought to it.

// sized is an overlay laid out on the battle's furniture, so drawn on
// the battle's screen rather than 1280×720.
type sized interface {
	// screenSize returns the size of the screen the overlay is drawn on.
	screenSize() (w, h float64)
}

// sceneSize returns the size of the screen s is drawn on: the battle's
// (1280×720, or held upright Env.Screen's when the battle began) for the
// battle and the overlays laid out on it, else 1280×720.
func sceneSize(s Scene) (w, h float64) {
	switch z := s.(type) {
	case *Battle:
		w, h = z.lay.screen()
	case sized:
		w, h = z.screenSize()
	}
	if w > 0 && h > 0 {
		return w, h
	}
	return ScreenWidth, ScreenHeight
}

// TopScreen returns the size of the screen the scene on top is drawn on,
// in whose pixels its targets and the battle's positions are given.
func (m *Manager) TopScreen() (w, h float64) { return sceneSize(m.Top()) }

// screenSize returns the battle's: the card is laid out on its furniture.
func (c *briefingCard) screenSize() (w, h float64) { return c.b.lay.screen() }

// screenSize returns the battle's: the menu is laid out on its furniture.
func (p *pauseMenu) screenSize() (w, h float64) { return p.b.lay.screen() }

// fit returns how a scene drawn on a w×h screen is shown on the screen
// last drawn (scale k, then offset x, y): as is when the sizes agree or
// the screen's is not known yet, else as large as fits, centred.
func (m *Manager) fit(w, h float64) (k, x, y float64) {
	sw, sh := m.screen[0], m.screen[1]
	if sw <= 0 || sh <= 0 || sw == w && sh == h {
		return 1, 0, 0
	}
	k = min(sw/w, sh/h)
	return k, (sw - w*k) / 2, (sh - h*k) / 2
}

// intentsFor returns in with its pointer's positions and moves brought
// to the screen s is drawn on (in itself when that is the screen).
func (m *Manager) intentsFor(s Scene, in []systems.Intent) []systems.Intent {
	k, ox, oy := m.fit(sceneSize(s))
	if k == 1 && ox == 0 && oy == 0 {
		return in
	}
	out := make([]systems.Intent, len(in))
	for i, it := range in {
		it.X, it.Y = (it.X-ox)/k, (it.Y-oy)/k
		if it.Kind == systems.IntentDrag || it.Kind == systems.IntentPan {
			it.DX, it.DY = it.DX/k, it.DY/k
		}
		out[i] = it
	}
	return out
}

// drawScene draws s onto dst: at once when s is drawn for dst's size,
// else on a screen of its own size shown as large as fits (fit).
func (m *Manager) drawScene(dst *ebiten.Image, s Scene) {
	w, h := sceneSize(s)
	k, ox, oy := m.fit(w, h)
	if k == 1 && ox == 0 && oy == 0 {
		s.Draw(dst)
		return
	}
	s.Draw(cleared(&m.fitted, w, h))
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(ox, oy)
	dst.DrawImage(m.fitted, op)
}

// cleared returns *img cleared, made again first when it is not w×h
// (rounded to whole pixels): one offscreen image kept between frames.
func cleared(img **ebiten.Image, w, h float64) *ebiten.Image {
	iw, ih := int(w+0.5), int(h+0.5)
	if *img == nil || (*img).Bounds().Dx() != iw || (*img).Bounds().Dy() != ih {
		if *img != nil {
			(*img).Deallocate()
		}
		*img = ebiten.NewImage(iw, ih)
	}
	(*img).Clear()
	return *img
}
