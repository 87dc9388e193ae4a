package scenes

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// actionUI is the battle's action layer: the action bar and its modes, the
// targeting panel, the combat log and the event effects.
type actionUI struct {
	bar      *systems.ActionBar
	roster   *systems.Roster
	log      systems.CombatLog
	logPanel systems.LogPanel
	fx       *systems.EventFX
	badges   systems.StatusBadges
	mode     actions.ID
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
	endAsked  [2]int              // the turn and side+1 whose End Turn already asked
	// targetRect is where the hit panel was last drawn (x, y, w, h, on
	// the furniture's screen).
	targetRect [4]float64
}

// onTargetPanel reports whether screen point (x, y) is on the hit panel
// shown now.
func (b *Battle) onTargetPanel(x, y float64) bool {
	if b.ui.target == nil {
		return false
	}
	ux, uy := b.uiPoint(x, y)
	r := b.ui.targetRect
	return ux >= r[0] && uy >= r[1] && ux < r[0]+r[2] && uy < r[1]+r[3]
}

// initActions builds the action layer and hands it to the playback, which
// plays every event through its presenter: the effects animate and sound
// it, the log words it. The fog is what each of them knows: reasons name
// only the enemies the side sees, and nothing is drawn or heard of what
// the fog hides.
func (b *Battle) initActions() {
	u := &b.ui
	know := &b.sight.fog
	u.bar = systems.NewActionBar(b.env.Fonts)
	u.bar.Know = know
	u.roster = systems.NewRoster(b.state)
	u.log.Roster = u.roster
	u.logPanel = systems.LogPanel{Log: &u.log, Fonts: b.env.Fonts}
	u.fx = systems.NewEventFX(b.world, b.state.Board, u.roster)
	u.fx.Know, u.fx.Screen = know, battleScreen{b}
	u.fx.Audio = b.env.Audio
	u.badges = systems.StatusBadges{State: b.state, FX: u.fx, Know: know}
	u.zones.Know = know
	u.mode = actions.Move
	b.playback.FX, b.playback.Log = u.fx, &u.log
	b.layoutActions()
}

// battleScreen is the battle as the presenters see it (systems.Screen): a
// turn change takes the hit panel down, puts up the banner and brings the
// next side into view.
type battleScreen struct{ b *Battle }

// Banner shows the HUD's banner.
func (s battleScreen) Banner(text, sub string, c color.RGBA) { s.b.hud.Banner(text, sub, c) }

// Focus centres the camera on side's living units when some are off
// screen.
func (s battleScreen) Focus(side rules.Side) { s.b.cam.FocusSide(s.b.state, side) }

// ClearTarget takes down the hit panel and its pinned unit.
func (s battleScreen) ClearTarget() { s.b.ui.target, s.b.ui.pinned = nil, 0 }

// layoutActions places the bar at the bottom centre and the log on the
// right.
func (b *Battle) layoutActions() {
	const margin = 16
	left := margin + 290.0 + 10 // right of the unit card
	sw, sh := b.uiSize()
	right := sw - margin - 190 - 10 // left of End Turn
	b.ui.bar.Place((left+right)/2, sh-margin, right-left)
	// The log sits top right, under the HUD's top bar.
	b.ui.logPanel.Place(sw-margin, 60+220, 220)
	// Undo sits over End Turn.
	b.ui.undo = systems.Button{X: sw - margin - 190, Y: sh - margin - 54 - 46, W: 190, H: 38, Label: "UNDO", Key: "Ctrl+Z"}
}

// Mode returns the active action mode (actions.Move when none was chosen).
func (b *Battle) Mode() actions.ID { return b.ui.mode }

// ActionBar returns the battle's action bar.
func (b *Battle) ActionBar() *systems.ActionBar { return b.ui.bar }

// Log returns the battle's combat log.
func (b *Battle) Log() *systems.CombatLog { return &b.ui.log }

// Effects returns the battle's event effects.
func (b *Battle) Effects() *systems.EventFX { return b.ui.fx }

