package scenes

import (
	"sightline/systems"
)

// The battle follows the player's settings (Env.Settings) as they change:
// the side colours, the animations' pace, skipping them, the rule sources
// on the hit panel and the interface's size (uiLayout, battle_layout.go).

// applyPrefs puts the settings in force for this frame, laying the
// furniture out again when the interface's size changed.
func (b *Battle) applyPrefs() {
	p := b.env.prefs()
	th := b.env.Theme()
	b.mapView.Theme, b.hud.Theme, b.ui.log.Theme, b.ui.fx.Theme = th, th, th, th
	b.mapView.UIScale = p.Scale()
	b.ui.fx.Speed = p.AnimSpeed
	if s := p.Scale(); s != b.lay.scale {
		b.lay.scale = s
		b.layoutUI()
	}
}

// layoutUI lays the HUD and the action layer out on the furniture's
// screen and frames the map between them.
func (b *Battle) layoutUI() {
	w, h := b.lay.size()
	old := b.hud
	b.hud = systems.NewHUD(b.env.Fonts, w, h, b.hudTitle())
	if old != nil {
		b.hud.Theme = old.Theme
	}
	b.ui.layout()
	s := max(b.lay.scale, 1)
	top, _ := b.hud.Insets()
	// The map fills the screen under the top bar and right of the left
	// column (the unit card and the action bar); the log, End Turn and
	// the hint line float over its right and bottom edges.
	b.cam.InsetTop, b.cam.InsetBottom = top*s, 0
	b.cam.InsetLeft, b.cam.InsetRight = systems.LeftColumnW*s, 0
}
