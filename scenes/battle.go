package scenes

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/ai"
	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/sound"
	"sightline/systems"
)

// Battle is the battle screen, a UI over a match: the match (the rules
// state, the dice, each side's knowledge and controller), its entities
// (the view), the camera, render layers, HUD and event playback. A side
// played at this machine has an inbox its player's orders go to.
type Battle struct {
	env   *Env
	name  string
	level match.LevelRef
	m     *match.Match
	state *rules.State // m.State()
	inbox [2]*match.Inbox
	// players says who plays each side (Setup.Players).
	players [2]Player
	// campaign says the battle is a campaign level (Setup.Campaign).
	campaign bool
	profile  ai.Profile             // the computer's
	zones    systems.ObjectiveZones // the objectives' zones
	// opening holds the overlays the battle opens with (the briefing),
	// until the manager takes them (Opening).
	opening []Scene
	// why is the computer's account of its last decision; Y shows it
	// (whyOn) as a heat map of the tiles it weighed and a panel. In a
	// replay it is rebuilt (watch_why.go), and a note says when it is not.
	why     *ai.Why
	whyOn   bool
	whyView systems.WhyOverlay // kept, so its draw buffers are reused

	world    *entities.World
	cam      *systems.Camera
	view     systems.View
	paint    systems.Painter
	rend     systems.Renderer
	shown    float64 // seconds the battle has run, by the manager's clock
	hud      *systems.HUD
	playback systems.Playback
	overlays systems.Overlays

	selected int
	version  int // bumped whenever a command changes the state

	hoverOK   bool
	hoverTile rules.Point
	hoverUnit int

	reach      *rules.Reach
	reachKey   [3]int
	reachView  *systems.ReachOverlay
	pathView   *systems.PathOverlay
	pathKey    [3]int
	hoverView  systems.HoverOverlay
	lastSynced int

	ui    actionUI    // the action bar, targeting, combat log and event effects
	sight battleSight // the fog of war and the sight/cover view (battle_sight.go)
	watch *watch      // the replay being watched, or nil (watch.go)
	touch battleTouch // touch input: the tap that previews before it orders (battle_touch.go)
	// result is the result screen, made once when the battle is decided.
	result *Result
	// meter times the computer's thinking (think.go).
	meter thinkMeter
	// reload follows the level's files on disk (Setup.Reload), or is nil.
	reload *reloader
	// uiScale is the interface's size the furniture is laid out for,
	// uiLayer the layer it is drawn on when that is not 1, and uiIn the
	// intents brought to it (battle_prefs.go).
	uiScale float64
	uiLayer *ebiten.Image
	uiIn    []systems.Intent
	// pointer is where the pointer was last seen, on the screen.
	pointer [2]float64
}

// NewBattle starts a battle from setup, with a player at this machine at
// the controls of both sides and the dice seeded from env.
func NewBattle(env *Env, setup Setup) *Battle {
	b := newBattle(env, setup, match.New(setup.State, env.NextSeed()))
	b.autosave()
	return b
}

