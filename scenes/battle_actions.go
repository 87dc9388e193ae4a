package scenes

import (
	"fmt"
	"image/color"
	"strings"

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
	// the furniture's screen), tagBox its chance tag, and hintBox the
	// hint line's text.
	targetRect [4]float64
	tagBox     box
	hintBox    box
	panelImg   *ebiten.Image // the hit panel drawn shrunk (panelImage)
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
	u.bar.Shapes = u.env.shapeStore()
	u.bar.Know = know
	u.roster = systems.NewRoster(u.state)
	u.log.Roster = u.roster
	u.logPanel = systems.LogPanel{Log: &u.log, Fonts: u.env.Fonts, Shapes: u.env.shapeStore()}
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

// layout places the log, the action bar and the unit card down the left
// column, and Undo in the top bar beside End Turn (the HUD's).
func (u *actionUI) layout() {
	log, bx, bottom, bw := u.hud.Column()
	if u.hud.Upright() {
		u.bar.PlaceGrid(bx-bw/2, bottom, bw, systems.UprightBarCols, systems.UprightTapH)
		u.logPanel.PlaceBox(log[0], log[1], log[2], log[3])
	} else {
		barH := u.bar.Place(bx, bottom, bw)
		u.logPanel.PlaceBox(log[0], log[1], log[2], max(bottom-barH-8-log[1], 0))
	}
	u.undo = u.hud.UndoButton()
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

// panelRoom says where the targeting panel may go on screen: in the
// map's part of it, clear of the shooter, the target and its chance tag,
// the objective and the cone's key.
func (u *actionUI) panelRoom() panelRoom {
	// The panel is laid out with the furniture, on its screen (lay.point).
	sc := max(u.lay.scale, 1)
	_, sh := u.lay.size()
	ax, ay, aw, ah := u.hud.MapBox()
	area := box{ax, ay, aw, ah}
	r := panelRoom{area: area}
	half := u.cam.Zoom * float64(u.state.Board.TileSize) / 2 / sc
	tx, ty := u.lay.point(u.cam.WorldToScreen(u.state.Board.TileCenter(u.targetAt)))
	r.units = append(r.units, box{tx - half, ty - half, 2 * half, 2 * half})
	r.near = append(r.near, box{tx - half, ty - half, 2 * half, 2 * half}.grow(8))
	r.near = append(r.near, u.chanceTagBox(tx, ty, 150).grow(8)) // 150: wider than any tag's text
	if sel := u.state.Unit(u.selected); sel != nil {
		sx, sy := u.lay.point(u.cam.WorldToScreen(entities.SpaceCenter(u.state.Board, sel.Pos, sel.Size)))
		sh := half * float64(sel.Size)
		r.units = append(r.units, box{sx - sh, sy - sh, 2 * sh, 2 * sh})
		r.near = append(r.near, box{sx - sh, sy - sh, 2 * sh, 2 * sh}.grow(12))
	}
	if x, y, w, h := u.hud.ObjectiveBox(); w > 0 {
		r.keep = append(r.keep, box{x, y, w, h})
	}
	lx, ly, lw, lh := systems.TargetLegendBoxIn(u.hud.Legends(), sh*sc, sc)
	r.keep = append(r.keep, box{lx / sc, ly / sc, lw / sc, lh / sc})
	return r
}

// maxCoverLabel is the widest the cover label under a target is drawn
// ("Improved cover +4" with its shield), in screen pixels.
const maxCoverLabel = 180.0

// chanceTagBox returns where the w-wide chance tag goes for the target
// centred at (tx, ty) on the furniture's screen: just over its tile; where
// that leaves the map's part of the screen (a target on the top row,
// against the bar) or covers one of avoid (the hit panel), the first
// clear of: over it nudged sideways off what it covers (still over part
// of the tile), beside the tile at its height right then left, under it
// below the cover label.
func (u *actionUI) chanceTagBox(tx, ty, w float64, avoid ...box) box {
	const h, gap = 48, 4
	half := u.cam.Zoom * float64(u.state.Board.TileSize) / 2 / max(u.lay.scale, 1)
	ax, ay, aw, ah := u.hud.MapBox()
	area := box{ax + gap, ay + gap, aw - 2*gap, ah - 2*gap}
	over, under := ty-1.1*half-gap-h, ty+1.24*half+40+gap // under: below the label, 40 at most
	// Beside the tile the tag stays clear of the cover label under it
	// (systems' sight view: its top 0.62 of a tile under the target's
	// centre, at most maxCoverLabel wide): above the label's top, or,
	// pushed down there by the top bar, farther out than its half width.
	label := ty + 1.24*half - gap
	side := max(min(ty-h/2, label-h), area.y)
	out := half + 2*gap
	if side+h > label {
		out = max(out, maxCoverLabel/2/max(u.lay.scale, 1)+gap)
	}
	tries := []box{{tx - w/2, over, w, h}}
	for _, a := range avoid { // nudged off a, if still over the tile
		for _, x := range []float64{a.x + a.w + gap, a.x - gap - w} {
			if x < tx+half && x+w > tx-half {
				tries = append(tries, box{x, over, w, h})
			}
		}
	}
	tries = append(tries, box{tx + out, side, w, h}, box{tx - out - w, side, w, h}, box{tx - w/2, under, w, h})
	for _, b := range tries {
		ok := b.overlap(area) >= b.w*b.h-0.5
		for _, a := range avoid {
			ok = ok && b.overlap(a) == 0
		}
		if ok {
			return b
		}
	}
	return tries[0]
}

// drawHint draws the mode's help, or the hint line, in the bottom band,
// on up to two lines: the keys go first when there is no room for them.
func (u *actionUI) drawHint(dst *ebiten.Image) {
	f := u.env.Fonts
	p := &u.paint
	u.hintBox = box{}
	bx, by, _, room := u.hud.Band(u.finger)
	x, mid := bx+16, by+float64(systems.BottomBandH)/2
	text, keys, c, bold := u.hint, "", systems.ColorText, false
	if h := u.mode.Spec().Help; h != "" && u.mode != actions.Move && !u.playback.Busy() {
		text, c, bold = u.mode.String()+": "+h, systems.ColorAccent, true
		keys = "Esc / right-click: cancel"
		if u.finger {
			keys = "tap " + u.mode.String() + " again: cancel"
		}
	} else if u.hint == "" || u.bar.Tooltip() != "" {
		return
	} else {
		keys = "WASD / right-drag: pan   wheel: zoom   L: log   Esc: menu"
		if u.watch != nil {
			keys = "WASD / right-drag: pan   wheel: zoom   L: log"
		}
		if u.finger {
			keys = "drag: pan   pinch: zoom"
		}
	}
	const size, line = 14.0, 17.0
	var lines []string
	if one := text + "   ·   " + keys; f.Width(one, size, bold) <= room {
		lines = []string{one}
	} else if wr := systems.WrapText(f, text, size, room); len(wr) == 1 && f.Width(keys, size, false) <= room {
		lines = []string{text, keys}
	} else {
		lines = wr
		if len(lines) > 2 {
			lines = []string{lines[0], systems.Elide(f, strings.Join(lines[1:], " "), size, bold, room)}
		}
	}
	y := mid - float64(len(lines))*line/2
	for _, ln := range lines {
		u.hintBox.w = max(u.hintBox.w, f.Width(ln, size, bold && ln != keys))
	}
	u.hintBox.x, u.hintBox.y, u.hintBox.h = x, y, float64(len(lines))*line
	for i, ln := range lines {
		col := c
		if i > 0 && ln == keys {
			col = systems.ColorTextDim
		}
		p.Text(ln, size, bold && ln != keys, x, y+1, col, systems.AlignLeft)
		y += line
	}
	p.FlushText(dst, f)
}

// draw draws the log, the bar, Undo, the hint line and the targeting
// panel over the HUD; pointer is where the pointer is on the screen.
func (u *actionUI) draw(dst *ebiten.Image, pointer [2]float64) {
	f := u.env.Fonts
	p := &u.paint
	u.logPanel.Side, u.logPanel.All = u.fog.Viewer() // the log switches sides with the fog
	u.logPanel.Touch = u.finger
	u.logPanel.Draw(dst)
	u.drawHint(dst)
	u.bar.Mode = u.mode // as of this frame's input, not last tick's
	u.bar.Touch = u.finger
	if u.watch == nil { // a replay's orders are recorded: no bar, no Undo
		u.bar.Draw(dst)
	}
	if u.watch == nil && !u.computerPlays() {
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
	// The hit panel goes over the map, clear of the shooter and the
	// target.
	if tp := u.target; tp != nil {
		px, py, k := fitPanel(u.panelRoom(), tp.Width(), tp.Height())
		cx, cy := u.lay.point(u.cam.WorldToScreen(u.state.Board.TileCenter(u.targetAt)))
		u.targetRect = [4]float64{px, py, tp.Width() * k, tp.Height() * k}
		tp.HideSources = !u.env.prefs().ShowSources
		ptx, pty := u.lay.point(pointer[0], pointer[1])
		if k == 1 {
			tp.PointerX, tp.PointerY = ptx, pty
			tp.Draw(dst, p, f, px, py)
		} else {
			// Shrunk to find room: drawn whole on its own image, then
			// scaled into place.
			img := u.panelImage(tp.Width(), tp.Height())
			tp.PointerX, tp.PointerY = (ptx-px)/k, (pty-py)/k
			tp.Draw(img, p, f, 0, 0)
			p.FlushText(img, f)
			op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
			op.GeoM.Scale(k, k)
			op.GeoM.Translate(px, py)
			dst.DrawImage(img, op)
		}
		if tp.Err == nil {
			w, _ := systems.ChanceTagSize(f, tp.Preview)
			u.tagBox = u.chanceTagBox(cx, cy, w, box{px, py, u.targetRect[2], u.targetRect[3]})
			systems.DrawChanceTag(dst, p, f, u.tagBox.x+u.tagBox.w/2, u.tagBox.y, tp.Preview)
		}
		p.FlushText(dst, f)
	}
	u.fx.DrawScreen(dst, p, f, func(v rules.Vec) (float64, float64) { return u.lay.point(u.cam.WorldToScreen(v)) })
}

// panelImage returns a cleared image of at least w×h for the hit panel
// drawn shrunk, kept from frame to frame.
func (u *actionUI) panelImage(w, h float64) *ebiten.Image {
	iw, ih := int(w+1), int(h+1)
	if u.panelImg == nil || u.panelImg.Bounds().Dx() < iw || u.panelImg.Bounds().Dy() < ih {
		if u.panelImg != nil {
			u.panelImg.Deallocate()
		}
		u.panelImg = ebiten.NewImage(iw, ih)
	}
	u.panelImg.Clear()
	return u.panelImg
}

// computerPlays reports whether the computer plays the side to move
// here: Undo, like End Turn, is not offered then.
func (u *actionUI) computerPlays() bool { return u.watch == nil && u.players[u.state.Side] == Computer }

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
