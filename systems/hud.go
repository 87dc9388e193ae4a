package systems

import (
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/rules"
)

// HUD timings in ticks and sizes in screen pixels.
const (
	bannerTicks = 45
	toastTicks  = 150
	topBarH     = 48
	bottomBandH = 40 // the hint line, right of the left column
	cardW       = 290
	cardH       = 112
	margin      = 16
	// The top bar's buttons: End Turn at its right end, Undo left of it.
	endTurnW = 170
	undoW    = 140
	barBtnH  = topBarH - 8
	// cardMargin is the room under the unit card.
	cardMargin = 8
)

// HUDInfo is what the HUD shows this frame; the battle fills it from the
// rules state.
type HUDInfo struct {
	// Side is the side to move and Turn the turn number.
	Side rules.Side
	Turn int
	// EndAnyway is true once End Turn has asked whether to leave units
	// that could still act: the button then reads END ANYWAY.
	EndAnyway bool
	// Selected is the unit the player controls, or nil.
	Selected *rules.Unit
	// Hovered is the unit under the cursor when it is not Selected, or nil.
	Hovered *rules.Unit
	// Busy is true while an animation plays.
	Busy bool
	// Computer is true when the computer plays the side to move: the card
	// says so instead of asking the player to pick a unit.
	Computer bool
	// Replay is true while a replay plays: the card says so.
	Replay bool
	// Acting is the unit the event playing is about, when the side the
	// fog shows sees it (nil: none): with no unit selected the card shows
	// it.
	Acting *rules.Unit
	// Doing says what Acting does ("MOVING"): the card's title.
	Doing string
	// Hint is the contextual help line.
	Hint string
	// Objective is the side to move's objective and the turns it has
	// left, shown under the top bar ("": none).
	Objective string
	// Touch is true while a finger is the pointer: the HUD names the touch
	// controls, and shows the Menu button (a tap's Esc).
	Touch bool
	// TouchKeys are the buttons shown in the top bar while a finger is
	// the pointer, for controls that otherwise need a key.
	TouchKeys []TouchKey
	// World, when set, gives the health the cards show: the entities',
	// which the playback changes as each hit lands, so a card does not run
	// ahead of the shot (nil: the units' own).
	World *entities.World
}

// TouchKey is a button the HUD shows a finger for a control that the
// mouse and keyboard reach by a key (Tab, right click, Y, a replay's
// keys): a tap on it gives Intent.
type TouchKey struct {
	// Label is the button's text.
	Label string
	// Intent is what a tap on the button gives.
	Intent Intent
}

// HP returns the health the cards show for u.
func (info HUDInfo) HP(u *rules.Unit) int {
	if info.World != nil {
		if e := info.World.Unit(u.ID); e != nil {
			return e.Vitals.HP
		}
	}
	return u.HP
}

// HUD draws the battle's screen furniture: the top bar (turn, side to move,
// level name), unit cards, the End Turn button, the hint line, the
// turn-change banner and error toasts.
type HUD struct {
	// Fonts draws text.
	Fonts *Fonts
	// Shapes, when set, keeps the shapes it draws with other painters'
	// (Painter.Shapes; nil: its own).
	Shapes *ShapeStore
	// Title is the level's name.
	Title string
	// EndTurn is the End Turn button.
	EndTurn Button
	// Theme colours the sides.
	Theme Theme
	// Menu is the button that opens the pause menu, drawn (and live) only
	// while a finger is the pointer: the mouse and keys have Esc.
	Menu Button

	paint       Painter
	w, h        float64
	upright     bool // laid out for a screen held upright (hud_upright.go)
	barRows     int  // the rows of the action bar the upright dock holds
	banner      string
	bannerSub   string
	bannerColor color.RGBA
	bannerLeft  float64 // ticks
	toast       string
	toastOK     bool    // the message is good news (Note), not an error
	toastLeft   float64 // ticks
	// toastY is where the toast's box starts: under the objective's pill
	// when the last frame drew one, so the toast never covers it.
	toastY float64
	// objLines are the objective's lines as last drawn (objectiveLines).
	objLines []string
	// objective is the objective's pill as last drawn (x, y, w, h), and
	// pill and title the side to move's pill and the level's name.
	objective, pill, title [4]float64
	// titleShown is the level's name as last drawn (TopBarTitle).
	titleShown string
}

