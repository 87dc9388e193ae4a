package scenes

import (
	"image/color"
	"io/fs"
	"sightline/campaign"
	"sightline/levels"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/systems"
)

// Screen size in logical pixels.
const (
	ScreenWidth  = 1280
	ScreenHeight = 720
)

// fadeTicks is the length of each half of a transition (fade out, fade in).
const fadeTicks = 12

// Scene is one screen of the game.
type Scene interface {
	// Name is the scene's short name: "title", "levels", "battle" or "result".
	Name() string
	// Update advances the scene one tick with this frame's intents.
	Update(m *Manager, in []systems.Intent) error
	// Draw draws the scene onto the screen.
	Draw(dst *ebiten.Image)
}

// Env is what every scene shares: fonts, where the levels are, and the
// seed of the next battle's RNG.
type Env struct {
	// Fonts draws all text.
	Fonts *systems.Fonts
	// Levels is the folder the level select lists (maps under "maps/").
	Levels fs.FS
	// Seed seeds the next battle's rules RNG; each battle takes one and
	// advances it.
	Seed uint64
	// Store keeps replays and saves (nil: none are kept).
	Store *match.Store
	// NoHandover skips the screen between the players of a hot-seat
	// battle (scripted tests that play both sides).
	NoHandover bool
	// NoBriefing skips a level's opening briefing card (scripted tests).
	NoBriefing bool
	// Audio plays the sound (nil: silent, as in tests). There is one a
	// process: Ebitengine allows one audio context.
	Audio *systems.Audio
	// memProgress is the campaign progress when there is no Store.
	memProgress *campaign.Progress
	// entries is Levels listed, once (levelEntries).
	entries []levels.Entry
}

// NextSeed returns the seed for a new battle and advances Env.Seed.
func (e *Env) NextSeed() uint64 {
	s := e.Seed
	e.Seed++
	return s
}

// Manager runs the current scene and fades between scenes.
type Manager struct {
	// Env is shared by the scenes.
	Env *Env
	// OnChange, when set, is called with the new scene's name on every
	// scene change (the browser build publishes it to the page).
	OnChange func(name string)

	current Scene
	next    Scene
	left    int
	held    []systems.Intent // presses made while the new scene fades in
}

// NewManager returns a manager showing first.
func NewManager(env *Env, first Scene) *Manager {
	return &Manager{Env: env, current: first}
}

// Start reports the first scene to OnChange; call it once OnChange is set.
func (m *Manager) Start() {
	if m.OnChange != nil {
		m.OnChange(m.current.Name())
	}
}

// Current returns the scene shown now.
func (m *Manager) Current() Scene { return m.current }

// Transitioning reports whether a fade is running.
func (m *Manager) Transitioning() bool { return m.left > 0 }

// GoTo fades to s. A request made during a fade is ignored.
func (m *Manager) GoTo(s Scene) {
	if m.left > 0 {
		return
	}
	m.next = s
	m.left = 2 * fadeTicks
}

// Swap shows s at once in place of the current scene, without a fade (a
// battle reloading its level). It is ignored during a fade.
func (m *Manager) Swap(s Scene) {
	if m.left > 0 {
		return
	}
	m.current = s
	if m.OnChange != nil {
		m.OnChange(s.Name())
	}
}

// Update advances the transition or the current scene; M mutes or
// unmutes the sound on any screen. A fade holds the
// scenes' input back: presses made while the old scene fades out are
// dropped (they were aimed at a screen that is leaving, like the second
// tap of a double Enter), and presses made from the frame the new scene
// appears on are handed to it, in order, on its first tick after the
// fade, so a key pressed as soon as the new screen shows is not lost. The
// press that asked for the change went to the old scene alone.
func (m *Manager) Update(in []systems.Intent) error {
	if m.left > 0 {
		m.left--
		if m.left == fadeTicks {
			m.current, m.next = m.next, nil
			if m.OnChange != nil {
				m.OnChange(m.current.Name())
			}
		}
		if m.left <= fadeTicks {
			for _, it := range in {
				if it.Kind.Press() {
					m.held = append(m.held, it)
				}
			}
		}
		return m.current.Update(m, nil)
	}
	if len(m.held) > 0 {
		in, m.held = append(m.held, in...), nil
	}
	if systems.HasKey(in, 'm') {
		m.audio().ToggleMute()
	}
	err := m.current.Update(m, in)
	if m.left > 0 && pressed(in) {
		m.audio().Click() // a choice that changes the screen clicks
	}
	return err
}

// audio returns the env's player (nil, silent, without an env).
func (m *Manager) audio() *systems.Audio {
	if m.Env == nil {
		return nil
	}
	return m.Env.Audio
}

// pressed reports whether in holds a click or a key press.
func pressed(in []systems.Intent) bool {
	for _, it := range in {
		if it.Kind.Press() {
			return true
		}
	}
	return false
}

// Draw draws the current scene and the fade over it.
func (m *Manager) Draw(dst *ebiten.Image) {
	m.current.Draw(dst)
	if m.left <= 0 {
		return
	}
	k := float64(m.left) / fadeTicks
	if m.left > fadeTicks {
		k = 2 - k
	}
	var p systems.Painter
	b := dst.Bounds()
	p.Rect(dst, 0, 0, float64(b.Dx()), float64(b.Dy()), color.NRGBA{0, 0, 0, uint8(255 * k)})
}