// newBattle builds the battle scene over m, a match on setup's state.
func newBattle(env *Env, setup Setup, m *match.Match) *Battle {
	s := m.State()
	b := &Battle{env: env, name: setup.Name, level: setup.Level, m: m, state: s, lastSynced: -1}
	b.players, b.profile, b.campaign = setup.Players, computerProfile(setup.Profile), setup.Campaign
	b.reload = newReloader(setup.Reload)
	for side := range b.inbox {
		if setup.Players[side] == Computer {
			c := ai.NewComputer(b.profile)
			c.Slice = aiSlice // it thinks across frames (think.go)
			b.m.SetController(rules.Side(side), timedComputer{c, &b.meter})
			continue
		}
		b.inbox[side] = &match.Inbox{}
		b.m.SetController(rules.Side(side), b.inbox[side])
	}
	b.world = entities.NewWorld(s)
	bd := s.Board
	b.hud = systems.NewHUD(env.Fonts, ScreenWidth, ScreenHeight, b.hudTitle())
	b.cam = systems.NewCamera(ScreenWidth, ScreenHeight, float64(bd.Width*bd.TileSize), float64(bd.Height*bd.TileSize))
	b.view = systems.View{Cam: b.cam, Board: bd, Paint: &b.paint, Fonts: env.Fonts}
	spec := setup.Terrain
	spec.Board = bd
	b.rend.Terrain = systems.NewTerrain(spec)
	b.rend.Obstacles.Know = &b.sight.fog // each side sees the cover in the fog as it remembers it
	b.playback = systems.Playback{World: b.world}
	b.initActions()
	// The map is framed above the action bar and the hint line over it, so
	// no row starts hidden under the HUD (layoutUI, at the interface's
	// size).
	b.uiScale = env.prefs().Scale()
	b.layoutUI()
	b.applyPrefs()
	if !b.cam.Fit() {
		b.cam.FocusSide(s, s.Side)
	}
	b.hud.Banner(strings.ToUpper(s.Side.String())+" TURN", "Turn "+strconv.Itoa(s.Turn)+" · "+setup.Name, b.env.Theme().Side(s.Side))
	if len(m.Log()) == 0 && !env.NoBriefing {
		if lines := briefing(s, setup.Briefing); lines != nil {
			b.opening = []Scene{&briefingCard{b: b, lines: lines}}
		}
	}
	b.zones = objectiveZones(s)
	return b
}

// hintBandH is the height of the hint line drawn just above the action bar.
const hintBandH = 32

// Name returns "battle".
func (b *Battle) Name() string { return "battle" }

// Title returns the battle's name, its level's, as the HUD shows it.
func (b *Battle) Title() string { return b.name }

// State returns the rules state. Only rules.Apply may change it.
func (b *Battle) State() *rules.State { return b.state }

// World returns the battle's entities.
func (b *Battle) World() *entities.World { return b.world }

// Camera returns the battle's camera.
func (b *Battle) Camera() *systems.Camera { return b.cam }

// Busy reports whether events are still being animated.
func (b *Battle) Busy() bool { return b.playback.Busy() }

// Match returns the battle's match.
func (b *Battle) Match() *match.Match { return b.m }

// SetController puts c in charge of side instead of the player at this
// machine: the player's orders for that side are ignored from now on.
func (b *Battle) SetController(side rules.Side, c match.Controller) {
	b.inbox[side] = nil
	b.m.SetController(side, c)
}

// Selected returns the selected unit, or nil.
func (b *Battle) Selected() *rules.Unit {
	if b.selected == 0 {
		return nil
	}
	return b.state.Unit(b.selected)
}

// Select selects the unit with the given id (0 clears the selection).
// Only living units of the side to move can be selected.
func (b *Battle) Select(id int) {
	u := b.state.Unit(id)
	if u == nil || !u.Alive() || u.Side != b.state.Side {
		id = 0
	}
	if id != b.selected && b.hud != nil {
		b.hud.ClearToast() // a message about the unit before (it cannot reach there) is stale
	}
	b.selected = id
}

// CycleSelection selects the next living unit of the side to move that
// still has AP (any living one when none has) and centres the camera on it
// when it is off screen.
func (b *Battle) CycleSelection() {
	n := len(b.state.Units)
	for _, needAP := range []bool{true, false} {
		for i := 1; i <= n; i++ {
			u := b.state.Units[(b.selected+i-1)%n]
			if !u.Alive() || u.Side != b.state.Side || needAP && u.AP <= 0 {
				continue
			}
			b.Select(u.ID)
			c := entities.SpaceCenter(b.state.Board, u.Pos, u.Size)
			if !b.cam.Shows(c, float64(b.state.Board.TileSize*u.Size)*b.cam.Zoom/2) {
				b.cam.CenterOn(c.X, c.Y)
			}
			return
		}
	}
}

// TileAt returns the board tile under a screen position.
func (b *Battle) TileAt(x, y float64) (rules.Point, bool) { return b.view.TileAt(x, y) }

