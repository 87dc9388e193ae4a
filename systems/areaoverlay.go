package systems

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// AreaOverlay outlines the square of Size tiles whose top-left tile is At:
// the 2×2 area of suppressive fire, or the tile a cone is aimed at.
type AreaOverlay struct {
	// At is the top-left tile.
	At rules.Point
	// Size is the side in tiles.
	Size int
}

// DrawOverlay tints and outlines the area in the accent colour.
func (o *AreaOverlay) DrawOverlay(dst *ebiten.Image, v *View) {
	x, y, s := v.TileRect(o.At)
	n := float64(max(o.Size, 1))
	v.Paint.Rect(dst, x, y, s*n, s*n, WithAlpha(ColorAccent, 0x30))
	v.Paint.RoundRect(dst, x+1, y+1, s*n-2, s*n-2, s*0.1, clamp(v.Scale(2.5), 1.5, 3.5), color.NRGBA{0xfa, 0xcc, 0x15, 0xd0})
}
