package scenes

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/entities"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// actionUI is the battle's action layer (one job: the furniture of the
// actions): the action bar and its modes (it owns stage.mode), the
// targeting panel, the combat log and the event effects.
type actionUI struct {
	*stage
	// sight brings the fog up to date before the bar's reasons use it.
	sight    interface{ updateFog() }
	bar      *systems.ActionBar
	roster   *systems.Roster
	log      systems.CombatLog
	logPanel systems.LogPanel
	fx       *systems.EventFX
	badges   systems.StatusBadges
	paint    systems.Painter

	target    *systems.TargetPanel // the panel of the hovered target, or nil
	targetKey [5]int
	targetAt  rules.Point
	pinned    int    // the unit the targeting mode aims at (0: none)
	fogSeen   int    // the fog's Computes the bar's reasons were made with
	hint      string // the HUD's help line, drawn above the bar
	area      systems.AreaOverlay
	zones     systems.ZoneOverlay // overwatch and covering fire cones
	undo      systems.Button      // takes back the side's last command
	endAsked  [2]int              // the turn and side+1 whose End Turn already asked (controls.endTurn)
	// targetRect is where the hit panel was last drawn (x, y, w, h, on
	// the furniture's screen).
	targetRect [4]float64
}

// onTargetPanel reports whether screen point (x, y) is on the hit panel
// shown now.
func (u *actionUI) onTargetPanel(x, y float64) bool {
	if u.target == nil {
		return false
	}
	ux, uy := u.lay.point(x, y)
	r := u.targetRect
	return ux >= r[0] && uy >= r[1] && ux < r[0]+r[2] && uy < r[1]+r[3]
}

// init builds the action layer and hands it to the playback, which
// plays every event through its presenter: the effects animate and sound
// it, the log words it. The fog is what each of them knows: reasons name
// only the enemies the side sees, and nothing is drawn or heard of what
// the fog hides.
func (u *actionUI) init() {
	know := &u.fog
	u.bar = systems.NewActionBar(u.env.Fonts)
	u.bar.Know = know
	u.roster = systems.NewRoster(u.state)
	u.log.Roster = u.roster
	u.logPanel = systems.LogPanel{Log: &u.log, Fonts: u.env.Fonts}
	u.fx = systems.NewEventFX(u.world, u.state.Board, u.roster)
	u.fx.Know, u.fx.Screen = know, battleScreen{u}
	u.fx.Audio = u.env.Audio
	u.badges = systems.StatusBadges{State: u.state, FX: u.fx, Know: know}
	u.fx.Badges = &u.badges // captions rise clear of the badges
	u.zones.Know = know
	u.mode = actions.Move
	u.playback.FX, u.playback.Log = u.fx, &u.log
	u.layout()
}

// battleScreen is the battle as the presenters see it (systems.Screen): a
// turn change takes the hit panel down, puts up the banner and brings the
// next side into view.
type battleScreen struct{ u *actionUI }

// Banner shows the HUD's banner.
func (s battleScreen) Banner(text, sub string, c color.RGBA) { s.u.hud.Banner(text, sub, c) }

// Focus centres the camera on side's living units when some are off
// screen.
func (s battleScreen) Focus(side rules.Side) { s.u.cam.FocusSide(s.u.state, side) }

// Frame starts the camera's glide to show a shot's two ends
// (Camera.Glide) unless the player at this machine ordered it (a unit of
// the side to move, played here, outside a replay) or keeps the camera
// still.
func (s battleScreen) Frame(actor int, a, b rules.Vec, speed float64) int {
	st := s.u.state
	if u := st.Unit(actor); u != nil && u.Side == st.Side && s.u.watch == nil {
		if _, here := s.u.m.Controller(u.Side).(*match.Inbox); here {
			return 0
		}
	}
	if s.u.env.prefs().StillCamera {
		return 0
	}
	pad := float64(st.Board.TileSize) * s.u.cam.Zoom
	return s.u.cam.Glide(a, b, pad, speed)
}

// ClearTarget takes down the hit panel and its pinned unit.
func (s battleScreen) ClearTarget() { s.u.target, s.u.pinned = nil, 0 }

