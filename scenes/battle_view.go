package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/rules"
	"sightline/systems"
)

// battleView draws the battle (one job: the frame): the map through the
// render layers, this frame's overlays by layer, the HUD and the
// furniture over them. It reads the other parts (the hover, the action
// layer, the sight, the touch controls) and changes none of them.
type battleView struct {
	*stage
	hover *hoverPlan
	ui    *actionUI
	sight *battleSight
	touch *battleTouch

	rend     systems.Renderer
	pulse    pulseClock      // the selection ring's (rend.Pulse)
	paint    systems.Painter // the map's (mapView's)
	overlays systems.Overlays
	// zones are the objectives' zones, drawn under everything.
	zones systems.ObjectiveZones
	// whyView is kept, so its draw buffers are reused.
	whyView systems.WhyOverlay
}

// draw draws the world, the overlays and the HUD with the furniture.
func (v *battleView) draw(dst *ebiten.Image) {
	v.buildOverlays()
	info := v.hudInfo()
	v.mapView.HoverCard = info.Hovered != nil
	v.rend.Draw(dst, &v.mapView, v.fog.Shown(v.world), &v.overlays)
	v.ui.hint, info.Hint = info.Hint, "" // drawn above the action bar
	ui := v.lay.target(dst)
	v.hud.Draw(ui, info)
	v.ui.draw(ui, v.hover.pointer)
	v.lay.draw(dst, ui)
}

// buildOverlays lists this frame's overlays by layer. Later overlays
// (sight lines, cover shields) join the lists here.
func (v *battleView) buildOverlays() {
	ov := &v.overlays
	ov.Reset()
	if len(v.zones.Zones) > 0 {
		ov.Ground = append(ov.Ground, &v.zones)
	}
	v.sight.overlays(ov)
	v.hover.overlays(ov)
	if v.whyOn && (v.why != nil || v.watch != nil) {
		ov.Top = append(ov.Top, v.whyOverlay())
	}
	v.ui.overlays(ov, v.hover)
}

// hudInfo gathers what the HUD shows.
func (v *battleView) hudInfo() systems.HUDInfo {
	s := v.state
	sel := s.Unit(v.selected)
	info := systems.HUDInfo{Side: s.Side, Turn: s.Turn, Selected: sel, Busy: v.playback.Busy(), World: v.world,
		Computer: v.watch == nil && v.players[s.Side] == Computer, Replay: v.watch != nil, Objective: objectiveLine(s, s.Side),
		EndAnyway: v.ui.endAsked == [2]int{s.Turn, int(s.Side) + 1}}
	if hu := v.hover.unit; hu != 0 && hu != v.selected && v.mode.Spec().Takes != actions.TargetUnit { // targeting: the hit panel names the target
		info.Hovered = s.Unit(hu)
	}
	if ev := v.playback.Playing(); ev != nil && sel == nil {
		// The unit an event is about, when the fog shows it where the
		// event leaves it.
		if id := ev.Actor(); id != 0 && v.fog.Saw(ev) && v.fog.Knows(id) && v.fog.SawEnd(id) {
			info.Acting, info.Doing = s.Unit(id), systems.Doing(ev)
		}
	}
	switch {
	case v.watch != nil:
		info.Hint = v.watch.hint()
	case info.Busy:
		info.Hint = "Playing…   Space, Enter or click: skip"
	case info.Computer:
		info.Hint = "The computer is playing " + s.Side.String() + "   Y: why it did that"
	case info.Selected == nil:
		info.Hint = "Click one of your units, or press Tab"
	case info.Selected.AP <= 0:
		info.Hint = info.Selected.Name + " has no AP left: pick another unit or end the turn"
	default:
		info.Hint = "Click a lit tile to move   Right-click: deselect   Tab: next unit"
	}
	if info.Touch = v.finger; info.Touch {
		info.TouchKeys = v.touch.keys()
		if h := v.touch.hint(info); h != "" {
			info.Hint = h
		}
	}
	return info
}

// whyOverlay shows the computer's account of its last decision; when the
// side the fog shows does not see the unit that acted (or will not once
// the command playing is over), only that, so the account never tells a
// player what the fog hides. In a replay with no
// account to show, it shows the watch's note saying why.
func (v *battleView) whyOverlay() *systems.WhyOverlay {
	w := v.why
	o := &v.whyView
	o.Touch, o.Low = v.finger, v.watch != nil
	if w == nil {
		o.Side, o.Tiles, o.Scores, o.Aside, o.Lines = v.watch.whySide, nil, nil, nil, v.watch.whyNote
		return o
	}
	side := rules.SideBlue
	if u := v.state.Unit(w.Unit); u != nil {
		side = u.Side
	}
	o.Side = side
	// While a command plays the fog is still the one from before it, so
	// the unit must also be seen where the command leaves it: else its
	// chosen tile would say where it went out of sight.
	if !v.fog.Knows(w.Unit) || v.playback.Busy() && !v.fog.SawEnd(w.Unit) {
		o.Tiles, o.Scores, o.Aside, o.Lines = nil, nil, nil, []string{"The unit that acted is out of your sight: its reasons stay hidden."}
		return o
	}
	o.Tiles, o.Scores, o.Aside, o.Chosen, o.Lines = w.Tiles, w.Scores, w.Aside, w.Chosen, w.Lines
	return o
}
