package scenes

import (
	"errors"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// Battle is the battle screen: the rules state (the truth), its entities
// (the view), the camera, render layers, HUD and event playback, and one
// command source per side.
type Battle struct {
	env     *Env
	name    string
	state   *rules.State
	rng     *rules.RNG
	sources [2]Source

	world    *entities.World
	cam      *systems.Camera
	view     systems.View
	paint    systems.Painter
	rend     systems.Renderer
	hud      *systems.HUD
	playback systems.Playback
	overlays systems.Overlays

	selected int
	version  int // bumped whenever a command changes the state

	hoverOK   bool
	hoverTile rules.Point
	hoverUnit int

	reach      *rules.Reach
	reachKey   [2]int
	reachView  *systems.ReachOverlay
	pathView   *systems.PathOverlay
	pathKey    [3]int
	hoverView  systems.HoverOverlay
	lastSynced int

	ui    actionUI    // the action bar, targeting, combat log and event effects
	sight battleSight // the fog of war and the sight/cover view (battle_sight.go)
}

// NewBattle starts a battle from setup, with a human at the controls of
// both sides and the rules RNG seeded from env.
func NewBattle(env *Env, setup Setup) *Battle {
	s := setup.State
	b := &Battle{env: env, name: setup.Name, state: s, rng: rules.NewRNG(env.NextSeed()),
		sources: [2]Source{Human{}, Human{}}, lastSynced: -1}
	b.world = entities.NewWorld(s)
	bd := s.Board
	b.hud = systems.NewHUD(env.Fonts, ScreenWidth, ScreenHeight, setup.Name)
	b.cam = systems.NewCamera(ScreenWidth, ScreenHeight, float64(bd.Width*bd.TileSize), float64(bd.Height*bd.TileSize))
	b.cam.InsetTop, b.cam.InsetBottom = b.hud.Insets()
	b.view = systems.View{Cam: b.cam, Board: bd, Paint: &b.paint, Fonts: env.Fonts}
	spec := setup.Terrain
	spec.Board = bd
	b.rend.Terrain = systems.NewTerrain(spec)
	b.rend.Obstacles.Shown = b.sight.fog.Obstacles // each side sees the cover in the fog as it remembers it
	b.playback = systems.Playback{Board: bd, World: b.world, OnEvent: b.onEvent}
	b.initActions()
	// The map is framed above the action bar and the hint line over it, so
	// no row starts hidden under the HUD.
	_, barY, _, _ := b.ui.bar.Bounds()
	b.cam.InsetBottom = max(b.cam.InsetBottom, float64(ScreenHeight)-barY+hintBandH)
	if !b.cam.Fit() {
		b.focusSide(s.Side)
	}
	b.hud.Banner(strings.ToUpper(s.Side.String())+" TURN", "Turn "+strconv.Itoa(s.Turn)+" · "+setup.Name, systems.SideColor(s.Side))
	return b
}

// hintBandH is the height of the hint line drawn just above the action bar.
const hintBandH = 32

// Name returns "battle".
func (b *Battle) Name() string { return "battle" }

// State returns the rules state. Only rules.Apply may change it.
func (b *Battle) State() *rules.State { return b.state }

// World returns the battle's entities.
func (b *Battle) World() *entities.World { return b.world }

// Camera returns the battle's camera.
func (b *Battle) Camera() *systems.Camera { return b.cam }

// Busy reports whether events are still being animated.
func (b *Battle) Busy() bool { return b.playback.Busy() }

// SetSource puts a command source in charge of a side.
func (b *Battle) SetSource(side rules.Side, src Source) { b.sources[side] = src }

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

// Update runs one tick: camera, hover, playback, then (when nothing is
// playing) the side's command source. An order given while events play
// (see skipsPlayback) finishes the playback at once, showing the outcome;
// it gives no command itself.
func (b *Battle) Update(m *Manager, in []systems.Intent) error {
	b.rend.Units.Tick++
	if systems.Has(in, systems.IntentBack) && !b.cancelMode() {
		m.GoTo(NewTitle(m.Env))
		return nil
	}
	b.cam.Apply(in)
	b.hud.Update(in)
	b.playback.Update()
	skipped := b.playback.Busy() && skipsPlayback(in)
	if skipped {
		b.playback.Finish()
		b.ui.fx.Finish()
	}
	b.updateActions(in)
	if b.playback.Busy() {
		b.updateHover(in)
		return nil
	}
	if b.lastSynced != b.version {
		b.world.Sync(b.state)
		b.lastSynced = b.version
	}
	if side, over := b.state.Winner(); over {
		r := NewResult(m.Env, side, b.name, b.state.Turn)
		r.Left = b.survivors(side)
		m.GoTo(r)
		return nil
	}
	if skipped {
		b.updateHover(in)
		return nil
	}
	if cmd := b.sources[b.state.Side].Next(b, in); cmd != nil {
		b.apply(cmd)
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
			if _, ok := systems.ActionForKey(systems.KeyOf(it)); ok {
				return true
			}
		}
	}
	return false
}

// apply hands a command to the rules and queues what happened.
func (b *Battle) apply(cmd rules.Command) {
	b.beforeApply()
	w := systems.NewWitness(b.state, b.seeNow)
	evs, err := rules.Apply(b.state, cmd, b.rng)
	if err != nil {
		b.hud.Toast(readable(err))
		return
	}
	w.After(b.state, b.seeNow)
	b.ui.log.Witness = w
	b.sight.fog.Witnessed(b.state, w)
	b.version++
	b.playback.Queue(evs...)
	if _, ok := cmd.(rules.EndTurn); ok {
		b.Select(0)
	}
	b.world.Sync(b.state)
	b.afterApply(evs)
}

// onEvent reacts to an event as it starts playing.
func (b *Battle) onEvent(ev rules.Event) {
	if e, ok := ev.(rules.TurnEnded); ok {
		b.hud.Banner(strings.ToUpper(e.Next.String())+" TURN", "Turn "+strconv.Itoa(e.Turn), systems.SideColor(e.Next))
		b.focusSide(e.Next)
	}
}

// focusSide centres the camera on a side's living units when some of them
// are off screen.
func (b *Battle) focusSide(side rules.Side) {
	var sum rules.Vec
	n, hidden := 0, false
	for _, u := range b.state.Units {
		if u.Alive() && u.Side == side {
			c := entities.SpaceCenter(b.state.Board, u.Pos, u.Size)
			sum = sum.Add(c)
			n++
			hidden = hidden || !b.cam.Shows(c, float64(b.state.Board.TileSize)*b.cam.Zoom/2)
		}
	}
	if n > 0 && hidden {
		b.cam.CenterOn(sum.X/float64(n), sum.Y/float64(n))
	}
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

// Draw draws the world, the overlays and the HUD.
func (b *Battle) Draw(dst *ebiten.Image) {
	b.buildOverlays()
	b.rend.Draw(dst, &b.view, b.shownWorld(), &b.overlays)
	info := b.hudInfo()
	b.ui.hint, info.Hint = info.Hint, "" // drawn above the action bar
	b.hud.Draw(dst, info)
	b.drawActions(dst)
}