// layout places the bar in the left column, over the unit card, and
// the log and Undo on the right.
func (u *actionUI) layout() {
	const margin = 16
	sw, sh := u.lay.size()
	// The bar stands in the left column, over the unit card; the map is
	// framed right of it (layoutUI).
	const col = systems.LeftColumnW - 10 - margin
	u.bar.Place(margin+col/2, sh-margin-systems.UnitCardH-10, col)
	// The log sits top right, under the HUD's top bar.
	u.logPanel.Place(sw-margin, 60+220, 220)
	// Undo sits over End Turn.
	u.undo = systems.Button{X: sw - margin - 190, Y: sh - margin - 54 - 46, W: 190, H: 38, Label: "UNDO", Key: "Ctrl+Z"}
}

// afterApply prepares a command's events for playback and returns to
// Move. The roster holds the state as it was before the command until
// the effects have begun, then notes the new one (the state before the
// next command), so the log and the effects can name and draw what the
// command removed.
func (u *actionUI) afterApply(evs []rules.Event) {
	u.hud.CutBanner()
	u.fx.Begin(evs)
	u.roster.Note(u.state)
	u.mode = actions.Move
	u.target = nil
}

// chooseAction enters an action's mode, or returns its command at once
// for actions that need no target. An illegal action shows its reason.
func (u *actionUI) chooseAction(id actions.ID) rules.Command {
	sel := u.state.Unit(u.selected)
	u.hud.ClearToast() // a message about the last mode is stale now
	if id == actions.EndTurn {
		u.env.Audio.Click()
		return rules.EndTurn{}
	}
	if sel == nil {
		u.hud.Toast(actions.Reason(actions.ErrNoUnit))
		u.env.Audio.Deny()
		return nil
	}
	u.refreshBar()
	if err := u.bar.Err(id); err != nil {
		u.hud.Toast(u.bar.Label(id) + ": " + actions.Reason(err))
		u.env.Audio.Deny()
		return nil
	}
	u.env.Audio.Click()
	if id.Spec().Takes == actions.TargetNone {
		return id.Command(u.state, sel.ID, actions.Target{})
	}
	if u.mode == id {
		id = actions.Move // pressing a mode's key again leaves it
	}
	u.mode = id
	u.target = nil
	return nil
}

// cancelMode leaves a targeting mode; it reports whether there was one.
func (u *actionUI) cancelMode() bool {
	if u.mode == actions.Move {
		return false
	}
	u.mode = actions.Move
	u.target = nil
	u.hud.ClearToast()
	return true
}

// update runs every tick after the playback: effects (advanced by
// dt seconds), the bar's legality (recomputed only when the selection,
// the state or the fog changed), and the hovered button. (The battle's
// updateHover calls updateTarget.)
func (u *actionUI) update(in []systems.Intent, dt float64) {
	u.fx.Advance(dt, u.playback.Busy())
	if u.selected == 0 && u.mode != actions.Move {
		u.cancelMode()
	}
	u.refreshBar()
	if !u.playback.Busy() { // zones change on screen once the events played
		u.zones.Update(u.state, [2]int{u.version, u.fog.Computes})
	}
	u.bar.Mode = u.mode
	if it, ok := systems.Find(in, systems.IntentHover); ok {
		u.bar.Hover(u.lay.point(it.X, it.Y))
	}
}

// refreshBar brings the fog and then the bar's legality up to date: the
// bar's reasons only try the enemies the fog shows.
func (u *actionUI) refreshBar() {
	u.sight.updateFog()
	if n := u.fog.Computes; n != u.fogSeen {
		u.fogSeen = n
		u.bar.Invalidate()
	}
	u.bar.Refresh(u.state, u.selected, u.version)
}

// updateTarget previews the attack on the hovered enemy (or cover, on
// h's tile) in a unit-targeting mode with rules.PreviewAttack, and pins
// the sight view's cone on it.
func (u *actionUI) updateTarget(h *hoverPlan) {
	sel := u.state.Unit(u.selected)
	mode := u.mode
	if sel == nil || mode.Spec().Takes != actions.TargetUnit || !h.ok || u.playback.Busy() {
		u.target, u.pinned = nil, 0
		return
	}
	at, ok := mode.TargetAt(u.state, sel.ID, h.tile, u.fog.Knows)
	if !ok {
		u.target, u.pinned = nil, 0
		return
	}
	key := [5]int{sel.ID, at.Unit, at.Obstacle, u.version, int(mode)}
	if u.target != nil && key == u.targetKey {
		return
	}
	u.targetKey, u.targetAt = key, h.tile
	t := u.state.Unit(at.Unit)
	name := ""
	if t != nil {
		name = t.Name
	} else {
		name = u.roster.ObstacleName(at.Obstacle)
	}
	title := sel.Name + " → " + name
	if t != nil {
		title += fmt.Sprintf(" · %d/%d HP", t.HP, t.MaxHP) // the hovered unit's card gives way to the panel
	}
	pv, err := mode.PreviewAttack(u.state, sel.ID, at)
	u.target = systems.NewTargetPanel(u.state, mode.String(), title, pv, err)
	u.pinned = at.Unit
}

