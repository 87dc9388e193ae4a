package scenes

import (
	"errors"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/ai"
	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/sound"
	"sightline/systems"
)

// Battle is the battle screen, a UI over a match: it owns the match
// and the scene's lifecycle (Tick, Update, Draw), and hands each job to
// a part (see stage for the list): the turn driver gives the commands,
// the controls turn the player's input into orders, the view draws. The
// parts share the stage and reach each other through narrow interfaces.
type Battle struct {
	*stage
	// opening holds the overlays the battle opens with (the briefing),
	// until the manager takes them (Opening).
	opening []Scene
	// drive plays the turns: &turns, or the watch of a replay.
	drive driver
	turns turnDriver
	ctl   controls
	touch battleTouch
	ui    actionUI
	hover hoverPlan
	sight battleSight
	look  battleView
	keep  keeper
	shown float64 // seconds the battle has run, by the manager's clock
	// lastSynced is the version the entities were last synced with.
	lastSynced int
	// result is the result screen, made once when the battle is decided.
	result *Result
	// reload follows the level's files on disk (Setup.Reload), or is nil.
	reload *reloader
}

// NewBattle starts a battle from setup, with a player at this machine at
// the controls of both sides and the dice seeded from env.
func NewBattle(env *Env, setup Setup) *Battle {
	b := newBattle(env, setup, match.New(setup.State, env.NextSeed()))
	b.keep.autosave()
	return b
}

// newBattle builds the battle scene over m, a match on setup's state.
func newBattle(env *Env, setup Setup, m *match.Match) *Battle {
	s := m.State()
	st := &stage{env: env, name: setup.Name, level: setup.Level, campaign: setup.Campaign, m: m, state: s, players: setup.Players, finger: env.Finger}
	b := &Battle{stage: st, lastSynced: -1}
	b.turns = turnDriver{stage: st, steps: b, ctl: &b.ctl, profile: computerProfile(setup.Profile)}
	b.drive = &b.turns
	b.ui = actionUI{stage: st, sight: &b.sight, paint: env.painter()}
	b.touch = battleTouch{stage: st, furniture: &b.ui}
	b.ctl = controls{stage: st, ui: &b.ui, touch: &b.touch, pick: b}
	b.hover = hoverPlan{stage: st, furniture: &b.ui}
	b.sight = battleSight{stage: st, turns: &b.turns, chosen: &b.touch}
	b.look = battleView{stage: st, hover: &b.hover, ui: &b.ui, sight: &b.sight, touch: &b.touch, paint: env.painter()}
	b.keep = keeper{stage: st, turns: &b.turns}
	b.reload = newReloader(setup.Reload)
	for side := range b.turns.inbox {
		if setup.Players[side] == Computer {
			c := ai.NewComputer(b.turns.profile)
			c.Slice = aiSlice // it thinks across frames (think.go)
			b.m.SetController(rules.Side(side), timedComputer{c, &b.turns.meter})
			continue
		}
		b.turns.inbox[side] = &match.Inbox{}
		b.m.SetController(rules.Side(side), b.turns.inbox[side])
	}
	b.world = entities.NewWorld(s)
	bd := s.Board
	sw, sh := env.Screen()
	b.lay.sw, b.lay.sh = sw, sh
	b.hud = systems.NewHUD(env.Fonts, sw, sh, b.hudTitle())
	b.hud.Shapes = env.shapeStore()
	b.cam = systems.NewCamera(sw, sh, float64(bd.Width*bd.TileSize), float64(bd.Height*bd.TileSize))
	b.mapView = systems.View{Cam: b.cam, Board: bd, Paint: &b.look.paint, Fonts: env.Fonts}
	spec := setup.Terrain
	spec.Board = bd
	b.look.rend.Terrain = systems.NewTerrain(spec)
	b.look.rend.Obstacles.Know = &b.fog // each side sees the cover in the fog as it remembers it
	if env.obstacles == nil {
		env.obstacles = &systems.ObstacleCache{}
	}
	b.look.rend.Obstacles.Cache = env.obstacles
	b.playback = systems.Playback{World: b.world}
	b.ui.init()
	// The map is framed under the top bar and right of the left column
	// (the unit card and the action bar), so no row starts hidden under
	// the HUD (layoutUI, at the interface's size).
	b.lay.scale = env.uiScale()
	b.layoutUI()
	b.applyPrefs()
	if !b.cam.Fit() {
		b.cam.FocusSide(s, s.Side)
	}
	// On a phone the whole map is too small to play: the battle opens
	// zoomed in on the player's squad, the rest a drag or a pinch away.
	env.openOnSquad(b.cam, s, setup.Players)
	b.hud.Banner(strings.ToUpper(s.Side.String())+" TURN", "Turn "+strconv.Itoa(s.Turn)+" · "+setup.Name, b.env.Theme().Side(s.Side))
	// The fog is up before the first frame: the briefing card and the
	// handover open over the map, and until the battle's first update
	// an unset fog shows every unit.
	b.sight.updateFog()
	if len(m.Log()) == 0 && !env.NoBriefing {
		if lines := briefing(s, setup.Briefing); lines != nil {
			b.opening = []Scene{&briefingCard{b: b, lines: lines}}
		}
	}
	b.look.zones = objectiveZones(s)
	return b
}

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
	b.turns.inbox[side] = nil
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
func (b *Battle) TileAt(x, y float64) (rules.Point, bool) { return b.mapView.TileAt(x, y) }

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
	b.look.rend.Units.Tick++
	b.shown += m.Dt()
	// Animated tiles and the selection pulse follow the time the battle has
	// run by the manager's clock (Dt), so they keep their pace when the
	// frame rate drops.
	b.look.rend.Seconds = b.shown
	b.look.pulse.advance(m.Dt(), in)
	b.look.rend.Pulse = b.look.pulse.at
	b.applyPrefs()
	if lv := b.reload.poll(m, b.hud, b.env.Fonts); lv != nil {
		// A good load replaces this battle with a fresh one at once (no
		// fade).
		m.Swap(b.reloaded(lv, b.reload))
		return
	}
	b.touch.note(in)
}