// ScreenOf returns the screen position of a tile's centre.
func (b *Battle) ScreenOf(p rules.Point) (float64, float64) {
	return b.cam.WorldToScreen(b.state.Board.TileCenter(p))
}

// Opening hands the manager the overlays the battle opens with: the
// briefing card of a level with objectives, at its start.
func (b *Battle) Opening() []Scene {
	o := b.opening
	b.opening = nil
	return o
}

// Tick keeps the battle's time while an overlay is over it (the pause
// menu, the handover, the briefing, the help card): the clock of its
// animated tiles, the settings, the hot reload and which pointer was
// used last. Update starts with it.
func (b *Battle) Tick(m *Manager, in []systems.Intent) {
	b.rend.Units.Tick++
	b.shown += m.Dt()
	// Animated tiles and the selection pulse follow the time the battle has
	// run by the manager's clock (Dt), so they keep their pace when the
	// frame rate drops.
	b.rend.Seconds = b.shown
	b.applyPrefs()
	if b.pollReload(m) {
		return
	}
	b.noteTouch(in)
}

// Update runs one tick: camera, hover, playback, then (when nothing is
// playing) the side's command source. An order given while events play
// (see skipsPlayback) finishes the playback at once, showing the outcome;
// it gives no command itself. F1 opens the help card over the battle,
// Esc the pause menu (once no mode is left to cancel), and the end of a
// turn in hot-seat the handover screen.
func (b *Battle) Update(m *Manager, in []systems.Intent) error {
	b.Tick(m, in)
	if m.Top() != Scene(b) {
		return nil // a hot reload replaced the battle
	}
	ui := b.uiIntents(in)
	if b.touch.on {
		// A tap on a touch key is that key (battle_touch.go).
		if k, ok := b.touchKeyTaps(in, ui); ok {
			in, ui = k, b.uiIntents(k)
		}
	}
	if systems.Has(in, systems.IntentHelp) {
		m.Push(newHelp(b.env, b))
		return nil
	}
	// The Menu button, shown to touch, is the tap's Esc.
	back := systems.Has(in, systems.IntentBack) || b.menuTapped(ui)
	if b.watch != nil && back {
		m.GoTo(b.watch.leave(m.Env))
		return nil
	}
	if back && !b.cancelMode() {
		m.Push(newPauseMenu(b))
		return nil
	}
	if systems.HasKey(in, 'y') && (b.why != nil || b.watch != nil) {
		b.whyOn = !b.whyOn
	}
	b.cam.Apply(in)
	// The animations advance by the time this Update stands for (m.Dt).
	b.hud.Advance(ui, m.Dt())
	b.playback.Advance(m.Dt())
	b.skipIfAsked()
	if b.watch != nil {
		b.watchInput(in)
	}
	skipped := b.playback.Busy() && skipsPlayback(in) && b.watch == nil
	if skipped {
		b.playback.Skip()
	}
	b.updateActions(in, m.Dt())
	if b.handoverDue() {
		// The fog waits for the next player (updateFog); this Update
		// goes on under the screen.
		m.Push(&handover{b: b, side: b.state.Side})
	}
	if b.playback.Busy() {
		b.updateHover(in)
		return nil
	}
	if b.lastSynced != b.version {
		b.world.Sync(b.state)
		b.lastSynced = b.version
	}
	if side, over := b.state.Winner(); over && b.watch == nil {
		if b.result == nil {
			b.result = b.newResult(m.Env, side)
			b.env.Audio.Play(b.resultCue(side))
		}
		m.GoTo(b.result)
		return nil
	}
	if skipped {
		b.updateHover(in)
		return nil
	}
	if b.watch != nil {
		b.watchStep(m.Dt())
		b.updateHover(in)
		return nil
	}
	if inbox := b.inbox[b.state.Side]; inbox != nil {
		if cmd := b.playerCommand(in); cmd != nil {
			inbox.Push(cmd)
		}
	}
	if c, ok := b.computerToMove(); ok {
		b.think(c)
	} else {
		b.step()
	}
	b.updateHover(in)
	return nil
}

