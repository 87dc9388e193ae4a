package systems

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// TestNothingShowsThroughTheBarOrACard: the top bar, a menu's card (the
// pause menu) and a solid panel (the briefing) are solid, so the map under them, zoomed in to
// follow a shot, is never read through them. Each is drawn over pure red
// and read where no text or button lies.
func TestNothingShowsThroughTheBarOrACard(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	red := color.RGBA{0xff, 0, 0, 0xff}
	const w, h = 1280, 720
	tests := []struct {
		name string
		draw func(dst *ebiten.Image)
		x, y int
	}{
		{"top bar", func(dst *ebiten.Image) {
			hud := NewHUD(fonts, w, h, "Solid")
			hud.Draw(dst, HUDInfo{Side: rules.SideBlue, Turn: 1})
		}, w/2 - 200, 6},
		{"menu card", func(dst *ebiten.Image) {
			m := &Menu{Title: "Paused", Items: []MenuItem{{Label: "Resume"}, {Label: "Quit"}}}
			m.Draw(dst, &Painter{}, fonts)
		}, (w-menuW)/2 + 6, h / 2},
		{"solid panel", func(dst *ebiten.Image) {
			p := &Painter{}
			pn := Panel{X: 100, Y: 100, W: 400, H: 300, Title: "BRIEFING", Solid: true}
			pn.Draw(dst, p)
			p.FlushText(dst, fonts)
		}, 300, 250},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := ebiten.NewImage(w, h)
			dst.Fill(red)
			tt.draw(dst)
			have := dst.At(tt.x, tt.y).(color.RGBA)
			if want := ColorPanelSolid; have != want {
				t.Errorf("at (%d,%d): %v, want %v: the red under it shows through", tt.x, tt.y, have, want)
			}
		})
	}
}