// TargetPanel returns the targeting panel of the hovered target, or nil.
func (b *Battle) TargetPanel() *systems.TargetPanel { return b.ui.target }

// afterApply prepares a command's events for playback and returns to
// Move. The roster holds the state as it was before the command until
// the effects have begun, then notes the new one (the state before the
// next command), so the log and the effects can name and draw what the
// command removed.
func (b *Battle) afterApply(evs []rules.Event) {
	b.hud.CutBanner()
	b.ui.fx.Begin(evs)
	b.ui.roster.Note(b.state)
	b.ui.mode = actions.Move
	b.ui.target = nil
}

// chooseAction enters an action's mode, or returns its command at once
// for actions that need no target. An illegal action shows its reason.
func (b *Battle) chooseAction(id actions.ID) rules.Command {
	sel := b.Selected()
	b.hud.ClearToast() // a message about the last mode is stale now
	if id == actions.EndTurn {
		b.env.Audio.Click()
		return rules.EndTurn{}
	}
	if sel == nil {
		b.hud.Toast(actions.Reason(actions.ErrNoUnit))
		b.env.Audio.Deny()
		return nil
	}
	b.refreshBar()
	if err := b.ui.bar.Err(id); err != nil {
		b.hud.Toast(b.ui.bar.Label(id) + ": " + actions.Reason(err))
		b.env.Audio.Deny()
		return nil
	}
	b.env.Audio.Click()
	if id.Spec().Takes == actions.TargetNone {
		return id.Command(b.state, sel.ID, actions.Target{})
	}
	if b.ui.mode == id {
		id = actions.Move // pressing a mode's key again leaves it
	}
	b.ui.mode = id
	b.ui.target = nil
	return nil
}

// cancelMode leaves a targeting mode; it reports whether there was one.
func (b *Battle) cancelMode() bool {
	if b.ui.mode == actions.Move {
		return false
	}
	b.ui.mode = actions.Move
	b.ui.target = nil
	b.hud.ClearToast()
	return true
}

// actionInput handles the action layer's intents: hotkeys, L, clicks on
// the bar, clicks in a targeting mode, and a right click that leaves a
// mode. It returns a command to apply and whether it used the intents
// (then the default controls ignore them).
func (b *Battle) actionInput(in []systems.Intent) (rules.Command, bool) {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentUndo:
			b.undo()
			return nil, true
		case systems.IntentKey:
			k := systems.KeyOf(it)
			if k == 'l' {
				b.ui.logPanel.Toggle()
				return nil, true
			}
			if id, ok := actions.ForKey(k); ok && id != actions.EndTurn {
				return b.chooseAction(id), true
			}
		case systems.IntentCancel:
			if b.cancelMode() {
				return nil, true
			}
		case systems.IntentClick:
			ux, uy := b.uiPoint(it.X, it.Y)
			if b.ui.undo.Contains(ux, uy) {
				b.undo()
				return nil, true
			}
			if id, ok := b.ui.bar.At(ux, uy); ok {
				return b.chooseAction(id), true
			}
			if b.ui.logPanel.Covers(ux, uy) {
				if it.Touch {
					b.ui.logPanel.Toggle() // a tap on the log is L
				}
				return nil, true
			}
			if it.Touch && !b.tapActs(it.X, it.Y) {
				return nil, true // the first tap only previews (battle_touch.go)
			}
			if b.ui.mode != actions.Move {
				return b.targetClick(it.X, it.Y), true
			}
		}
	}
	return nil, false
}

// targetClick turns a click in a targeting mode into the mode's command:
// an enemy (or a piece of cover, for Attack), a cone point or an area.
func (b *Battle) targetClick(x, y float64) rules.Command {
	sel := b.Selected()
	if sel == nil || b.hudCovers(x, y) {
		return nil
	}
	p, ok := b.TileAt(x, y)
	if !ok {
		return nil
	}
	// An enemy the fog hides is not there as far as the player knows: the
	// click falls to the cover or to the plain hint, so no rules reason
	// can name it.
	mode := b.ui.mode
	if t, ok := mode.TargetAt(b.state, sel.ID, p, b.knows); ok {
		return mode.Command(b.state, sel.ID, t)
	}
	if mode.Spec().Takes == actions.TargetUnit {
		b.hud.Toast(mode.Miss())
	}
	return nil
}