// skipsPlayback reports whether in holds a press that gives an order: a
// left click, Space, Enter, E, Tab or an action key. Panning, zooming, the
// log key and right clicks do not.
func skipsPlayback(in []systems.Intent) bool {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentClick, systems.IntentSkip, systems.IntentConfirm, systems.IntentEndTurn, systems.IntentCycle:
			return true
		case systems.IntentKey:
			if _, ok := actions.ForKey(systems.KeyOf(it)); ok {
				return true
			}
		}
	}
	return false
}

// apply gives a command of the player at this machine to the match at
// once (tests and tools drive the battle through it).
func (b *Battle) apply(cmd rules.Command) {
	if inbox := b.inbox[b.state.Side]; inbox != nil {
		inbox.Push(cmd)
		b.step()
	}
}

// step asks the match for the side to move's next command and queues
// what it did for playback; an illegal command is explained in a toast.
// It reports whether a command was applied.
func (b *Battle) step() bool {
	res, err := b.m.Step()
	if err != nil {
		b.hud.Toast(readable(err))
		b.env.Audio.Deny()
		return false
	}
	if res == nil {
		return false
	}
	b.ui.log.Witness, b.sight.fog.Witness = res.Witness, res.Witness
	b.version++
	if c, ok := b.m.Controller(res.Side).(interface{ Why() *ai.Why }); ok {
		b.why = c.Why()
	}
	evs := make([]rules.Event, len(res.Events))
	for i, ev := range res.Events {
		evs[i] = ev.Event
	}
	b.playback.Queue(evs...)
	if _, ok := res.Command.(rules.EndTurn); ok {
		b.hud.ClearToast() // the turn's messages are stale; an autosave failure follows
		b.Select(0)
		if b.watch == nil {
			b.autosave()
		}
	}
	b.afterApply(evs)
	return true
}

// resultCue is the jingle of a battle won by side: defeat when the
// computer beat a player at this machine, victory otherwise.
func (b *Battle) resultCue(side rules.Side) string {
	if b.players[side] == Computer && b.players[1-side] == Human {
		return sound.Defeat
	}
	return sound.Victory
}

// keepReplay keeps the battle as a replay in the env's store, named for
// the day, the time and the level, and returns where ("" when none is
// kept: no store, or a battle that is not on a level). A failure says so.
func (b *Battle) keepReplay() string {
	if b.env.Store == nil || b.level.File == "" {
		return ""
	}
	name := "replays/" + time.Now().Format("2006-01-02-150405") + "-" + slug(b.name)
	if err := b.env.Store.Put(name, b.record()); err != nil {
		return "not kept: " + err.Error()
	}
	return b.env.Store.Where(name)
}

// record is the battle so far as a replay.
func (b *Battle) record() *match.Replay {
	r := b.m.Record(b.level, b.sides())
	r.Campaign = b.campaign
	return r
}

// readable returns an illegal command's reason for a toast: the detail
// after the sentinel, capitalised.
func readable(err error) string {
	s := err.Error()
	if errors.Is(err, rules.ErrGameOver) {
		return "The battle is over."
	}
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Draw draws the world, the overlays and the HUD, and over them a failed
// hot reload's error. A Draw ends the frame the think meter sums.
func (b *Battle) Draw(dst *ebiten.Image) {
	b.meter.endFrame()
	defer b.drawReloadError(dst)
	b.buildOverlays()
	info := b.hudInfo()
	b.view.HoverCard = info.Hovered != nil
	b.rend.Draw(dst, &b.view, b.shownWorld(), &b.overlays)
	b.ui.hint, info.Hint = info.Hint, "" // drawn above the action bar
	ui := b.uiTarget(dst)
	b.hud.Draw(ui, info)
	b.drawActions(ui)
	b.drawUI(dst, ui)
}
