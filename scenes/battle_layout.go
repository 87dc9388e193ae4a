package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// uiLayout is the battle's furniture at the interface's size (one job:
// the furniture's screen). The furniture (the HUD, the action bar, the
// log, the hit panel, the menus, the help) is laid out on a smaller
// screen of ScreenWidth/scale × ScreenHeight/scale and drawn magnified by
// the scale, so everything in it, text included, grows together; the map
// stays at full resolution. Pointer intents are brought to that screen
// (point) before the furniture is asked about them.
type uiLayout struct {
	scale  float64          // the interface's size the furniture is laid out for
	sw, sh float64          // the screen's size (0: ScreenWidth×ScreenHeight)
	layer  *ebiten.Image    // the layer it is drawn on when scale is not 1
	in     []systems.Intent // the intents brought to it (intents)
}

// size returns the size of the screen the furniture is laid out on.
func (l *uiLayout) size() (w, h float64) {
	s := max(l.scale, 1)
	sw, sh := l.screen()
	return sw / s, sh / s
}

// screen returns the size of the screen the battle is drawn on: the
// 1280×720 one, or a phone's held upright (Env.Screen).
func (l *uiLayout) screen() (w, h float64) {
	if l.sw <= 0 || l.sh <= 0 {
		return ScreenWidth, ScreenHeight
	}
	return l.sw, l.sh
}

// point returns the furniture's coordinates of screen point (x, y).
func (l *uiLayout) point(x, y float64) (float64, float64) {
	s := max(l.scale, 1)
	return x / s, y / s
}

// intents returns in with the pointer intents' positions brought to the
// furniture's screen (in itself at 100%).
func (l *uiLayout) intents(in []systems.Intent) []systems.Intent {
	if max(l.scale, 1) == 1 {
		return in
	}
	l.in = l.in[:0]
	for _, it := range in {
		it.X, it.Y = l.point(it.X, it.Y)
		l.in = append(l.in, it)
	}
	return l.in
}

// target returns the image the furniture is drawn on this frame: dst
// itself at 100%, else the (cleared) smaller layer draw magnifies.
func (l *uiLayout) target(dst *ebiten.Image) *ebiten.Image {
	if max(l.scale, 1) == 1 {
		return dst
	}
	w, h := l.size()
	return cleared(&l.layer, w, h)
}

// draw magnifies the furniture's layer ui onto dst (nothing at 100%).
func (l *uiLayout) draw(dst, ui *ebiten.Image) {
	if ui == dst {
		return
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	sw, _ := l.screen()
	s := sw / float64(ui.Bounds().Dx())
	op.GeoM.Scale(s, s)
	dst.DrawImage(ui, op)
}