// updateActions runs every tick after the playback: effects (advanced by
// dt seconds), the bar's legality (recomputed only when the selection,
// the state or the fog changed), and the hovered button. (updateHover
// calls updateTarget.)
func (b *Battle) updateActions(in []systems.Intent, dt float64) {
	b.ui.fx.Advance(dt, b.playback.Busy())
	if b.Selected() == nil && b.ui.mode != actions.Move {
		b.cancelMode()
	}
	b.refreshBar()
	if !b.playback.Busy() { // zones change on screen once the events played
		b.ui.zones.Update(b.state, [2]int{b.version, b.sight.fog.Computes})
	}
	b.ui.bar.Mode = b.ui.mode
	if it, ok := systems.Find(in, systems.IntentHover); ok {
		b.ui.bar.Hover(b.uiPoint(it.X, it.Y))
	}
}

// refreshBar brings the fog and then the bar's legality up to date: the
// bar's reasons only try the enemies the fog shows.
func (b *Battle) refreshBar() {
	b.updateFog()
	if n := b.sight.fog.Computes; n != b.ui.fogSeen {
		b.ui.fogSeen = n
		b.ui.bar.Invalidate()
	}
	b.ui.bar.Refresh(b.state, b.selected, b.version)
}

// updateTarget previews the attack on the hovered enemy (or cover) in a
// unit-targeting mode with rules.PreviewAttack, and pins the sight view's
// cone on it.
func (b *Battle) updateTarget() {
	sel := b.Selected()
	mode := b.ui.mode
	if sel == nil || mode.Spec().Takes != actions.TargetUnit || !b.hoverOK || b.playback.Busy() {
		b.ui.target = nil
		b.pinTarget(0)
		return
	}
	at, ok := mode.TargetAt(b.state, sel.ID, b.hoverTile, b.knows)
	if !ok {
		b.ui.target = nil
		b.pinTarget(0)
		return
	}
	key := [5]int{sel.ID, at.Unit, at.Obstacle, b.version, int(mode)}
	if b.ui.target != nil && key == b.ui.targetKey {
		return
	}
	b.ui.targetKey, b.ui.targetAt = key, b.hoverTile
	t := b.state.Unit(at.Unit)
	name := ""
	if t != nil {
		name = t.Name
	} else {
		name = b.ui.roster.ObstacleName(at.Obstacle)
	}
	title := sel.Name + " → " + name
	if t != nil {
		title += fmt.Sprintf(" · %d/%d HP", t.HP, t.MaxHP) // the hovered unit's card gives way to the panel
	}
	pv, err := mode.PreviewAttack(b.state, sel.ID, at)
	b.ui.target = systems.NewTargetPanel(b.state, mode.String(), title, pv, err)
	b.pinTarget(at.Unit)
}

// panelRoom says where the targeting panel may go on screen: clear of the
// shooter, the target and its chance tag, the unit card, Undo, the bar's
// hint line and the combat log.
func (b *Battle) panelRoom() panelRoom {
	// The panel is laid out with the furniture, on its screen (uiPoint).
	sc := max(b.uiScale, 1)
	sw, _ := b.uiSize()
	half := b.cam.Zoom * float64(b.state.Board.TileSize) / 2 / sc
	r := panelRoom{sw: sw, top: 64,
		left:  systems.TargetLegendTop(float64(ScreenHeight), sc)/sc - 8, // the cone's key, over the unit card
		right: b.ui.undo.Y - 8}
	_, by, _, _ := b.ui.bar.Bounds()
	r.middle = by - 50
	tx, ty := b.uiPoint(b.cam.WorldToScreen(b.state.Board.TileCenter(b.ui.targetAt)))
	tag := max(half, 75) // the chance tag over the target is wider than a tile
	r.units = append(r.units, box{tx - tag, ty - half - 64, 2 * tag, 2*half + 64}.grow(8))
	if sel := b.Selected(); sel != nil {
		sx, sy := b.uiPoint(b.cam.WorldToScreen(entities.SpaceCenter(b.state.Board, sel.Pos, sel.Size)))
		sh := half * float64(sel.Size)
		r.units = append(r.units, box{sx - sh, sy - sh, 2 * sh, 2 * sh}.grow(12))
	}
	if x, y, w, h := b.ui.logPanel.Bounds(); b.ui.logPanel.Log != nil {
		r.log = box{x, y, w, h}
	}
	return r
}

