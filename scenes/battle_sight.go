package scenes

import (
	"sightline/rules"
	"sightline/systems"
)

// battleSight is the battle's view of the sight/cover oracle (one job:
// what the side watching sees): it keeps the stage's fog of war up to
// date and owns the sight view (hover preview and cover cone).
type battleSight struct {
	*stage
	view systems.SightView
	// turns says when the side to move waits behind the handover.
	turns interface{ handoverDue() bool }
	// chosen says which tile a finger chose (battleTouch's armed tile).
	chosen interface {
		armedTile() (rules.Point, bool)
	}
}

// update brings the fog and the sight view up to date with the state,
// the selection, the hovered tile (h) and the unit the targeting mode
// aims at (pinned); both recompute only when those changed. A finger
// has no hover: the tile it last tapped stays "hovered", so the cover
// from a tile ("YOUR COVER FROM HERE") shows only for the tile a tap
// chose (armed), and a known enemy tapped still gets its cone.
func (s *battleSight) update(h *hoverPlan, pinned int) {
	s.updateFog()
	s.view.SetTarget(pinned)
	ok := h.ok
	if s.finger && ok {
		at, armed := s.chosen.armedTile()
		ok = armed && at == h.tile || s.knownEnemy(h.unit)
	}
	in := systems.SightInput{Selected: s.selected, Hover: h.tile, HoverOK: ok, Reach: h.reach, Know: &s.fog}
	if s.playback.Busy() {
		in = systems.SightInput{}
	}
	s.view.Update(s.state, in)
}

// knownEnemy reports whether unit id is an enemy of the selected unit
// that the side watching knows of.
func (s *battleSight) knownEnemy(id int) bool {
	u, sel := s.state.Unit(id), s.state.Unit(s.selected)
	return u != nil && sel != nil && u.Side != sel.Side && s.fog.Knows(id)
}

// updateFog brings the fog up to date with the state once the events have
// played: while they play the fog stays as it was, so a unit walking into
// view, or a wall that has yet to break on screen, reveals nothing early,
// and the side that just ended its turn keeps its own view until the
// handover.
func (s *battleSight) updateFog() {
	if s.playback.Busy() {
		return
	}
	side := s.state.Side
	switch {
	case s.watch != nil:
		side = s.watch.side()
	case s.players[rules.SideBlue] != s.players[rules.SideRed]:
		// Against the computer the fog always shows the player's side.
		side = rules.SideBlue
		if s.players[rules.SideBlue] == Computer {
			side = rules.SideRed
		}
	case s.players[rules.SideBlue] == Computer:
		s.fog.Off = true // the computer against itself: watch it all
	}
	if s.turns.handoverDue() {
		return // the next side sees its view once it has the keyboard
	}
	s.fog.Update(s.m, side)
}

// overlays adds the fog (over obstacles, under units; called first in
// a frame, so it lies under the planned path too) and the sight view (over
// everything) to this frame's overlays.
func (s *battleSight) overlays(ov *systems.Overlays) {
	ov.Mid = append(ov.Mid, &s.fog)
	if !s.playback.Busy() {
		ov.Top = append(ov.Top, &s.view)
	}
}
