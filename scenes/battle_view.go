package scenes

import (
	"fmt"
	"sightline/actions"
	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// updateHover tracks the tile and unit under the cursor, refreshes the
// entity flags and recomputes the reach and path views when their inputs
// changed.
func (b *Battle) updateHover(in []systems.Intent) {
	if it, ok := systems.Find(in, systems.IntentHover); ok {
		b.pointer = [2]float64{it.X, it.Y}
		// On the hit panel the target stays the one it shows, so the
		// pointer can read the panel's lines (and their rules).
		if !b.onTargetPanel(it.X, it.Y) {
			b.hoverOK = false
			if !b.hudCovers(it.X, it.Y) && !b.actionsCover(it.X, it.Y) {
				b.hoverTile, b.hoverOK = b.TileAt(it.X, it.Y)
			}
		}
	}
	b.hoverUnit = 0
	if b.hoverOK {
		if u := b.unitShownAt(b.hoverTile); u != nil && b.knows(u.ID) {
			b.hoverUnit = u.ID
		}
	}
	b.world.ClearFlags()
	if e := b.world.Unit(b.selected); e != nil {
		e.Selected = true
	}
	if e := b.world.Unit(b.hoverUnit); e != nil {
		e.Hovered = true
	}
	b.refreshPlans()
	b.updateTarget()
	b.updateSight()
}

// unitShownAt returns the unit drawn on tile p: the living one there or,
// while events play, one whose death has not played yet.
func (b *Battle) unitShownAt(p rules.Point) *rules.Unit {
	if u := b.state.UnitAt(p); u != nil {
		return u
	}
	for _, u := range b.state.Units {
		if e := b.world.Unit(u.ID); e != nil && e.Vitals.Alive && u.Occupies(p) {
			return u
		}
	}
	return nil
}

// refreshPlans recomputes the selected unit's reach when the selection or
// the state changed, and the path to the hovered tile when that changed.
func (b *Battle) refreshPlans() {
	walk := b.ui.mode // the tile action whose reach shows: Move outside the tile modes
	if walk.Spec().Takes != actions.TargetTile {
		walk = actions.Move
	}
	pv := walk.Spec().Preview
	key := [3]int{b.selected, b.version, int(walk)}
	if key != b.reachKey {
		b.reachKey = key
		b.reach, b.reachView = nil, nil
		b.pathKey = [3]int{-1, -1, -1}
		if sel := b.Selected(); sel != nil && sel.AP > 0 {
			b.reach = walk.Reach(b.state, sel.ID)
			b.reachView = systems.NewReachOverlay(b.state.Board, b.reach, sel.Side)
		}
	}
	pk := [3]int{b.hoverTile.X, b.hoverTile.Y, 0}
	if !b.hoverOK {
		pk = [3]int{-1, -1, -1}
	}
	if pk == b.pathKey {
		return
	}
	b.pathKey = pk
	b.pathView = nil
	sel := b.Selected()
	if sel == nil || b.reach == nil || !b.hoverOK || !b.reach.Reachable(b.hoverTile) || b.hoverTile == sel.Pos {
		return
	}
	bd := b.state.Board
	steps := b.reach.Path(b.hoverTile)
	pts := make([]rules.Vec, 0, len(steps)+1)
	pts = append(pts, entities.SpaceCenter(bd, sel.Pos, sel.Size))
	for _, p := range steps {
		pts = append(pts, entities.SpaceCenter(bd, p, sel.Size))
	}
	b.pathView = systems.NewPathOverlay(pts, b.reach.AP(b.hoverTile), sel.Side)
	if pv == actions.PreviewPileReach && len(b.reach.PiledThrough(b.hoverTile)) > 0 {
		b.pathView.Note(fmt.Sprintf("%.0f%% to smash through", 100*b.reach.PileOdds(b.hoverTile, sel.Stats.ST)))
	}
	if pv == actions.PreviewDashReach {
		b.pathView.Note(breakOutNote(b.state, sel))
	}
}

// buildOverlays lists this frame's overlays by layer. Later overlays
// (sight lines, cover shields) join the lists here.
func (b *Battle) buildOverlays() {
	b.overlays.Reset()
	if len(b.zones.Zones) > 0 {
		b.overlays.Ground = append(b.overlays.Ground, &b.zones)
	}
	b.sightOverlays()
	busy := b.playback.Busy()
	if !busy && b.reachView != nil {
		b.overlays.Ground = append(b.overlays.Ground, b.reachView)
	}
	if b.hoverOK {
		sel := b.Selected()
		b.hoverView.Tile = b.hoverTile
		b.hoverView.Blocked = !busy && sel != nil && b.hoverUnit == 0 && (b.reach == nil || !b.reach.Reachable(b.hoverTile))
		b.overlays.Ground = append(b.overlays.Ground, &b.hoverView)
	}
	if !busy && b.pathView != nil {
		b.overlays.Mid = append(b.overlays.Mid, b.pathView)
	}
	if b.whyOn && (b.why != nil || b.watch != nil) {
		b.overlays.Top = append(b.overlays.Top, b.whyOverlay())
	}
	b.actionOverlays()
}

// hudInfo gathers what the HUD shows.
func (b *Battle) hudInfo() systems.HUDInfo {
	info := systems.HUDInfo{Side: b.state.Side, Turn: b.state.Turn, Selected: b.Selected(), Busy: b.playback.Busy(), World: b.world,
		Computer: b.watch == nil && b.players[b.state.Side] == Computer, Replay: b.watch != nil, Objective: objectiveLine(b.state, b.state.Side),
		EndAnyway: b.ui.endAsked == [2]int{b.state.Turn, int(b.state.Side) + 1}}
	if b.hoverUnit != 0 && b.hoverUnit != b.selected && b.ui.mode.Spec().Takes != actions.TargetUnit { // targeting: the hit panel names the target
		info.Hovered = b.state.Unit(b.hoverUnit)
	}
	switch {
	case b.watch != nil:
		info.Hint = b.watchHint()
	case info.Busy:
		info.Hint = "Playing…   Space, Enter or click: skip"
	case info.Computer:
		info.Hint = "The computer is playing " + b.state.Side.String() + "   Y: why it did that"
	case info.Selected == nil:
		info.Hint = "Click one of your units, or press Tab"
	case info.Selected.AP <= 0:
		info.Hint = info.Selected.Name + " has no AP left: pick another unit or end the turn"
	default:
		info.Hint = "Click a lit tile to move   Right-click: deselect   Tab: next unit"
	}
	if info.Touch = b.touch.on; info.Touch {
		info.TouchKeys = b.touchKeys()
		if h := b.touchHint(info); h != "" {
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
func (b *Battle) whyOverlay() *systems.WhyOverlay {
	w := b.why
	o := &b.whyView
	o.Touch, o.Low = b.touch.on, b.watch != nil
	if w == nil {
		o.Side, o.Tiles, o.Scores, o.Lines = b.watch.whySide, nil, nil, b.watch.whyNote
		return o
	}
	side := rules.SideBlue
	if u := b.state.Unit(w.Unit); u != nil {
		side = u.Side
	}
	o.Side = side
	// While a command plays the fog is still the one from before it, so
	// the unit must also be seen where the command leaves it: else its
	// chosen tile would say where it went out of sight.
	if !b.knows(w.Unit) || b.playback.Busy() && !b.sight.fog.SawEnd(w.Unit) {
		o.Tiles, o.Scores, o.Lines = nil, nil, []string{"The unit that acted is out of your sight: its reasons stay hidden."}
		return o
	}
	o.Tiles, o.Scores, o.Chosen, o.Lines = w.Tiles, w.Scores, w.Chosen, w.Lines
	return o
}

// breakOutNote words the shot a dash out of suppression draws, for the
// path's label: the suppressor's chance to hit, or why none comes.
func breakOutNote(s *rules.State, u *rules.Unit) string {
	pv, reason, ok := s.BreakOutShot(u.ID)
	switch {
	case ok:
		name := "its suppressor"
		if by := s.Unit(u.Status.SuppressedBy); by != nil {
			name = by.Name
		}
		return fmt.Sprintf("draws %s's shot: %.0f%% to hit", name, 100*pv.Chance)
	case reason != "":
		return "no shot: " + reason
	}
	return "full speed"
}
