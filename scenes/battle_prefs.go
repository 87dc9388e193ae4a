package scenes

import (
	"math"

	"sightline/actions"
	"sightline/systems"
)

// The battle follows the player's settings (Env.Settings) as they change:
// the side colours, the animations' pace, skipping them, the rule sources
// on the hit panel and the interface's size (uiLayout, battle_layout.go);
// and the screen's shape as the phone turns (Env.Screen).

// applyPrefs puts the settings in force for this frame, laying the
// furniture out again when the interface's size or the screen's shape
// changed (a phone turned upright or sideways).
func (b *Battle) applyPrefs() {
	p := b.env.prefs()
	th := b.env.Theme()
	b.mapView.Theme, b.hud.Theme, b.ui.log.Theme, b.ui.fx.Theme = th, th, th, th
	b.mapView.UIScale = b.env.uiScale()
	b.ui.fx.Speed = p.AnimSpeed
	if s := b.env.uiScale(); s != b.lay.scale {
		b.lay.scale = s
		reframe(b.cam, b.layoutUI)
	}
	if sw, sh := b.env.Screen(); [2]float64{sw, sh} != [2]float64{b.cam.ViewW, b.cam.ViewH} {
		b.lay.sw, b.lay.sh = sw, sh
		reframe(b.cam, func() {
			b.cam.ViewW, b.cam.ViewH = sw, sh
			b.layoutUI()
		})
		stopAtMapEdge(b.cam) // turned, the screen shows no margin past a map larger than it
	}
}

// reframe lays the furniture out again (layout) for a new interface size
// and frames the map on camera c in what it now leaves: a map shown whole at its fitted
// zoom is fitted again (the bars grew or shrank around it), a map the
// player zoomed keeps its zoom and the point at the centre of the view,
// and either way no edge is left under a bar.
func reframe(c *systems.Camera, layout func()) {
	before := *c
	before.Fit()
	fitted := math.Abs(c.Zoom-before.Zoom) < 1e-9
	zoom := c.Zoom
	mid := c.ScreenToWorld((c.InsetLeft+c.ViewW-c.InsetRight)/2, (c.InsetTop+c.ViewH-c.InsetBottom)/2)
	layout()
	if c.Fit() && fitted {
		return
	}
	if !fitted {
		c.Zoom = min(max(zoom, c.MinZoom), c.MaxZoom)
	}
	c.CenterOn(mid.X, mid.Y)
}

// layoutUI lays the HUD and the action layer out on the furniture's
// screen and frames the map between them.
func (b *Battle) layoutUI() {
	w, h := b.lay.size()
	old := b.hud
	if b.env.uprightScreen() {
		b.hud = systems.NewUprightHUD(b.env.Fonts, w, h, b.hudTitle(), (len(actions.All())+systems.UprightBarCols-1)/systems.UprightBarCols)
	} else {
		b.hud = systems.NewHUD(b.env.Fonts, w, h, b.hudTitle())
	}
	b.hud.Shapes = b.env.shapeStore()
	if old != nil {
		b.hud.Theme = old.Theme
	}
	b.ui.layout()
	s := max(b.lay.scale, 1)
	// The map fills what the HUD leaves: under the top bar (with End
	// Turn and Undo), right of the left column (the log, the action bar
	// and the unit card) and over the bottom band (the hint line); held
	// upright, the whole width over the dock.
	b.mapView.Legends = b.hud.Legends()
	x, y, mw, mh := b.hud.MapBox()
	b.cam.InsetTop, b.cam.InsetBottom = y*s, (h-y-mh)*s
	b.cam.InsetLeft, b.cam.InsetRight = x*s, (w-x-mw)*s
}