// drawActions draws the bar, the log, the targeting panel and the
// reaction banner over the HUD.
func (b *Battle) drawActions(dst *ebiten.Image) {
	f := b.env.Fonts
	p := &b.ui.paint
	b.ui.logPanel.Side, b.ui.logPanel.All = b.sight.fog.Viewer() // the log switches sides with the fog
	b.ui.logPanel.Touch = b.touch.on
	tp := b.ui.target
	var px, py float64
	hideLog := false
	if tp != nil {
		px, py, hideLog = placePanel(b.panelRoom(), tp.Width(), tp.Height())
	}
	if !hideLog {
		b.ui.logPanel.Draw(dst)
	}
	if tp != nil {
		cx, cy := b.uiPoint(b.cam.WorldToScreen(b.state.Board.TileCenter(b.ui.targetAt)))
		b.ui.targetRect = [4]float64{px, py, tp.Width(), tp.Height()}
		tp.HideSources = !b.env.prefs().ShowSources
		tp.PointerX, tp.PointerY = b.uiPoint(b.pointer[0], b.pointer[1])
		tp.Draw(dst, p, f, px, py)
		if tp.Err == nil {
			systems.DrawChanceTag(dst, p, f, cx, cy-b.cam.Zoom*float64(b.state.Board.TileSize)*0.55/max(b.uiScale, 1), tp.Preview)
		}
		p.FlushText(dst, f)
	}
	bx, by, bw, _ := b.ui.bar.Bounds()
	cx := bx + bw/2
	if h := b.ui.mode.Spec().Help; h != "" && b.ui.mode != actions.Move && !b.playback.Busy() {
		msg := b.ui.mode.String() + ": " + h + "   ·   Esc / right-click: cancel"
		if b.touch.on {
			msg = b.ui.mode.String() + ": " + h + "   ·   tap " + b.ui.mode.String() + " again: cancel"
		}
		w := f.Width(msg, 15, true) + 36
		p.RoundRect(dst, cx-w/2, by-42, w, 32, 9, 0, systems.ColorPanel)
		p.RoundRect(dst, cx-w/2, by-42, w, 32, 9, 1.5, systems.ColorAccent)
		p.Text(msg, 15, true, cx, by-26, systems.ColorAccent, systems.AlignCenter)
		p.FlushText(dst, f)
	} else if b.ui.hint != "" && b.ui.bar.Tooltip() == "" {
		keys := "   ·   WASD / right-drag: pan   wheel: zoom   L: log   Esc: menu"
		if b.watch != nil {
			keys = "   ·   WASD / right-drag: pan   wheel: zoom   L: log"
		}
		if b.touch.on {
			keys = "   ·   drag: pan   pinch: zoom"
		}
		w := f.Width(b.ui.hint, 14, false) + f.Width(keys, 12, false) + 32
		p.RoundRect(dst, cx-w/2, by-38, w, 28, 8, 0, systems.ColorPanel)
		hw := f.Width(b.ui.hint, 14, false)
		p.Text(b.ui.hint, 14, false, cx-w/2+16, by-32, systems.ColorText, systems.AlignLeft)
		p.Text(keys, 12, false, cx-w/2+16+hw, by-30, systems.ColorTextDim, systems.AlignLeft)
		p.FlushText(dst, f)
	}
	b.ui.bar.Mode = b.ui.mode // as of this frame's input, not last tick's
	b.ui.bar.Touch = b.touch.on
	if b.watch == nil { // a replay's orders are recorded: no bar, no Undo
		b.ui.bar.Draw(dst)
	}
	if b.watch == nil {
		u := &b.ui.undo
		u.Key = "Ctrl+Z"
		if b.touch.on {
			u.Key = ""
		}
		u.Disabled = b.playback.Busy() || b.m.CanUndo() != nil
		u.Color = systems.Shade(b.env.Theme().Side(b.state.Side), 0.6)
		u.Draw(dst, p)
		p.FlushText(dst, f)
	}
	b.ui.fx.DrawScreen(dst, p, f, func(v rules.Vec) (float64, float64) { return b.uiPoint(b.cam.WorldToScreen(v)) })
}