// panelRoom says where the targeting panel may go on screen: clear of the
// shooter, the target and its chance tag, the unit card, Undo, the bar's
// hint line and the combat log.
func (u *actionUI) panelRoom() panelRoom {
	// The panel is laid out with the furniture, on its screen (lay.point).
	sc := max(u.lay.scale, 1)
	sw, _ := u.lay.size()
	half := u.cam.Zoom * float64(u.state.Board.TileSize) / 2 / sc
	_, sh := u.lay.size()
	r := panelRoom{sw: sw, top: 64,
		left:  sh - 16 - systems.UnitCardH - 8, // the unit card (the panel may cover the bar while aiming)
		right: u.undo.Y - 8}
	r.middle = systems.TargetLegendTop(float64(ScreenHeight), sc)/sc - 8 // the cone's key and the hint line
	tx, ty := u.lay.point(u.cam.WorldToScreen(u.state.Board.TileCenter(u.targetAt)))
	tag := max(half, 75) // the chance tag over the target is wider than a tile
	r.units = append(r.units, box{tx - tag, ty - half - 64, 2 * tag, 2*half + 64}.grow(8))
	if sel := u.state.Unit(u.selected); sel != nil {
		sx, sy := u.lay.point(u.cam.WorldToScreen(entities.SpaceCenter(u.state.Board, sel.Pos, sel.Size)))
		sh := half * float64(sel.Size)
		r.units = append(r.units, box{sx - sh, sy - sh, 2 * sh, 2 * sh}.grow(12))
	}
	if x, y, w, h := u.logPanel.Bounds(); u.logPanel.Log != nil {
		r.log = box{x, y, w, h}
	}
	return r
}

