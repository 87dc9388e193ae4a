package systems

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// ObjectiveZones marks the objective zones on the ground: each tinted and
// outlined in its side's colour, with its objective's words at its top.
type ObjectiveZones struct {
	// Zones are the zones, Sides whose they are and Labels their words.
	Zones  []rules.Rect
	Sides  []rules.Side
	Labels []string
}

// DrawOverlay implements Overlay.
func (z *ObjectiveZones) DrawOverlay(dst *ebiten.Image, v *View) {
	for i, r := range z.Zones {
		x, y, s := v.TileRect(r.Min)
		w, h := s*float64(r.Max.X-r.Min.X), s*float64(r.Max.Y-r.Min.Y)
		c := v.Theme.Side(z.Sides[i])
		v.Paint.Rect(dst, x, y, w, h, WithAlpha(c, 0x38))
		v.Paint.RoundRect(dst, x+1, y+1, w-2, h-2, s*0.1, clamp(v.Scale(2.5), 1.5, 3.5), WithAlpha(c, 0xd0))
		if i < len(z.Labels) && z.Labels[i] != "" {
			v.Paint.Text(z.Labels[i], 13, true, x+w/2, y+clamp(s*0.3, 10, 16), ColorText, AlignCenter)
		}
	}
}