// actionOverlays adds the action layer's world overlays: the fire zones
// (with the cone being pointed in a cone mode),
// the suppression area under the cursor, the effects and the status
// badges.
func (b *Battle) actionOverlays() {
	// While the player points overwatch or covering fire, show the cone
	// the unit would hold toward the hovered tile.
	pv := b.ui.mode.Spec().Preview
	cone := (pv == actions.PreviewWatchZone || pv == actions.PreviewCoverZone) && b.hoverOK && !b.playback.Busy()
	b.ui.zones.SetPreview(b.state, b.selected, pv == actions.PreviewCoverZone, b.hoverTile, cone)
	b.overlays.Mid = append(b.overlays.Mid, &b.ui.zones)
	if pv == actions.PreviewArea && b.hoverOK && !b.playback.Busy() {
		b.ui.area.At = b.hoverTile
		b.ui.area.Size = 2
		b.overlays.Ground = append(b.overlays.Ground, &b.ui.area)
	} else if b.ui.mode.Spec().Takes == actions.TargetPoint && b.hoverOK && !b.playback.Busy() {
		b.ui.area.At = b.hoverTile
		b.ui.area.Size = 1
		b.overlays.Ground = append(b.overlays.Ground, &b.ui.area)
	}
	b.overlays.Top = append(b.overlays.Top, &b.ui.badges, b.ui.fx)
}

// actionsCover reports whether a screen point is on the bar, the log or
// the undo button.
func (b *Battle) actionsCover(x, y float64) bool {
	x, y = b.uiPoint(x, y)
	return b.ui.bar.Covers(x, y) || b.ui.logPanel.Covers(x, y) || b.ui.undo.Contains(x, y)
}

// undo takes back the side's last command when the match allows it (see
// match.Undo), or says why not. The units, the fog and the plans follow
// the match at once; the log notes it.
func (b *Battle) undo() {
	if b.playback.Busy() {
		return
	}
	cmd, err := b.m.Undo()
	if err != nil {
		msg := err.Error()
		b.hud.Toast(strings.ToUpper(msg[:1]) + msg[1:])
		return
	}
	b.version++
	b.world.Sync(b.state)
	b.ui.roster.Note(b.state)
	b.ui.log.Note(b.state.Side, "(undone: "+cmd.CommandName()+")")
	b.hud.Toast("Undone: " + strings.ReplaceAll(cmd.CommandName(), "_", " "))
	b.cancelMode()
}

// pinTarget records the unit the targeting mode aims at, for the sight
// view's cover cone (SightView.SetTarget(b.TargetedUnit())).
func (b *Battle) pinTarget(id int) { b.ui.pinned = id }

// TargetedUnit returns the enemy the targeting mode aims at (0: none).
func (b *Battle) TargetedUnit() int { return b.ui.pinned }

// survivors names a side's living units, in id order.
func (b *Battle) survivors(side rules.Side) []string {
	var out []string
	for _, u := range b.state.Units {
		if u.Alive() && u.Side == side {
			out = append(out, u.Name)
		}
	}
	return out
}