// EndTurnOffered reports whether the HUD shows the End Turn button: not
// in a replay, whose turns end as recorded, nor while the computer plays,
// when pressing it could only skip an animation.
func (info HUDInfo) EndTurnOffered() bool { return !info.Replay && !info.Computer }

// NewHUD returns a HUD for a w×h screen: the top bar across it with End
// Turn at its right end, the left column (the battle puts the log, the
// action bar and the unit card in it) and the bottom band right of the
// column, with the hint line and, for a finger, the Menu button. The map
// is framed in what they leave (Insets).
func NewHUD(f *Fonts, w, h float64, title string) *HUD {
	return &HUD{Fonts: f, Title: title, w: w, h: h,
		EndTurn: Button{X: w - margin - endTurnW, Y: 4, W: endTurnW, H: barBtnH, Label: "END TURN", Key: "E", Size: 18},
		Menu:    Button{X: w - margin - 110, Y: h - bottomBandH + 4, W: 110, H: bottomBandH - 8, Label: "MENU", Size: 18}}
}

// UndoButton returns the Undo button's place in the top bar, left of End
// Turn.
func (h *HUD) UndoButton() Button {
	if h.upright { // between Menu and End Turn
		return Button{X: h.Menu.X + h.Menu.W + uprightGap, Y: h.Menu.Y, W: h.Menu.W, H: h.Menu.H, Label: "UNDO", Key: "Ctrl+Z", Size: 18}
	}
	return Button{X: h.EndTurn.X - 8 - undoW, Y: 4, W: undoW, H: barBtnH, Label: "UNDO", Key: "Ctrl+Z", Size: 18}
}

// Band returns the bottom band's rectangle, right of the left column,
// and the width its hint line may take (the Menu button's room taken off
// while a finger is the pointer).
func (h *HUD) Band(touch bool) (x, y, w, hintW float64) {
	if h.upright { // across the top of the dock; Menu is lower down
		return 0, h.dock().band, h.w, h.w - 2*margin
	}
	x, y, w = LeftColumnW, h.h-bottomBandH, h.w-LeftColumnW
	hintW = w - 2*margin
	if touch {
		hintW = h.Menu.X - x - 2*margin
	}
	return x, y, w, hintW
}

// CardBox returns the unit card's rectangle at the bottom of the left
// column.
func CardBox(screenH float64) (x, y, w, h float64) {
	return margin, screenH - cardMargin - cardH, cardW, cardH
}

// HoverCardBox returns the rectangle of the hovered unit's card: in the
// map's corner over the bottom band, right of the left column.
func (h *HUD) HoverCardBox() (x, y, w, hh float64) {
	if h.upright {
		return uprightPad, h.dock().band - 8 - cardH, cardW, cardH
	}
	return LeftColumnW + 8, h.h - bottomBandH - 8 - cardH, cardW, cardH
}

// TopBarBoxes returns the rectangles of the top bar's texts as last
// drawn: the side to move's pill and the level's name (zero width: none).
func (h *HUD) TopBarBoxes() (pill, title [4]float64) { return h.pill, h.title }

// ObjectiveBox returns the objective's pill as last drawn (zero width:
// none).
func (h *HUD) ObjectiveBox() (x, y, w, hh float64) {
	return h.objective[0], h.objective[1], h.objective[2], h.objective[3]
}

// Banner shows a large centred message for a moment.
func (h *HUD) Banner(text, sub string, c color.RGBA) {
	h.banner, h.bannerSub, h.bannerColor, h.bannerLeft = text, sub, c, bannerTicks
}

// CutBanner fades the banner out now, if one is up: an order given under
// it shows its own effects, which the banner would cover.
func (h *HUD) CutBanner() { h.bannerLeft = min(h.bannerLeft, bannerTicks*0.15) }

// Toast shows a short message (an illegal command's reason) under the top bar.
func (h *HUD) Toast(text string) { h.toast, h.toastLeft, h.toastOK = text, toastTicks, false }

// Note shows a short message that something went well ("Saved") where
// Toast shows one, in green rather than the colours of an error.
func (h *HUD) Note(text string) { h.toast, h.toastLeft, h.toastOK = text, toastTicks, true }

// ToastIsNote reports whether the message shown now is a Note.
func (h *HUD) ToastIsNote() bool { return h.toastLeft > 0 && h.toastOK }

