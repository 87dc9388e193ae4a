package scenes

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The help card hides what is under it: beside the text its ground is
// the same over a white screen as over a black one, so no label of the
// battle shows through between the card's lines.
func TestHelpCardOpaque(t *testing.T) {
	env := testEnv(t)
	c := newHelp(env, nil)
	dst := ebiten.NewImage(ScreenWidth, ScreenHeight)
	ground := func(under color.Color, x, y float64) color.Color {
		dst.Fill(under)
		c.Draw(dst)
		x0, y0 := (ScreenWidth-helpW)/2, (ScreenHeight-helpH)/2
		return dst.At(int(x0+x), int(y0+y))
	}
	for _, tc := range []struct {
		name string
		x, y float64
	}{
		{"left margin", 10, helpH / 2},
		{"between the rows and the touch line", helpW / 2, helpH - 60},
	} {
		if white, black := ground(image.White.C, tc.x, tc.y), ground(image.Black.C, tc.x, tc.y); white != black {
			t.Errorf("%s: the card's ground is %v over white, %v over black; want the same", tc.name, white, black)
		}
	}
}
