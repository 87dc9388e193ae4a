package scenes

import (
	"fmt"

	"sightline/actions"
	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// hoverPlan follows the pointer over the map (one job: what the pointer
// is on, and where the selected unit could go): the hovered tile and
// unit, the selected unit's reach in the action mode, and the path to
// the hovered tile, with their overlays.
type hoverPlan struct {
	*stage
	// furniture says which screen points are on the action layer.
	furniture interface {
		onTargetPanel(x, y float64) bool
		covers(x, y float64) bool
	}
	ok   bool        // the pointer is on a tile of the map
	tile rules.Point // the tile it is on
	unit int         // the unit shown there that the side knows of (0: none)

	reach     *rules.Reach
	reachKey  [3]int
	reachView *systems.ReachOverlay
	pathView  *systems.PathOverlay
	pathKey   [3]int
	view      systems.HoverOverlay
	// pointer is where the pointer was last seen, on the screen.
	pointer [2]float64
}

// update tracks the tile and unit under the cursor, refreshes the
// entity flags and recomputes the reach and path views when their inputs
// changed.
func (h *hoverPlan) update(in []systems.Intent) {
	if it, ok := systems.Find(in, systems.IntentHover); ok {
		h.pointer = [2]float64{it.X, it.Y}
		// On the hit panel the target stays the one it shows, so the
		// pointer can read the panel's lines (and their rules).
		if !h.furniture.onTargetPanel(it.X, it.Y) {
			h.ok = false
			// A pointer off the window (the desktop reports where it went)
			// is on no tile, though the map may go on under it.
			sw, sh := h.lay.screen()
			onScreen := it.X >= 0 && it.Y >= 0 && it.X < sw && it.Y < sh
			if onScreen && !h.hud.Covers(h.lay.point(it.X, it.Y)) && !h.furniture.covers(it.X, it.Y) {
				h.tile, h.ok = h.mapView.TileAt(it.X, it.Y)
			}
		}
	}
	h.unit = 0
	if h.ok {
		if u := h.unitShownAt(h.tile); u != nil && h.fog.Knows(u.ID) {
			h.unit = u.ID
		}
	}
	h.world.ClearFlags()
	if e := h.world.Unit(h.selected); e != nil {
		e.Selected = true
	}
	if e := h.world.Unit(h.unit); e != nil {
		e.Hovered = true
	}
	h.refresh()
}

// unitShownAt returns the unit drawn on tile p: the living one there or,
// while events play, one whose death has not played yet.
func (h *hoverPlan) unitShownAt(p rules.Point) *rules.Unit {
	if u := h.state.UnitAt(p); u != nil {
		return u
	}
	for _, u := range h.state.Units {
		if e := h.world.Unit(u.ID); e != nil && e.Vitals.Alive && u.Occupies(p) {
			return u
		}
	}
	return nil
}

// refresh recomputes the selected unit's reach when the selection or
// the state changed, and the path to the hovered tile when that changed.
func (h *hoverPlan) refresh() {
	walk := h.mode // the tile action whose reach shows: Move outside the tile modes
	if walk.Spec().Takes != actions.TargetTile {
		walk = actions.Move
	}
	pv := walk.Spec().Preview
	key := [3]int{h.selected, h.version, int(walk)}
	sel := h.state.Unit(h.selected)
	if key != h.reachKey {
		h.reachKey = key
		h.reach, h.reachView = nil, nil
		h.pathKey = [3]int{-1, -1, -1}
		if sel != nil && sel.AP > 0 {
			h.reach = walk.Reach(h.state, sel.ID)
			h.reachView = systems.NewReachOverlay(h.state.Board, h.reach, sel.Side)
		}
	}
	pk := [3]int{h.tile.X, h.tile.Y, 0}
	if !h.ok {
		pk = [3]int{-1, -1, -1}
	}
	if pk == h.pathKey {
		return
	}
	h.pathKey = pk
	h.pathView = nil
	if sel == nil || h.reach == nil || !h.ok || !h.reach.Reachable(h.tile) || h.tile == sel.Pos {
		return
	}
	bd := h.state.Board
	steps := h.reach.Path(h.tile)
	pts := make([]rules.Vec, 0, len(steps)+1)
	pts = append(pts, entities.SpaceCenter(bd, sel.Pos, sel.Size))
	for _, p := range steps {
		pts = append(pts, entities.SpaceCenter(bd, p, sel.Size))
	}
	h.pathView = systems.NewPathOverlay(pts, h.reach.AP(h.tile), sel.Side)
	if pv == actions.PreviewPileReach && len(h.reach.PiledThrough(h.tile)) > 0 {
		h.pathView.Note(fmt.Sprintf("%.0f%% to smash through", 100*h.reach.PileOdds(h.tile, sel.Stats.ST)))
	}
	if pv == actions.PreviewDashReach {
		h.pathView.Note(breakOutNote(h.state, sel))
	}
}

// overlays adds the reach, the hovered tile's outline and the path to
// this frame's overlays.
func (h *hoverPlan) overlays(ov *systems.Overlays) {
	busy := h.playback.Busy()
	if !busy && h.reachView != nil {
		ov.Ground = append(ov.Ground, h.reachView)
	}
	if h.ok {
		h.view.Tile = h.tile
		h.view.Blocked = !busy && h.selected != 0 && h.unit == 0 && (h.reach == nil || !h.reach.Reachable(h.tile))
		ov.Ground = append(ov.Ground, &h.view)
	}
	if !busy && h.pathView != nil {
		ov.Mid = append(ov.Mid, h.pathView)
	}
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
