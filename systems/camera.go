package systems

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// Zoom limits and steps.
const (
	maxZoom      = 3.0
	minZoomFloor = 0.25
	zoomStep     = 1.1  // per wheel notch or key half-step
	cameraMargin = 96   // screen pixels the map may scroll past the view edge
	maxFitZoom   = 2.0  // Fit never zooms in closer than this
	minFitZoom   = 0.45 // below this a fitted map is too small to read
	fitRoom      = 0.99 // the share of the free screen a fitted map fills
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
	// InsetTop and InsetBottom are screen bands covered by HUD bars, and
	// InsetLeft and InsetRight columns: fitting, centring and clamping use
	// the screen between them.
	InsetTop, InsetBottom, InsetLeft, InsetRight float64
	// WorldW and WorldH are the map size in world pixels.
	WorldW, WorldH float64
	// MinZoom and MaxZoom bound Zoom.
	MinZoom, MaxZoom float64

	glide *glide // a move under way (camera_glide.go)
}

// NewCamera returns a camera on a world of worldW×worldH pixels seen through
// a viewW×viewH screen, fitted to the map (see Fit).
func NewCamera(viewW, viewH, worldW, worldH float64) *Camera {
	c := &Camera{ViewW: viewW, ViewH: viewH, WorldW: worldW, WorldH: worldH, Zoom: 1, MaxZoom: maxZoom}
	c.Fit()
	return c
}

// Fit shows the whole map, centred, when it fits at a readable zoom
// (between 0.45 and 2) and reports true; otherwise it shows the map's centre
// at zoom 1 and reports false. Either way the player may zoom out until
// the whole map is on screen (but not below 0.25).
//
// The zoom limits lie on one ladder of even steps through the starting
// zoom (zoomStep apart; ZoomBy), so every step in or out, the last
// included, scales the map by the same factor.
func (c *Camera) Fit() bool {
	fit := fitRoom * math.Min(c.freeW()/c.WorldW, c.freeH()/c.WorldH)
	fits := fit >= minFitZoom
	c.Zoom = 1
	if fits {
		c.Zoom = math.Min(fit, maxFitZoom)
	}
	lo := clamp(fit, minZoomFloor, 1)
	steps := func(r float64) float64 { return math.Log(r) / math.Log(zoomStep) }
	down := math.Ceil(steps(c.Zoom/lo) - 1e-9)
	if c.Zoom/math.Pow(zoomStep, down) < minZoomFloor {
		down--
	}
	c.MinZoom = c.Zoom / math.Pow(zoomStep, max(down, 0))
	c.MaxZoom = c.Zoom * math.Pow(zoomStep, math.Floor(steps(maxZoom/c.Zoom)+1e-9))
	c.CenterOn(c.WorldW/2, c.WorldH/2)
	return fits
}

// ZoomBy zooms by n steps (in when n > 0) about the screen position
// (sx, sy). A whole number of steps lands on the ladder through MinZoom,
// so the steps are even whatever zoomed before (a pinch, a glide); a
// fraction (a pinch, a trackpad) scales by zoomStep^n.
func (c *Camera) ZoomBy(n, sx, sy float64) {
	to := c.Zoom * math.Pow(zoomStep, n)
	if n == math.Trunc(n) && c.MinZoom > 0 {
		k := math.Round(math.Log(c.Zoom/c.MinZoom)/math.Log(zoomStep)) + n
		to = c.MinZoom * math.Pow(zoomStep, k)
	}
	c.ZoomAt(to/c.Zoom, sx, sy)
}

// freeW returns the width of the screen between the insets.
func (c *Camera) freeW() float64 { return math.Max(1, c.ViewW-c.InsetLeft-c.InsetRight) }

// freeH returns the height of the screen between the insets.
func (c *Camera) freeH() float64 { return math.Max(1, c.ViewH-c.InsetTop-c.InsetBottom) }

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

// CenterOn puts the world position (wx, wy) at the centre of the screen
// between the insets.
func (c *Camera) CenterOn(wx, wy float64) {
	c.X = wx - (c.InsetLeft+c.freeW()/2)/c.Zoom
	c.Y = wy - (c.InsetTop+c.freeH()/2)/c.Zoom
	c.Clamp()
}

// FocusSide centres the camera on side's living units in s when some of
// them are off screen (a turn starts, the battle opens).
func (c *Camera) FocusSide(s *rules.State, side rules.Side) {
	var sum rules.Vec
	n, hidden := 0, false
	for _, u := range s.Units {
		if u.Alive() && u.Side == side {
			p := entities.SpaceCenter(s.Board, u.Pos, u.Size)
			sum = sum.Add(p)
			n++
			hidden = hidden || !c.Shows(p, float64(s.Board.TileSize)*c.Zoom/2)
		}
	}
	if n > 0 && hidden {
		c.CenterOn(sum.X/float64(n), sum.Y/float64(n))
	}
}

// Shows reports whether the world position w is on screen between the
// insets, at least pad screen pixels from the edges.
func (c *Camera) Shows(w rules.Vec, pad float64) bool {
	x, y := c.WorldToScreen(w)
	return x >= c.InsetLeft+pad && x <= c.ViewW-c.InsetRight-pad && y >= c.InsetTop+pad && y <= c.ViewH-c.InsetBottom-pad
}

// Clamp keeps the map on screen: an axis where the map is smaller than the
// view is centred; otherwise the view may pass the map's edge by a margin.
func (c *Camera) Clamp() {
	m := cameraMargin / c.Zoom
	left := c.InsetLeft / c.Zoom
	c.X = clampAxis(c.X+left, c.freeW()/c.Zoom, c.WorldW, m) - left
	top := c.InsetTop / c.Zoom
	c.Y = clampAxis(c.Y+top, c.freeH()/c.Zoom, c.WorldH, m) - top
}

func clampAxis(pos, view, world, margin float64) float64 {
	if world+2*margin <= view {
		return (world - view) / 2
	}
	return clamp(pos, -margin, world-view+margin)
}

// Apply carries out the camera intents in in: pans, drags and zooms. Any
// of them stops a glide under way where it is.
func (c *Camera) Apply(in []Intent) {
	for _, it := range in {
		switch it.Kind {
		case IntentPan:
			c.glide = nil
			c.Pan(it.DX, it.DY)
		case IntentDrag:
			c.glide = nil
			c.Pan(-it.DX, -it.DY)
		case IntentZoom:
			c.glide = nil
			c.ZoomBy(it.DY, it.X, it.Y)
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
