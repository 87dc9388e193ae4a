package scenes

import (
	"image/color"
	"io/fs"
	"sightline/campaign"
	"sightline/levels"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/settings"
	"sightline/systems"
)

// Screen size in logical pixels.
const (
	ScreenWidth  = 1280
	ScreenHeight = 720
)

// fadeTicks is the length of each half of a transition (fade out, fade
// in), in ticks of StepSeconds.
const fadeTicks = 12

// maxStep is the longest time one Update may stand for: after a stall
// (a level loading, the tab hidden) animations resume where they were
// instead of skipping to their ends.
const maxStep = 0.25

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
	// Settings are the player's preferences (settings.Load at start-up;
	// the zero value, as in tests, reads as settings.Default). The
	// Settings screen changes them, applies them (Apply) and saves them.
	Settings settings.Settings
	// SetFullscreen, when set, puts the game in or out of fullscreen
	// (main's: ebiten.SetFullscreen, a no-op where it cannot); nil, as in
	// tests, leaves the window alone.
	SetFullscreen func(on bool)
	// Notice is a message for the next screen to show once (a settings
	// file that could not be read); the title shows and clears it.
	Notice string
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
	// Now, when set, is the clock each Update reads once, so animations,
	// toasts, banners and fades advance by the real time between Updates
	// (at most maxStep). Nil, as in tests, makes every Update stand for
	// systems.StepSeconds: the animations then step exactly as ticks.
	Now func() time.Time

	current Scene
	next    Scene
	left    float64          // ticks of the fade still to run
	held    []systems.Intent // presses made while the new scene fades in
	last    time.Time        // the clock at the last Update (Now set)
	dt      float64          // the seconds this Update stands for
}

// NewManager returns a manager showing first.
func NewManager(env *Env, first Scene) *Manager {
	return &Manager{Env: env, current: first, dt: systems.StepSeconds}
}

// Start reports the first scene to OnChange; call it once OnChange is set.
func (m *Manager) Start() {
	if m.OnChange != nil {
		m.OnChange(m.current.Name())
	}
}

// Current returns the scene shown now.
func (m *Manager) Current() Scene { return m.current }

// Dt returns the seconds the Update under way stands for: the time since
// the last one by Now, or systems.StepSeconds without a clock. Scenes
// advance their animations by it.
func (m *Manager) Dt() float64 { return m.dt }

// tick reads the clock once for this Update and sets dt: the time since
// the last Update, at most maxStep; the first Update stands for one step.
func (m *Manager) tick() {
	if m.Now == nil {
		m.dt = systems.StepSeconds
		return
	}
	now := m.Now()
	m.dt = systems.StepSeconds
	if !m.last.IsZero() {
		m.dt = min(max(now.Sub(m.last).Seconds(), 0), maxStep)
	}
	m.last = now
}

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
	m.tick()
	if m.left > 0 {
		before := m.left
		m.left = max(m.left-systems.Ticks(m.dt), 0)
		if before > fadeTicks && m.left <= fadeTicks {
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
	k := m.left / fadeTicks
	if m.left > fadeTicks {
		k = 2 - k
	}
	var p systems.Painter
	b := dst.Bounds()
	p.Rect(dst, 0, 0, float64(b.Dx()), float64(b.Dy()), color.NRGBA{0, 0, 0, uint8(255 * k)})
}
