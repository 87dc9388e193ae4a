package scenes

import (
	"strings"

	"sightline/ai"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// Setup is everything a battle starts from: a name, the rules state and
// how its ground looks.
type Setup struct {
	// Name is shown in the HUD and on the result screen.
	Name string
	// State is the battle; the battle scene takes ownership of it.
	State *rules.State
	// Terrain describes the static ground (its Board is filled in from State).
	Terrain systems.TerrainSpec
	// Level names the level for replays and saves (empty for a state that
	// is not a level: no replay is kept of it).
	Level match.LevelRef
	// Players says who plays each side, Blue then Red: a person at this
	// machine (the zero value, so two make a hot-seat game) or the
	// computer, playing Profile (ai/profiles.json; "" for normal).
	Players [2]Player
	Profile string
	// Briefing is the level's lesson for the opening card ("": none).
	Briefing string
	// Campaign says the battle is a campaign level, played by a person as
	// Blue: its result is scored and kept in the campaign's progress.
	Campaign bool
	// Reload, when set, makes the battle follow its level's files on
	// disk and start again on each save (`sightline -level`; hotreload.go).
	Reload *Reload
}

// Player is who plays a side.
type Player int

// Who may play a side.
const (
	Human Player = iota
	Computer
)

// playerName is how a replay names who played a side: "human", or
// "computer:" and the computer's profile.
func playerName(p Player, profile string) string {
	if p == Computer {
		return "computer:" + profile
	}
	return "human"
}

// playerOf reads a replay's name of who played a side, and the computer's
// profile ("" for a person).
func playerOf(name string) (Player, string) {
	if rest, ok := strings.CutPrefix(name, "computer"); ok {
		return Computer, strings.TrimPrefix(rest, ":")
	}
	return Human, ""
}

// computerProfile returns the named profile, or Normal when the name is
// empty or unknown (a save from a build with other profiles).
func computerProfile(name string) ai.Profile {
	if p, err := ai.ProfileNamed(name); err == nil {
		return p
	}
	return ai.Normal
}

// SetupFromLevel turns a loaded level into a battle setup.
func SetupFromLevel(lv *levels.Level) Setup {
	spec := systems.TerrainSpec{Board: lv.State.Board, Background: lv.Background, Images: lv.Images}
	for _, l := range lv.Layers {
		spec.Layers = append(spec.Layers, terrainLayer(l))
	}
	ref := match.LevelRef{Name: lv.Name, File: lv.File, Path: lv.Path}
	for _, src := range lv.Sources {
		ref.Sources = append(ref.Sources, match.Source(src))
	}
	return Setup{Name: lv.Name, State: lv.State, Terrain: spec, Level: ref, Briefing: lv.Briefing}
}

// terrainLayer converts a level's drawn layer for the renderer.
func terrainLayer(l levels.TileLayer) systems.TerrainLayer {
	frames := func(anim []levels.Frame) []systems.TileFrame {
		var out []systems.TileFrame
		for _, f := range anim {
			out = append(out, systems.TileFrame{Image: f.Image, Src: f.Src, Duration: f.Duration})
		}
		return out
	}
	tl := systems.TerrainLayer{Opacity: l.Opacity, Tint: l.Tint, OffsetX: l.OffsetX, OffsetY: l.OffsetY,
		Cells: make([]systems.TileCell, len(l.Cells))}
	for i, c := range l.Cells {
		tl.Cells[i] = systems.TileCell{X: c.X, Y: c.Y, Image: c.Image, Src: c.Src, FlipH: c.FlipH, FlipV: c.FlipV, FlipD: c.FlipD, Anim: frames(c.Anim), DX: c.DX, DY: c.DY}
	}
	for _, s := range l.Sprites {
		tl.Sprites = append(tl.Sprites, systems.TileSprite{X: s.X, Y: s.Y, W: s.W, H: s.H, Rotation: s.Rotation,
			Image: s.Image, Src: s.Src, FlipH: s.FlipH, FlipV: s.FlipV, Anim: frames(s.Anim), DX: s.DX, DY: s.DY})
	}
	return tl
}

// SetupFromState returns a setup with a plain ground for a state (ASCII
// maps in tests and tools).
func SetupFromState(name string, s *rules.State) Setup {
	return Setup{Name: name, State: s, Terrain: systems.TerrainSpec{Board: s.Board}}
}

// ReplayLevel loads the level replay r was played on, checking that its
// files are the ones recorded and its name (Replay.Play checks the data
// tables). A map on disk is looked for only in the folder r was read from
// and the user's level folder (levels.FindNamed), never anywhere a file
// names.
func ReplayLevel(r *match.Replay) (*levels.Level, error) {
	user, _ := levels.UserFolder() // none: only r's own folder
	n := levels.Named{Name: r.Level.Name, File: r.Level.File, Path: r.Level.Path, Sources: r.Level.Digests()}
	return levels.FindNamed(n, r.From, user)
}
