package scenes

import (
	"image/color"
	"io/fs"
	"sightline/campaign"
	"sightline/levels"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/netplay"
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

// Scene is one screen of the game, or a modal screen over one (an
// overlay: the battle's pause menu, its briefing, the help card).
type Scene interface {
	// Name is the scene's short name: "title", "levels", "battle",
	// "result"; an overlay's says what it is ("menu", "briefing").
	Name() string
	// Update advances the scene one tick with this frame's intents. Only
	// the scene on top of the stack is updated.
	Update(m *Manager, in []systems.Intent) error
	// Draw draws the scene onto the screen, over the scenes under it.
	Draw(dst *ebiten.Image)
}

// Ticker is a scene that keeps time while an overlay is over it: the
// manager calls Tick on every scene under the top one, bottom first,
// before the top one's Update (the battle's clock and hot reload run on
// under its pause menu). A Tick that replaces the stack (Swap) ends the
// Update.
type Ticker interface {
	Tick(m *Manager, in []systems.Intent)
}

// Opener is a scene that opens with overlays over it (the battle's
// briefing): when it becomes the screen, the manager pushes the overlays
// Opening returns. Opening hands them over once; later calls return nil.
type Opener interface {
	Opening() []Scene
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
	// Export, when set, hands a save or replay to the player as a file
	// named name (the browser's download); nil, on the desktop where saves
	// are files already, offers no export.
	Export func(name string, data []byte) error
	// Imported, when set, returns a file the player gave the game from
	// outside it (picked or dropped on the page) since the last call; ok
	// is false when there is none.
	Imported func() (f Shared, ok bool)
	// Refused, when set, is told why a file given from outside was
	// refused, in the words the title shows (the page shows them too).
	Refused func(msg string)
	// Window is the size of the window (the page on the web) the 1280×720
	// screen is shown in, in its own pixels; zero when unknown (tests).
	// On a small one, a phone's, the battle's furniture is drawn at least
	// at the largest interface size (uiScale), so its text stays readable.
	Window [2]float64
	// Unfocused says the window (the page) has lost the focus (main sets
	// it from ebiten.IsFocused each tick): a change either way is drawn
	// at once (NeedsDraw). False, as in most tests, is focused.
	Unfocused bool
	// Portrait says the screen follows a page held upright: there the
	// battle is laid out on a screen taller than wide (Screen), and main's
	// Layout gives that size. Unset, as in most tests, every screen is
	// 1280×720.
	Portrait bool
	// Finger says a finger was the last pointer used, on any screen, or,
	// before any was, that the device's main pointer is a finger (main
	// asks the page): the screens name touch controls, not keys, from
	// their first frame. The screens keep it up to date (notePointer).
	Finger bool
	// Page is the address of the browser build's page: the links to
	// online matches point at it ("" on the desktop: the server's).
	Page string
	// Paste is whether Ctrl+V (Cmd+V) pastes into a text field: main
	// found a clipboard (the page's in the browser, a clipboard tool on
	// the desktop).
	Paste bool
	// online is the online session open (keepOnline), or nil.
	online *netplay.Remote
	// memProgress is the campaign progress when there is no Store.
	memProgress *campaign.Progress
	// entries is Levels listed, once (levelEntries).
	entries []levels.Entry
	// drawn keeps what the screens draw once for the whole run.
	drawn
}

// NextSeed returns the seed for a new battle and advances Env.Seed.
func (e *Env) NextSeed() uint64 {
	s := e.Seed
	e.Seed++
	return s
}

// Manager runs a stack of scenes and fades between screens. The bottom
// of the stack is the screen (Current); overlays are pushed over it and
// popped when done (Push, Pop). The scene on top takes the input; the
// ones under it still draw, and keep time if they are Tickers. GoTo fades
// to a new screen, which replaces the whole stack.
type Manager struct {
	// Env is shared by the scenes.
	Env *Env
	// OnChange, when set, is called with the new screen's name on every
	// screen change (the browser build publishes it to the page);
	// overlays do not change the screen.
	OnChange func(name string)
	// Now, when set, is the clock each Update reads once, so animations,
	// toasts, banners and fades advance by the real time between Updates
	// (at most maxStep). Nil, as in tests, makes every Update stand for
	// systems.StepSeconds: the animations then step exactly as ticks.
	Now func() time.Time

	stack    []Scene // the screen first, then the overlays over it
	next     Scene   // the screen a fade goes to
	nextOver []Scene // the overlays it goes to over next
	left     float64 // ticks of the fade still to run
	held     []systems.Intent
	last     time.Time // the clock at the last Update (Now set)
	dt       float64   // the seconds this Update stands for
	// screen is the size of the screen last drawn on (0 before), and
	// fitted the screen of a scene drawn for another size (screenfit.go).
	screen [2]float64
	fitted *ebiten.Image
	// redraw is what the last frame drawn showed (NeedsDraw).
	redraw redraw
}

// NewManager returns a manager showing first.
func NewManager(env *Env, first Scene) *Manager {
	m := &Manager{Env: env, dt: systems.StepSeconds}
	m.show(first)
	return m
}

// Start reports the first scene to OnChange; call it once OnChange is set.
func (m *Manager) Start() {
	if m.OnChange != nil {
		m.OnChange(m.Current().Name())
	}
}

// Current returns the screen shown now: the bottom of the stack, under
// any overlays.
func (m *Manager) Current() Scene { return m.stack[0] }

// Top returns the scene on top of the stack, the one that takes the
// input: the newest overlay, or the screen when there is none.
func (m *Manager) Top() Scene { return m.stack[len(m.stack)-1] }

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

// GoTo fades to the screen s, which replaces the whole stack, with the
// overlays over (if any) pushed over it: the settings opened from the
// battle's pause menu go back to both. A request made during a fade is
// ignored.
func (m *Manager) GoTo(s Scene, over ...Scene) {
	if m.left > 0 {
		return
	}
	m.next, m.nextOver = s, over
	m.left = 2 * fadeTicks
}

// Swap shows s at once in place of the whole stack, without a fade (a
// battle reloading its level). It is ignored during a fade.
func (m *Manager) Swap(s Scene) {
	if m.left > 0 {
		return
	}
	m.show(s)
	if m.OnChange != nil {
		m.OnChange(s.Name())
	}
}

// Push puts the overlay s over the stack at once; it takes the input from
// the next Update.
func (m *Manager) Push(s Scene) { m.stack = append(m.stack, s) }

// Pop takes the overlay on top off the stack at once; the screen itself
// stays.
func (m *Manager) Pop() {
	if len(m.stack) > 1 {
		m.stack[len(m.stack)-1] = nil
		m.stack = m.stack[:len(m.stack)-1]
	}
}

// show makes s the screen with over over it, and the overlays s opens
// with (Opener) between them.
func (m *Manager) show(s Scene, over ...Scene) {
	m.stack = []Scene{s}
	if o, ok := s.(Opener); ok {
		m.stack = append(m.stack, o.Opening()...)
	}
	m.stack = append(m.stack, over...)
}

// Update advances the transition or the scenes; M mutes or unmutes the
// sound on any screen. A fade holds the
// scenes' input back: presses made while the old screen fades out are
// dropped (they were aimed at a screen that is leaving, like the second
// tap of a double Enter), and presses made from the frame the new screen
// appears on are handed to it, in order, on its first tick after the
// fade, so a key pressed as soon as the new screen shows is not lost. The
// press that asked for the change went to the old scene alone.
func (m *Manager) Update(in []systems.Intent) error {
	m.tick()
	m.noteInput(in)
	m.redraw.since += systems.Ticks(m.dt)
	if m.left > 0 {
		before := m.left
		m.left = max(m.left-systems.Ticks(m.dt), 0)
		if before > fadeTicks && m.left <= fadeTicks {
			m.show(m.next, m.nextOver...)
			m.next, m.nextOver = nil, nil
			if m.OnChange != nil {
				m.OnChange(m.Current().Name())
			}
		}
		if m.left <= fadeTicks {
			for _, it := range in {
				if it.Kind.Press() {
					m.held = append(m.held, it)
				}
			}
		}
		return m.updateStack(nil)
	}
	if len(m.held) > 0 {
		in, m.held = append(m.held, in...), nil
	}
	if m.Env != nil && m.Env.Imported != nil {
		if f, ok := m.Env.Imported(); ok {
			m.redraw.dirty = true
			openShared(m, f)
		}
	}
	if t, ok := m.Top().(typist); systems.HasKey(in, 'm') && (!ok || !t.Typing()) {
		m.audio().ToggleMute()
	}
	err := m.updateStack(in)
	if m.left > 0 && pressed(in) {
		m.audio().Click() // a choice that changes the screen clicks
	}
	return err
}

// typist is a screen with a text field: while one has the focus, the
// keys type text rather than the game's own keys (M mutes).
type typist interface {
	// Typing reports whether a text field has the focus.
	Typing() bool
}

// updateStack keeps the scenes under the top one ticking (Ticker), bottom
// first, then updates the top one with in. A Tick that replaced the stack
// ends it.
func (m *Manager) updateStack(in []systems.Intent) error {
	top := m.Top()
	for _, s := range m.stack[:len(m.stack)-1] {
		if t, ok := s.(Ticker); ok {
			t.Tick(m, m.intentsFor(s, in))
			if m.Top() != top {
				return nil
			}
		}
	}
	return top.Update(m, m.intentsFor(top, in))
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

// Draw draws the stack, the screen first, and the fade over it.
func (m *Manager) Draw(dst *ebiten.Image) {
	defer m.drawn(dst)
	m.screen = [2]float64{}
	if dst != nil {
		m.screen = [2]float64{float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())}
	}
	if dst != nil && len(m.stack) > 0 {
		if k, _, _ := m.fit(sceneSize(m.stack[0])); k != 1 {
			dst.Fill(systems.ColorBackground) // the bands round a screen shown smaller
		}
	}
	for _, s := range m.stack {
		m.drawScene(dst, s)
	}
	if m.left <= 0 {
		return
	}
	k := m.left / fadeTicks
	if m.left > fadeTicks {
		k = 2 - k
	}
	p := m.Env.painter()
	b := dst.Bounds()
	p.Rect(dst, 0, 0, float64(b.Dx()), float64(b.Dy()), color.NRGBA{0, 0, 0, uint8(255 * k)})
}