// ClearToast takes down the message shown now, if any.
func (h *HUD) ClearToast() { h.toastLeft = 0 }

// ToastText returns the message shown now, or "".
func (h *HUD) ToastText() string {
	if h.toastLeft <= 0 {
		return ""
	}
	return h.toast
}

// Where the touch keys go: in the top bar, right of the turn, as far as
// the side-to-move pill leaves room.
const (
	touchKeyX    = 120.0
	touchKeyGap  = 6.0
	touchKeyPad  = 22.0  // the label's margin, both sides together
	touchKeyEnd  = 110.0 // room left of the screen's centre for the pill
	touchKeySize = 16.0  // the labels' text size
)

// TouchKeyButtons lays keys out as the top bar's buttons, left to right;
// the ones that do not fit before the pill are left out.
func (h *HUD) TouchKeyButtons(keys []TouchKey) []Button {
	if h.upright {
		return h.uprightKeyButtons(keys)
	}
	var out []Button
	x := touchKeyX
	for _, k := range keys {
		w := h.Fonts.Width(k.Label, touchKeySize, true) + touchKeyPad
		if x+w > h.w/2-touchKeyEnd {
			break
		}
		out = append(out, Button{X: x, Y: 4, W: w, H: topBarH - 8, Label: k.Label, Size: touchKeySize})
		x += w + touchKeyGap
	}
	return out
}

// TouchKeyAt returns the intent of the touch key whose button is at the
// screen point (x, y), if any.
func (h *HUD) TouchKeyAt(keys []TouchKey, x, y float64) (Intent, bool) {
	for i, b := range h.TouchKeyButtons(keys) {
		if b.Contains(x, y) {
			return keys[i].Intent, true
		}
	}
	return Intent{}, false
}

// Covers reports whether the screen point (x, y) is on HUD furniture (the
// top bar, the left column, the bottom band, the hovered unit's card), so
// the map under it is not hovered or clicked.
func (h *HUD) Covers(x, y float64) bool {
	if h.upright {
		return y < uprightTopH || y >= h.dock().band
	}
	return y < topBarH || x < LeftColumnW || y >= h.h-bottomBandH
}

// LeftColumnW is the width of the screen's left column at an interface
// size of 100%: the combat log, the action bar and the unit card (the
// battle lays them out there). The map is framed right of it.
const LeftColumnW = margin + cardW + 10

// TopBarH is the height of the top bar at an interface size of 100%.
const TopBarH = topBarH

// UnitCardH is the height of the unit card at the bottom of the left
// column.
const UnitCardH = cardH

// Insets returns the heights of the top bar and the bottom band, for the
// camera to frame the map between (and right of LeftColumnW).
func (h *HUD) Insets() (top, bottom float64) {
	_, y, _, hh := h.MapBox()
	return y, h.h - y - hh
}

// BannerText returns the banner shown now, or "".
func (h *HUD) BannerText() string {
	if h.bannerLeft <= 0 {
		return ""
	}
	return h.banner
}

// Update ticks the HUD's timers one tick (StepSeconds) and tracks the
// cursor over the button.
func (h *HUD) Update(in []Intent) { h.Advance(in, StepSeconds) }

// Timed reports whether the banner or a toast is up: they change the
// picture as their time runs out, with no input (a screen that redraws
// only on change must keep drawing while one is).
func (h *HUD) Timed() bool { return h.bannerLeft > 0 || h.toastLeft > 0 }

// Advance runs the HUD's timers (the banner, the toast) down by dt
// seconds and tracks the cursor over the button.
func (h *HUD) Advance(in []Intent, dt float64) {
	if it, ok := Find(in, IntentHover); ok {
		h.EndTurn.Hover = h.EndTurn.Contains(it.X, it.Y)
	}
	k := Ticks(dt)
	if h.bannerLeft > 0 {
		h.bannerLeft = max(h.bannerLeft-k, 0)
	}
	if h.toastLeft > 0 {
		h.toastLeft = max(h.toastLeft-k, 0)
	}
}