// Update runs one tick: camera, hover, playback, then (when nothing is
// playing) the turn driver, which gives the next command. An order given
// while events play (see skipsPlayback) finishes the playback at once,
// showing the outcome; it gives no command itself. F1 opens the help
// card over the battle, Esc goes to the driver (a targeting mode is
// left; a replay is left) or else opens the pause menu, and the end of a
// turn in hot-seat the handover screen.
func (b *Battle) Update(m *Manager, in []systems.Intent) error {
	b.Tick(m, in)
	if m.Top() != Scene(b) {
		return nil // a hot reload replaced the battle
	}
	in = b.reload.scroll(in)
	ui := b.lay.intents(in)
	if b.finger {
		// A tap on a touch key is that key (battle_touch.go).
		if k, ok := b.touch.keyTaps(in, ui); ok {
			in, ui = k, b.lay.intents(k)
		}
	}
	if systems.Has(in, systems.IntentHelp) {
		m.Push(newHelp(b.env, b))
		return nil
	}
	// The Menu button, shown to touch, is the tap's Esc.
	if systems.Has(in, systems.IntentBack) || b.touch.menuTapped(ui) {
		if !b.drive.back(m) {
			m.Push(newPauseMenu(b))
		}
		if m.Top() != Scene(b) || m.Transitioning() {
			return nil // the menu opened, or the battle is left
		}
	}
	if systems.HasKey(in, 'y') && (b.why != nil || b.watch != nil) {
		b.whyOn = !b.whyOn
	}
	b.cam.Apply(in)
	b.cam.Advance(m.Dt())
	// The animations advance by the time this Update stands for (m.Dt).
	b.hud.Advance(ui, m.Dt())
	b.playback.Advance(m.Dt())
	b.ui.skipIfAsked()
	b.drive.input(in)
	skipped := b.drive.skips(in)
	if skipped {
		// The camera ends its glide first, so what the skip shows starts
		// in view.
		b.cam.EndGlide()
		b.playback.Skip()
	}
	b.ui.update(in, m.Dt())
	if b.turns.handoverDue() {
		// The fog waits for the next player (battleSight.updateFog); this
		// Update goes on under the screen.
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
	if side, over := b.drive.decided(); over {
		b.finish(m, side)
		return nil
	}
	if o, ok := b.drive.(*online); ok && o.drawn() {
		b.finish(m, o.side)
		return nil
	}
	if !skipped {
		b.drive.play(in, m.Dt())
	}
	b.updateHover(in)
	return nil
}

// updateHover follows the pointer (hoverPlan), then previews the
// targeted attack (actionUI) and the sight from the hovered tile
// (battleSight).
func (b *Battle) updateHover(in []systems.Intent) {
	b.hover.update(in)
	b.ui.updateTarget(&b.hover)
	b.sight.update(&b.hover, b.ui.pinned)
}

// finish shows the result screen of the battle side won (or drawn),
// made once: the survivors, the replay kept, the campaign's score and
// the jingle (a draw's is the defeat's: nobody won).
func (b *Battle) finish(m *Manager, side rules.Side) {
	if b.result == nil {
		b.result = b.newResult(m.Env, side)
		cue := resultCue(b.players, side)
		if b.result.Drawn {
			cue = sound.Defeat
		}
		b.env.Audio.Play(cue)
	}
	m.GoTo(b.result)
}

// apply gives a command of the player at this machine to the match at
// once (tests and tools drive the battle through it).
func (b *Battle) apply(cmd rules.Command) {
	if inbox := b.turns.inbox[b.state.Side]; inbox != nil {
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
	b.ui.log.Witness, b.fog.Witness = res.Witness, res.Witness
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
			b.keep.autosave()
		}
	}
	b.ui.afterApply(evs)
	return true
}

