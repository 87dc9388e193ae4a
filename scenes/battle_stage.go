package scenes

import (
	"sightline/actions"
	"sightline/ai"
	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// stage is what every part of the battle screen reads: the match and its
// state, who plays each side, the entities, the camera, the HUD, the
// playback, the fog, the furniture's layout, the selection, the action
// mode and the replay watched. It is data only, with no methods: the
// Battle owns it and changes the match; each part (battle_*.go) holds a
// pointer to it, and changes only the fields its doc says it owns.
//
// Battle screen parts and their jobs:
//
//	Battle        the match and the scene's lifecycle: Tick, Update, Draw
//	turnDriver    whose turn it is and how it is played (battle_turns.go)
//	controls      the player's clicks and keys made commands (battle_controls.go)
//	battleTouch   the tap that previews before it orders (battle_touch.go)
//	actionUI      the action bar, targeting panel, log, effects (battle_actions.go)
//	hoverPlan     the hovered tile, the reach and the path (battle_hover.go)
//	battleSight   the fog and the sight/cover view (battle_sight.go)
//	battleView    the world's overlays, the HUD's info, the why view (battle_view.go)
//	keeper        saves, the autosave and replays kept (battle_menu.go)
//	uiLayout      the furniture's size and layer (battle_layout.go)
type stage struct {
	env  *Env
	name string
	// level is the level the battle is on, campaign says it is a
	// campaign level (Setup.Level, Setup.Campaign).
	level    match.LevelRef
	campaign bool
	m        *match.Match
	state    *rules.State // m.State()
	// players says who plays each side (Setup.Players).
	players [2]Player
	world   *entities.World
	cam     *systems.Camera
	// mapView draws the map: the camera, the board, the painter, the
	// fonts, the theme (battleView draws with it).
	mapView systems.View
	// hud is the HUD, laid out again when the interface's size changes
	// (Battle.layoutUI).
	hud      *systems.HUD
	playback systems.Playback
	// fog is what the side watching knows (battleSight updates it).
	fog systems.Fog
	// lay is the furniture's layout at the interface's size.
	lay uiLayout
	// selected is the selected unit's ID (0: none; Battle.Select).
	selected int
	// version is bumped whenever a command changes the state.
	version int
	// mode is the action mode the player chose (controls owns it).
	mode actions.ID
	// finger says a finger was the last pointer: the HUD and hints name
	// the touch controls (battleTouch owns it).
	finger bool
	// watch is the replay being watched, or nil (watch.go).
	watch *watch
	// why is the computer's account of its last decision; Y shows it
	// (whyOn) as a heat map of the tiles it weighed and a panel. In a
	// replay it is rebuilt (watch_why.go), and a note says when it is not.
	why   *ai.Why
	whyOn bool
}