// Draw draws the HUD for info onto dst.
func (h *HUD) Draw(dst *ebiten.Image, info HUDInfo) {
	p, f := &h.paint, h.Fonts
	p.Shapes = h.Shapes
	side := h.Theme.Side(info.Side)

	// The left column and the bottom band: solid, so the map shows only
	// in the part of the screen they leave.
	bx, by, bw, _ := h.Band(info.Touch)
	if h.upright {
		p.Rect(dst, 0, by, h.w, h.h-by, colorColumn)
	} else {
		p.Rect(dst, 0, topBarH, LeftColumnW, h.h-topBarH, colorColumn)
		p.Rect(dst, bx, by, bw, bottomBandH, colorColumn)
		p.Rect(dst, LeftColumnW-1, topBarH, 1, h.h-topBarH, ColorPanelEdge)
	}
	p.Rect(dst, bx, by, bw, 1, ColorPanelEdge)

	// Top bar: the turn and the level on the left (drawTitle), the side
	// to move in the middle, Undo (the battle draws it) and End Turn on
	// the right.
	top := h.barH()
	mid := top/2 - topBarH/2 // the bar's texts, centred in it
	// Solid: a map zoomed in to follow a shot never shows through it.
	p.Rect(dst, 0, 0, h.w, top, ColorPanelSolid)
	p.Rect(dst, 0, top-2, h.w, 2, side)
	turn := "TURN " + strconv.Itoa(info.Turn)
	p.Text(turn, 20, true, margin+4, mid+12, ColorText, AlignLeft)
	pill := strings.ToUpper(info.Side.String()) + " TO MOVE"
	pw := f.Width(pill, 18, true)
	turnEnd := margin + 4 + f.Width(turn, 20, true)
	px := h.statusX(pw, turnEnd)
	h.title, h.titleShown = [4]float64{}, ""
	tx := turnEnd + 18
	if info.Touch {
		for _, b := range h.TouchKeyButtons(info.TouchKeys) {
			b.Color = Shade(side, 0.6)
			b.Draw(dst, p)
			tx = max(tx, b.X+b.W+touchKeyGap)
		}
		h.Menu.Color = Shade(side, 0.6)
		h.Menu.Draw(dst, p)
	}
	h.drawTitle(p, tx, mid, px, pw)
	// A status, not a button: the words in the side's colour, underlined,
	// straight on the bar (a filled pill read as one more thing to press).
	h.pill = [4]float64{px, mid + 8, pw, 32}
	p.Text(pill, 18, true, px+pw/2, mid+23, Shade(side, 1.35), AlignCenter)
	p.Rect(dst, px, mid+36, pw, 3, side)
	h.drawObjective(dst, p, info.Objective, top, side)

	// Unit cards.
	cx, y, cw, _ := h.UnitCardBox()
	title, u, lines := info.Card()
	if u != nil {
		h.drawCard(dst, cx, y, cw, title, u, info.HP(u))
	} else {
		pn := Panel{X: cx, Y: y, W: cw, H: cardH, Title: title, Accent: side}
		pn.Draw(dst, p)
		for i, l := range lines {
			c := ColorText
			if i > 0 {
				c = ColorTextDim
			}
			p.Text(l, 16, false, cx+18, y+44+22*float64(i), c, AlignLeft)
		}
	}
	if info.Hovered != nil {
		title := "UNDER CURSOR"
		if info.Touch {
			title = "TAPPED"
		}
		hx, hy, hw, _ := h.HoverCardBox()
		h.drawCard(dst, hx, hy, hw, title, info.Hovered, info.HP(info.Hovered))
	}

	// End Turn button and hint.
	h.EndTurn.Color = Shade(side, 0.85)
	h.EndTurn.Disabled = info.Busy
	h.EndTurn.Label = "END TURN"
	h.EndTurn.Key = "E"
	if info.Touch {
		h.EndTurn.Key = ""
	}
	if info.EndAnyway {
		h.EndTurn.Label = "END ANYWAY"
	}
	if info.EndTurnOffered() {
		h.EndTurn.Draw(dst, p)
	}
	if info.Hint != "" {
		// A hint the battle did not draw itself goes in the band.
		_, _, _, hw := h.Band(info.Touch)
		p.Text(Elide(f, info.Hint, 14, false, hw), 14, false, bx+margin, by+bottomBandH/2-9, ColorText, AlignLeft)
	}

	h.drawToast(dst)
	h.drawBanner(dst)
	p.FlushText(dst, f)
}

// statusClear is the least room between the side to move and what is
// beside it in the top bar (the turn, Undo).
const statusClear = 24.0

