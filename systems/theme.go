package systems

import (
	"image/color"

	"sightline/rules"
)

// The palette. Side colours follow Tailwind's blue-500 and red-500.
var (
	ColorBackground = color.RGBA{0x0b, 0x10, 0x18, 0xff}
	ColorGround     = color.RGBA{0x3a, 0x46, 0x3a, 0xff}
	ColorGroundAlt  = color.RGBA{0x36, 0x42, 0x36, 0xff}
	ColorGridLine   = color.RGBA{0x00, 0x00, 0x00, 0x28}
	ColorOutline    = color.RGBA{0x0f, 0x17, 0x2a, 0xff}
	ColorText       = color.RGBA{0xe5, 0xe7, 0xeb, 0xff}
	ColorTextDim    = color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	ColorPanel      = color.RGBA{0x11, 0x18, 0x27, 0xe6}
	// ColorPanelSolid is ColorPanel with nothing showing through: the
	// top bar and the dialogs, over which the battle must not be read.
	ColorPanelSolid = color.RGBA{0x11, 0x18, 0x27, 0xff}
	ColorPanelEdge  = color.RGBA{0x37, 0x41, 0x51, 0xff}
	ColorAccent     = color.RGBA{0xfa, 0xcc, 0x15, 0xff}
	ColorError      = color.RGBA{0xf8, 0x71, 0x71, 0xff}
	ColorBlue       = color.RGBA{0x3b, 0x82, 0xf6, 0xff}
	ColorRed        = color.RGBA{0xef, 0x44, 0x44, 0xff}
)

// Theme is the palette's choice of side colours. It is a value handed to
// what draws (View.Theme, HUD.Theme, EventFX.Theme...), never a global:
// the zero Theme draws the standard colours.
type Theme struct {
	// Blue and Red are the two sides' colours (zero: ColorBlue, ColorRed).
	Blue, Red color.RGBA
}

// ColorBlindTheme returns the palette for colour-blind players: blue
// against orange (after Okabe and Ito's palette), which differ in hue and
// in brightness for deuteranopia, protanopia and tritanopia alike, where
// red against the green ground and blue does not for all of them.
func ColorBlindTheme() Theme {
	return Theme{Blue: color.RGBA{0x38, 0x8e, 0xe8, 0xff}, Red: color.RGBA{0xf0, 0x8a, 0x1c, 0xff}}
}

// Side returns side s's token colour in this theme.
func (t Theme) Side(s rules.Side) color.RGBA {
	if s == rules.SideRed {
		if t.Red.A == 0 {
			return ColorRed
		}
		return t.Red
	}
	if t.Blue.A == 0 {
		return ColorBlue
	}
	return t.Blue
}

// Shade returns c with its RGB scaled by k (k < 1 darkens, k > 1 lightens
// toward white) and its alpha kept.
func Shade(c color.RGBA, k float64) color.RGBA {
	f := func(v uint8) uint8 {
		x := float64(v)
		if k <= 1 {
			x *= k
		} else {
			x += (255 - x) * (k - 1)
		}
		if x > 255 {
			x = 255
		}
		return uint8(x)
	}
	return color.RGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// WithAlpha returns c with alpha a, as a non-premultiplied colour.
func WithAlpha(c color.RGBA, a uint8) color.NRGBA {
	return color.NRGBA{c.R, c.G, c.B, a}
}
