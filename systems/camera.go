package systems

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// Zoom limits and steps.
const (
	maxZoom       = 3.0
	minZoomFloor  = 0.25
	zoomStep      = 1.1 // per wheel notch or key half-step
	cameraMargin  = 96  // screen pixels the map may scroll past the view edge
	defaultMaxFit = 2.0
)

// Camera maps world pixels to screen pixels: a top-left world position and a
// zoom, kept inside the map.
type Camera struct {
	// X and Y are the world position shown at the screen's top-left corner.
	X, Y float64
	// Zoom is screen pixels per world pixel.
	Zoom float64
	// ViewW and ViewH are the screen size in logical pixels.
	ViewW, ViewH float64
	// WorldW and WorldH are the map size in world pixels.
	WorldW, WorldH float64
	// MinZoom and MaxZoom bound Zoom.
	MinZoom, MaxZoom float64
}

// NewCamera returns a camera on a world of worldW×worldH pixels seen through
// a viewW×viewH screen, zoomed to fit the map (never closer than 2x, never
// farther than 1x when the map is big) and centred on it.
func NewCamera(viewW, viewH, worldW, worldH float64) *Camera {
	c := &Camera{ViewW: viewW, ViewH: viewH, WorldW: worldW, WorldH: worldH, Zoom: 1}
	fit := math.Min(viewW/worldW, viewH/worldH)
	c.MinZoom = math.Max(minZoomFloor, math.Min(1, fit*0.9))
	c.MaxZoom = maxZoom
	c.Zoom = clamp(fit*0.85, 1, defaultMaxFit)
	c.CenterOn(worldW/2, worldH/2)
	return c
}

// ScreenToWorld returns the world position under a screen position.
func (c *Camera) ScreenToWorld(sx, sy float64) rules.Vec {
	return rules.Vec{X: c.X + sx/c.Zoom, Y: c.Y + sy/c.Zoom}
}

// WorldToScreen returns where a world position is drawn on screen.
func (c *Camera) WorldToScreen(w rules.Vec) (sx, sy float64) {
	return (w.X - c.X) * c.Zoom, (w.Y - c.Y) * c.Zoom
}

// GeoM returns the transform from world to screen pixels.
func (c *Camera) GeoM() ebiten.GeoM {
	var g ebiten.GeoM
	g.Translate(-c.X, -c.Y)
	g.Scale(c.Zoom, c.Zoom)
	return g
}

// Visible returns the world rectangle on screen.
func (c *Camera) Visible() (min, max rules.Vec) {
	return rules.Vec{X: c.X, Y: c.Y}, rules.Vec{X: c.X + c.ViewW/c.Zoom, Y: c.Y + c.ViewH/c.Zoom}
}

// Pan moves the view by a screen-pixel offset.
func (c *Camera) Pan(dx, dy float64) {
	c.X += dx / c.Zoom
	c.Y += dy / c.Zoom
	c.Clamp()
}

// ZoomAt multiplies the zoom by factor, keeping the world point under the
// screen position (sx, sy) in place (as far as clamping allows).
func (c *Camera) ZoomAt(factor, sx, sy float64) {
	w := c.ScreenToWorld(sx, sy)
	c.Zoom = clamp(c.Zoom*factor, c.MinZoom, c.MaxZoom)
	c.X = w.X - sx/c.Zoom
	c.Y = w.Y - sy/c.Zoom
	c.Clamp()
}

// CenterOn puts the world position (wx, wy) at the centre of the screen.
func (c *Camera) CenterOn(wx, wy float64) {
	c.X = wx - c.ViewW/2/c.Zoom
	c.Y = wy - c.ViewH/2/c.Zoom
	c.Clamp()
}

// Clamp keeps the map on screen: an axis where the map is smaller than the
// view is centred; otherwise the view may pass the map's edge by a margin.
func (c *Camera) Clamp() {
	c.X = clampAxis(c.X, c.ViewW/c.Zoom, c.WorldW, cameraMargin/c.Zoom)
	c.Y = clampAxis(c.Y, c.ViewH/c.Zoom, c.WorldH, cameraMargin/c.Zoom)
}

func clampAxis(pos, view, world, margin float64) float64 {
	if world+2*margin <= view {
		return (world - view) / 2
	}
	return clamp(pos, -margin, world-view+margin)
}

// Apply carries out the camera intents in in: pans, drags and zooms.
func (c *Camera) Apply(in []Intent) {
	for _, it := range in {
		switch it.Kind {
		case IntentPan:
			c.Pan(it.DX, it.DY)
		case IntentDrag:
			c.Pan(-it.DX, -it.DY)
		case IntentZoom:
			c.ZoomAt(math.Pow(zoomStep, it.DY), it.X, it.Y)
		}
	}
}

func clamp(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