// statusX returns the left of the side to move's words, pw wide: centred
// on the screen, or moved left of Undo (or right of the turn, which ends
// at turnEnd) by as much as it would come closer than statusClear.
func (h *HUD) statusX(pw, turnEnd float64) float64 {
	x := h.w/2 - pw/2
	if !h.upright {
		x = min(x, h.UndoButton().X-statusClear-pw)
	}
	return max(x, turnEnd+statusClear)
}

// drawCard draws a unit's card w wide, its HP bar showing hp.
func (h *HUD) drawCard(dst *ebiten.Image, x, y, w float64, title string, u *rules.Unit, hp int) {
	p := &h.paint
	side := h.Theme.Side(u.Side)
	pn := Panel{X: x, Y: y, W: w, H: cardH, Title: title, Accent: side}
	pn.Draw(dst, p)
	p.Text(u.Name, 20, true, x+18, y+28, ColorText, AlignLeft)
	kind := u.Stance.String()
	if u.Size >= 2 {
		kind = "mech, " + kind
	}
	p.Text(kind, 14, false, x+w-14, y+33, ColorTextDim, AlignRight)

	// AP pips.
	p.Text("AP", 13, true, x+18, y+62, ColorTextDim, AlignLeft)
	for i := 0; i < u.MaxAP; i++ {
		cx := x + 54 + float64(i)*20
		if i < u.AP {
			p.Circle(dst, cx, y+70, 7, ColorAccent)
		} else {
			p.Circle(dst, cx, y+70, 7, color.RGBA{0x1f, 0x29, 0x37, 0xff})
		}
		p.Ring(dst, cx, y+70, 7, 1.5, ColorOutline)
	}
	p.Text(strconv.Itoa(u.AP)+"/"+strconv.Itoa(u.MaxAP), 13, false, x+w-14, y+62, ColorTextDim, AlignRight)

	// HP bar.
	p.Text("HP", 13, true, x+18, y+84, ColorTextDim, AlignLeft)
	bx, bw := x+46, w-46-60.0
	p.RoundRect(dst, bx, y+86, bw, 12, 4, 0, color.RGBA{0x1f, 0x29, 0x37, 0xff})
	if u.MaxHP > 0 && hp > 0 {
		c := colorPipFull
		if hp*2 <= u.MaxHP {
			c = colorPipLow
		}
		p.RoundRect(dst, bx, y+86, bw*float64(hp)/float64(u.MaxHP), 12, 4, 0, c)
	}
	p.Text(strconv.Itoa(hp)+"/"+strconv.Itoa(u.MaxHP), 13, false, x+w-14, y+84, ColorTextDim, AlignRight)

	// Weapon in hand, on the title row.
	wc := ColorText
	if h := u.Hand; h.Empty() || (!h.Weapon.Melee && h.Weapon.Magazine > 0 && h.Ammo == 0) || u.TwoWeapons() && u.OffHand.Ammo == 0 {
		wc = ColorError
	}
	p.Text(WeaponText(u), 14, true, x+w-14, y+9, wc, AlignRight)
}

// WeaponText names the weapon u holds with its ammunition: "rifle 18/20",
// "knife" for a melee weapon, "empty hands" when it holds nothing, and
// both weapons of a unit fighting with two: "smg 30/30 + pistol 12/12".
func WeaponText(u *rules.Unit) string {
	if u.Hand.Empty() {
		return "empty hands"
	}
	if u.TwoWeapons() {
		return carriedText(u.Hand) + " + " + carriedText(u.OffHand)
	}
	return carriedText(u.Hand)
}

// carriedText names a carried weapon with its rounds when it has any.
func carriedText(h rules.Carried) string {
	if h.Weapon.Melee || h.Weapon.Magazine <= 0 {
		return h.Weapon.Name
	}
	return h.Weapon.Name + " " + strconv.Itoa(h.Ammo) + "/" + strconv.Itoa(h.Weapon.Magazine)
}

// colorColumn fills the left column and the bottom band.
var colorColumn = color.RGBA{0x0d, 0x13, 0x1c, 0xff}

// toastTop is where the toast's box starts with no objective shown.
const toastTop = topBarH + 12

// ToastBottom is the lowest the toast's box reaches on screen, below the
// objective's pill: what a panel under the top bar starts below.
const ToastBottom = topBarH + 6 + 26 + 6 + 32

