package systems

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
)

// Overlays are the overlay layers of a frame, by depth.
type Overlays struct {
	// Ground is drawn on the terrain, under obstacles (reach tint, hovered tile).
	Ground []Overlay
	// Mid is drawn over obstacles, under units (the planned path).
	Mid []Overlay
	// Top is drawn over everything in the world (sight lines later).
	Top []Overlay
}

// Reset empties the layers, keeping their storage.
func (o *Overlays) Reset() {
	o.Ground, o.Mid, o.Top = o.Ground[:0], o.Mid[:0], o.Top[:0]
}

// Renderer draws a battle's world: the cached terrain, then obstacles and
// units on top, with overlays between the layers.
type Renderer struct {
	// Terrain is the cached static ground.
	Terrain *Terrain
	// Obstacles draws cover and walls.
	Obstacles ObstacleLayer
	// Units draws the unit tokens.
	Units UnitLayer
	// Seconds is how long the battle has been shown, by the scenes'
	// clock: the selection ring pulses and animated tiles change frame
	// by it (0: frame 0, as in tests).
	Seconds float64
	// Pulse is the time the selection ring pulses by: the battle's
	// time while the player acts, held at a crest (PulseCrest) while
	// they are idle, so an idle battle's picture stands still.
	Pulse float64

	ground screenCache // the background and the terrain at screen resolution
}

// Draw draws the world seen through v onto dst. Overlays queue their text
// on v.Paint; it is drawn last, so that the vector shapes of a frame stay
// in as few batches as possible.
func (r *Renderer) Draw(dst *ebiten.Image, v *View, w *entities.World, o *Overlays) {
	if r.Terrain != nil {
		r.Terrain.SetTime(time.Duration(r.Seconds * float64(time.Second)))
	}
	r.Units.seconds = r.Pulse
	// The background and the terrain, one opaque layer: from the screen
	// cache while the camera and the animated tiles stand still.
	var key uint64
	if r.Terrain != nil {
		key = r.Terrain.version
	}
	r.ground.draw(dst, v.Cam.GeoM(), key, dst.Bounds(), true, func(img *ebiten.Image) {
		img.Fill(ColorBackground)
		if r.Terrain != nil {
			r.Terrain.Draw(img, v.Cam)
		}
	})
	for _, ov := range o.Ground {
		ov.DrawOverlay(dst, v)
	}
	r.Obstacles.Draw(dst, v)
	for _, ov := range o.Mid {
		ov.DrawOverlay(dst, v)
	}
	r.Units.Draw(dst, v, w)
	for _, ov := range o.Top {
		ov.DrawOverlay(dst, v)
	}
	v.Paint.FlushText(dst, v.Fonts)
}

// Release frees the renderer's cached images; it must not draw afterwards.
func (r *Renderer) Release() {
	if r.Terrain != nil {
		r.Terrain.img.Deallocate()
		r.Terrain.px.Deallocate()
		r.Terrain.line.Deallocate()
		for _, s := range r.Terrain.srcs {
			if s != nil {
				s.Deallocate()
			}
		}
		r.Terrain = nil
	}
	r.ground.release()
	r.Obstacles.release()
	r.Units.release()
}