// resultCue is the jingle of a battle won by side, with players at the
// sides: defeat when the computer beat a player at this machine, victory
// otherwise.
func resultCue(players [2]Player, side rules.Side) string {
	if players[side] == Computer && players[1-side] == Human {
		return sound.Defeat
	}
	return sound.Victory
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

// Draw draws the world, the overlays and the HUD (battleView), and over
// them a failed hot reload's error. A Draw ends the frame the think
// meter sums.
func (b *Battle) Draw(dst *ebiten.Image) {
	b.turns.meter.endFrame()
	defer b.reload.draw(dst, b.env.Fonts, &b.ui.paint)
	b.look.draw(dst)
}

// Mode returns the active action mode (actions.Move when none was chosen).
func (b *Battle) Mode() actions.ID { return b.mode }

// ActionBar returns the battle's action bar.
func (b *Battle) ActionBar() *systems.ActionBar { return b.ui.bar }

// Log returns the battle's combat log.
func (b *Battle) Log() *systems.CombatLog { return &b.ui.log }

// Effects returns the battle's event effects.
func (b *Battle) Effects() *systems.EventFX { return b.ui.fx }

// TargetPanel returns the targeting panel of the hovered target, or nil.
func (b *Battle) TargetPanel() *systems.TargetPanel { return b.ui.target }

// TargetedUnit returns the enemy the targeting mode aims at (0: none).
func (b *Battle) TargetedUnit() int { return b.ui.pinned }

// TouchMode reports whether the battle shows the touch controls: a
// finger was the last pointer used.
func (b *Battle) TouchMode() bool { return b.finger }

// Armed returns the tile a previewing tap armed, which a second tap on it
// confirms, and whether there is one.
func (b *Battle) Armed() (rules.Point, bool) { return b.touch.armedTile() }

// uiTarget returns the image the furniture is drawn on this frame (see
// uiLayout.target): the overlays over the battle draw on it too.
func (b *Battle) uiTarget(dst *ebiten.Image) *ebiten.Image { return b.lay.target(dst) }

// drawUI magnifies the furniture's layer ui onto dst (uiLayout.draw).
func (b *Battle) drawUI(dst, ui *ebiten.Image) { b.lay.draw(dst, ui) }