// ToastBox returns the toast's box as last drawn (y, height), for tests
// that check it covers nothing.
func (h *HUD) ToastBox() (y, height float64) { return h.toastY, 32 }

func (h *HUD) drawToast(dst *ebiten.Image) {
	if h.toastLeft <= 0 {
		return
	}
	a := min(1, float64(h.toastLeft)/30)
	w := h.Fonts.Width(h.toast, 16, false) + 32
	x := h.w/2 - w/2
	fill, edge := color.NRGBA{0x45, 0x0a, 0x0a, uint8(0xe0 * a)}, WithAlpha(ColorError, uint8(0xff*a))
	if h.toastOK {
		fill, edge = color.NRGBA{0x0a, 0x35, 0x1e, uint8(0xe0 * a)}, WithAlpha(color.RGBA{0x4a, 0xde, 0x80, 0xff}, uint8(0xff*a))
	}
	y := h.toastY
	if y == 0 {
		y = toastTop
	}
	h.paint.RoundRect(dst, x, y, w, 32, 8, 0, fill)
	h.paint.RoundRect(dst, x, y, w, 32, 8, 1.5, edge)
	h.paint.Text(h.toast, 16, false, h.w/2, y+16, WithAlpha(ColorText, uint8(0xff*a)), AlignCenter)
}

func (h *HUD) drawBanner(dst *ebiten.Image) {
	if h.bannerLeft <= 0 {
		return
	}
	// In fast, hold briefly, then fade out over the second half.
	t := (bannerTicks - h.bannerLeft) / bannerTicks
	a := min(1, t*9, (1-t)*1.8)
	y := h.h/2 - 42
	if h.upright { // over the map, not the dock
		_, my, _, mh := h.MapBox()
		y = my + mh/2 - 42
	}
	h.paint.Rect(dst, 0, y, h.w, 84, color.NRGBA{0x0b, 0x10, 0x18, uint8(0xb0 * a)})
	h.paint.Rect(dst, 0, y, h.w, 3, WithAlpha(h.bannerColor, uint8(0xff*a)))
	h.paint.Rect(dst, 0, y+81, h.w, 3, WithAlpha(h.bannerColor, uint8(0xff*a)))
	h.paint.Text(h.banner, 40, true, h.w/2, y+34, WithAlpha(Shade(h.bannerColor, 1.3), uint8(0xff*a)), AlignCenter)
	h.paint.Text(h.bannerSub, 16, false, h.w/2, y+66, WithAlpha(ColorTextDim, uint8(0xff*a)), AlignCenter)
}

// Card returns what the unit card shows: its title and either a unit
// (the selected one, or with none selected the one acting while events
// play) or the lines of a panel. Input waits while another side, a replay
// or events play: the card then never asks for a unit.
func (info HUDInfo) Card() (title string, u *rules.Unit, lines []string) {
	skip := "Space skips an animation."
	if info.Touch {
		skip = "A tap skips an animation."
	}
	switch {
	case info.Selected != nil:
		return "SELECTED", info.Selected, nil
	case info.Acting != nil && (info.Busy || info.Computer || info.Replay):
		return info.Doing, info.Acting, nil
	case info.Replay:
		return "REPLAY", nil, []string{"Both sides play as recorded.", "The fog shows the view chosen."}
	case info.Computer:
		return "THE COMPUTER PLAYS", nil, []string{info.Side.String() + " is thinking and moving.", skip}
	case info.Busy:
		return "PLAYING OUT", nil, []string{"Orders wait until it ends.", skip}
	case info.Touch:
		return "NO UNIT SELECTED", nil, []string{"Tap one of your units."}
	}
	return "NO UNIT SELECTED", nil, []string{"Click one of your units", "or press Tab."}
}

// Doing names what an event shows a unit doing, for the card's title.
func Doing(ev rules.Event) string {
	switch ev.(type) {
	case rules.Moved, rules.Vaulted, rules.PiledThrough, rules.Dived:
		return "MOVING"
	case rules.Fired, rules.Aimed, rules.Suppressed:
		return "FIRING"
	case rules.Damaged:
		return "HIT"
	case rules.Killed, rules.Fell:
		return "DOWN"
	case rules.OverwatchSet, rules.CoveringZoneSet:
		return "ON WATCH"
	case rules.Reloaded:
		return "RELOADING"
	}
	return "ACTING"
}