// draw draws the bar, the log, the targeting panel and the reaction
// banner over the HUD; pointer is where the pointer is on the screen.
func (u *actionUI) draw(dst *ebiten.Image, pointer [2]float64) {
	f := u.env.Fonts
	p := &u.paint
	u.logPanel.Side, u.logPanel.All = u.fog.Viewer() // the log switches sides with the fog
	u.logPanel.Touch = u.finger
	tp := u.target
	var px, py float64
	hideLog := false
	if tp != nil {
		px, py, hideLog = placePanel(u.panelRoom(), tp.Width(), tp.Height())
	}
	if !hideLog {
		u.logPanel.Draw(dst)
	}
	// The mode's help and the hint float at the bottom, between the left
	// column and End Turn.
	_, sh := u.lay.size()
	left, right := float64(systems.LeftColumnW), u.hud.EndTurn.X-10
	cx, by := (left+right)/2, sh-16+10
	if h := u.mode.Spec().Help; h != "" && u.mode != actions.Move && !u.playback.Busy() {
		msg := u.mode.String() + ": " + h + "   ·   Esc / right-click: cancel"
		if u.finger {
			msg = u.mode.String() + ": " + h + "   ·   tap " + u.mode.String() + " again: cancel"
		}
		w := f.Width(msg, 15, true) + 36
		p.RoundRect(dst, cx-w/2, by-42, w, 32, 9, 0, systems.ColorPanel)
		p.RoundRect(dst, cx-w/2, by-42, w, 32, 9, 1.5, systems.ColorAccent)
		p.Text(msg, 15, true, cx, by-26, systems.ColorAccent, systems.AlignCenter)
		p.FlushText(dst, f)
	} else if u.hint != "" && u.bar.Tooltip() == "" {
		keys := "   ·   WASD / right-drag: pan   wheel: zoom   L: log   Esc: menu"
		if u.watch != nil {
			keys = "   ·   WASD / right-drag: pan   wheel: zoom   L: log"
		}
		if u.finger {
			keys = "   ·   drag: pan   pinch: zoom"
		}
		w := f.Width(u.hint, 14, false) + f.Width(keys, 12, false) + 32
		if w > right-left {
			keys = "" // no room: the hint alone (F1 lists the keys)
			w = f.Width(u.hint, 14, false) + 32
		}
		p.RoundRect(dst, cx-w/2, by-38, w, 28, 8, 0, systems.ColorPanel)
		hw := f.Width(u.hint, 14, false)
		p.Text(u.hint, 14, false, cx-w/2+16, by-32, systems.ColorText, systems.AlignLeft)
		p.Text(keys, 12, false, cx-w/2+16+hw, by-30, systems.ColorTextDim, systems.AlignLeft)
		p.FlushText(dst, f)
	}
	u.bar.Mode = u.mode // as of this frame's input, not last tick's
	u.bar.Touch = u.finger
	if u.watch == nil { // a replay's orders are recorded: no bar, no Undo
		u.bar.Draw(dst)
	}
	if u.watch == nil {
		ub := &u.undo
		ub.Key = "Ctrl+Z"
		if u.finger {
			ub.Key = ""
		}
		ub.Disabled = u.playback.Busy() || u.m.CanUndo() != nil
		ub.Color = systems.Shade(u.env.Theme().Side(u.state.Side), 0.6)
		ub.Draw(dst, p)
		p.FlushText(dst, f)
	}
	// The hit panel goes over the bar: in the left column it may cover
	// the bar while the player aims.
	if tp != nil {
		cx, cy := u.lay.point(u.cam.WorldToScreen(u.state.Board.TileCenter(u.targetAt)))
		u.targetRect = [4]float64{px, py, tp.Width(), tp.Height()}
		tp.HideSources = !u.env.prefs().ShowSources
		tp.PointerX, tp.PointerY = u.lay.point(pointer[0], pointer[1])
		tp.Draw(dst, p, f, px, py)
		if tp.Err == nil {
			systems.DrawChanceTag(dst, p, f, cx, cy-u.cam.Zoom*float64(u.state.Board.TileSize)*0.55/max(u.lay.scale, 1), tp.Preview)
		}
		p.FlushText(dst, f)
	}
	u.fx.DrawScreen(dst, p, f, func(v rules.Vec) (float64, float64) { return u.lay.point(u.cam.WorldToScreen(v)) })
}

// overlays adds the action layer's world overlays: the fire zones
// (with the cone being pointed in a cone mode, toward h's tile), the
// suppression area under the cursor, the effects and the status badges.
func (u *actionUI) overlays(ov *systems.Overlays, h *hoverPlan) {
	// While the player points overwatch or covering fire, show the cone
	// the unit would hold toward the hovered tile.
	pv := u.mode.Spec().Preview
	cone := (pv == actions.PreviewWatchZone || pv == actions.PreviewCoverZone) && h.ok && !u.playback.Busy()
	u.zones.SetPreview(u.state, u.selected, pv == actions.PreviewCoverZone, h.tile, cone)
	ov.Mid = append(ov.Mid, &u.zones)
	if pv == actions.PreviewArea && h.ok && !u.playback.Busy() {
		u.area.At = h.tile
		u.area.Size = 2
		ov.Ground = append(ov.Ground, &u.area)
	} else if u.mode.Spec().Takes == actions.TargetPoint && h.ok && !u.playback.Busy() {
		u.area.At = h.tile
		u.area.Size = 1
		ov.Ground = append(ov.Ground, &u.area)
	}
	ov.Top = append(ov.Top, &u.badges, u.fx)
}

// skipIfAsked finishes the playback and the effects at once when the
// settings skip the animations: each order's outcome shows in the frame
// after it is given.
func (u *actionUI) skipIfAsked() {
	if u.env.prefs().SkipAnimations && u.playback.Busy() {
		u.playback.Finish()
		u.fx.Finish()
	}
}

// covers reports whether a screen point is on the bar, the log or the
// undo button.
func (u *actionUI) covers(x, y float64) bool {
	x, y = u.lay.point(x, y)
	return u.bar.Covers(x, y) || u.logPanel.Covers(x, y) || u.undo.Contains(x, y)
}

// survivors names a side's living units, in id order.
func survivors(s *rules.State, side rules.Side) []string {
	var out []string
	for _, u := range s.Units {
		if u.Alive() && u.Side == side {
			out = append(out, u.Name)
		}
	}
	return out
}
