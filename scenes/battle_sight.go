package scenes

import (
	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// battleSight is the battle's view of the sight/cover oracle: the fog of
// war of the side to move, and the sight view (hover preview and cover
// cone).
type battleSight struct {
	fog  systems.Fog
	view systems.SightView
}

// updateSight brings the fog and the sight view up to date with the state,
// the selection and the pointer; both recompute only when those changed.
func (b *Battle) updateSight() {
	b.updateFog()
	b.sight.view.SetTarget(b.ui.pinned)
	in := systems.SightInput{Selected: b.selected, Hover: b.hoverTile, HoverOK: b.hoverOK, Reach: b.reach, Know: &b.sight.fog}
	if b.playback.Busy() {
		in = systems.SightInput{}
	}
	b.sight.view.Update(b.state, in)
}

// updateFog brings the fog up to date with the state once the events have
// played: while they play the fog stays as it was, so a unit walking into
// view, or a wall that has yet to break on screen, reveals nothing early,
// and the side that just ended its turn keeps its own view until the
// handover.
func (b *Battle) updateFog() {
	if b.playback.Busy() {
		return
	}
	side := b.state.Side
	switch {
	case b.watch != nil:
		side = b.watchSide()
	case b.players[rules.SideBlue] != b.players[rules.SideRed]:
		// Against the computer the fog always shows the player's side.
		side = rules.SideBlue
		if b.players[rules.SideBlue] == Computer {
			side = rules.SideRed
		}
	case b.players[rules.SideBlue] == Computer:
		b.sight.fog.Off = true // the computer against itself: watch it all
	}
	if b.handoverDue() {
		return // the next side sees its view once it has the keyboard
	}
	b.sight.fog.Update(b.m, side)
}

// knows reports whether the side to move may see the unit with the given
// ID (the fog of war hides enemies no unit of the side sees).
func (b *Battle) knows(id int) bool { return b.sight.fog.Knows(id) }

// shownWorld returns the entities to draw: those the side to move sees.
func (b *Battle) shownWorld() *entities.World { return b.sight.fog.Shown(b.world) }

// sightOverlays adds the fog (over obstacles, under units; called first in
// a frame, so it lies under the planned path too) and the sight view (over
// everything) to this frame's overlays.
func (b *Battle) sightOverlays() {
	b.overlays.Mid = append(b.overlays.Mid, &b.sight.fog)
	if !b.playback.Busy() {
		b.overlays.Top = append(b.overlays.Top, &b.sight.view)
	}
}
