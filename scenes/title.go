package scenes

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// titleLevel is the shipped level drawn, dimmed, behind the title: the
// battles' own tiles and tokens, so the title shares their look.
const titleLevel = "maps/outpost.tmx"

// Title is the opening screen: the name and a tagline over a dimmed
// shipped level, and the choices: Continue (the newest save), Campaign,
// the skirmishes (vs computer, hot-seat, watching) and Load.
type Title struct {
	env   *Env
	tick  int
	menu  systems.Menu
	last  *match.Replay // the newest readable save, or nil
	note  string        // why Continue failed, shown under the menu
	paint systems.Painter
	back  *ebiten.Image // the dimmed level behind the title, drawn once
	tried bool          // the backdrop was tried (it is decoration: a failure leaves the plain fill)
	touch bool          // a finger was the last pointer: no key hints
	w, h  float64       // the screen it is laid out on (fit)
}

// NewTitle returns the title screen.
func NewTitle(env *Env) *Title {
	env.closeOnline() // a battle online was left for the title
	t := &Title{env: env, touch: env.Finger, paint: env.painter()}
	saves := listSaves(env)
	cont := systems.MenuItem{Label: "Continue", Disabled: true, Note: "no saved battle yet"}
	if len(saves) > 0 && saves[0].replay != nil {
		t.last = saves[0].replay
		cont = saves[0].item()
		cont.Label = clip("Continue · "+saves[0].replay.Level.Name, 30)
	}
	cont.Short = "Continue"
	t.menu.Items = []systems.MenuItem{cont,
		{Label: "Campaign", Note: "the levels in order, each teaching one cover system"},
		{Label: "Play vs computer", Short: "Vs computer", Note: "you are Blue and move first"},
		{Label: "Play vs computer as Red", Short: "Vs computer, Red", Note: "the computer is Blue and moves first"},
		{Label: "Hot-seat", Note: "two players, one screen"},
		{Label: "Watch the computer", Short: "Watch", Note: "the computer plays both sides"},
		{Label: "Load", Disabled: len(saves) == 0, Note: loadNote(len(saves))},
		{Label: "Settings", Note: "sound, animations, fullscreen, interface size, colours"},
		{Label: "Play online", Short: "Online", Note: "a friend on another machine: send a link, play when you like"}}
	t.note, env.Notice = env.Notice, "" // shown once
	t.fit()
	if t.last == nil {
		t.menu.Update(nil, t.w, t.h) // the focus skips the greyed Continue
	}
	return t
}

// Name returns "title".
func (t *Title) Name() string { return "title" }

// Update runs the menu: Continue resumes the newest save, the games
// against the computer, Hot-seat and watching the computer open the level
// select for those players, Load lists the saves, Play online opens
// online play. Keys 1-9 pick an item.
// F1, ? or a finger's Help button opens the help card over it.
func (t *Title) Update(m *Manager, in []systems.Intent) error {
	t.Tick(m, in)
	t.fit()
	if systems.Has(in, systems.IntentHelp) || t.helpShown() && helpTapped(t.helpButton(), in) {
		m.Push(newHelp(m.Env, nil))
		return nil
	}
	switch t.menu.Update(in, t.w, t.h) {
	case 0:
		fail := func(m *Manager, err error) {
			t.note = "Continue: " + match.SafeText(err.Error())
			m.GoTo(t)
		}
		rs, err := NewResuming(m.Env, t.last, fail)
		if err != nil {
			t.note = "Continue: " + match.SafeText(err.Error())
			return nil
		}
		m.GoTo(rs)
	case 1:
		m.GoTo(NewCampaignSelect(m.Env))
	case 2:
		m.GoTo(NewLevelSelectFor(m.Env, [2]Player{Human, Computer}))
	case 3:
		m.GoTo(NewLevelSelectFor(m.Env, [2]Player{Computer, Human}))
	case 4:
		m.GoTo(NewLevelSelect(m.Env))
	case 5:
		m.GoTo(NewLevelSelectFor(m.Env, [2]Player{Computer, Computer}))
	case 6:
		m.GoTo(NewLoad(m.Env, nil))
	case 7:
		m.GoTo(NewSettings(m.Env, t))
	case 8:
		m.GoTo(NewOnlineMenu(m.Env))
	}
	return nil
}

// Tick advances the backdrop's drift and follows which pointer was used
// last, under the help card too.
func (t *Title) Tick(_ *Manager, in []systems.Intent) {
	t.tick++
	t.touch = t.env.notePointer(in)
}

// menuTop is where the title's menu starts, under the name.
const menuTop = 246

// The title's menu on a small window (a phone's page): two columns of
// items at least minTap page pixels high, with larger text, the Help
// button in the place after the last item.
const (
	phoneItemH    = 84.0
	phoneItemW    = 560.0
	phoneGap      = 10.0
	phoneLabel    = 34.0
	phoneNote     = 19.0
	phoneMenuFoot = 12.0 // the room under the last row
)

// fit lays the menu out for the window: one column under the name on a
// desktop, two columns of larger items on a small window.
func (t *Title) fit() {
	m := &t.menu
	m.Compact = false
	t.w, t.h = t.screenSize()
	if t.tall() {
		t.fitTall()
		return
	}
	if !t.env.small() {
		m.Top, m.ItemH, m.Gap, m.ItemW, m.Columns, m.TextSize, m.NoteSize = menuTop, 48, 4, 0, 0, 0, 0
		return
	}
	if t.env.upright() {
		t.fitUpright()
		return
	}
	h := t.env.tapH(phoneItemH)
	rows := (len(m.Items) + 2) / 2 // the items and Help
	m.ItemH, m.Gap, m.ItemW, m.Columns, m.TextSize, m.NoteSize = h, phoneGap, phoneItemW, 2, phoneLabel, phoneNote
	m.Top = ScreenHeight - phoneMenuFoot - float64(rows)*(h+phoneGap) + phoneGap
}

// nameY returns the centre line the title's name is drawn about: above
// the menu.
func (t *Title) nameY() float64 {
	if t.tall() {
		return t.tallNameY()
	}
	if t.env.upright() {
		return uprightNameY
	}
	if t.env.small() {
		return t.menu.Top - 150
	}
	return menuTop - 178
}

// nameSizes returns the sizes of the title's name and tagline, and how
// far under nameY the tagline's centre is: smaller on a small window,
// where the menu's items take more of the screen.
func (t *Title) nameSizes() (name, tag, tagDown float64) {
	if t.tall() {
		return tallName, tallTag, 8 + tallName/2 + tallTagGap + 0.65*tallTag
	}
	if t.env.upright() {
		return uprightName, 0, uprightName/2 + 12 // no tagline: no room
	}
	if t.env.small() {
		return 88, 28, 80
	}
	return 112, 24, 96
}

// drawBackdrop renders titleLevel, its units in their spawns, dimmed and
// a little larger than the screen (it drifts), into t.back. It runs after
// the first frame, so loading the level does not hold up the title, and
// once an Env: a later title shows the same image.
func (t *Title) drawBackdrop() {
	t.tried = true
	if t.env.titleBack != nil {
		t.back = t.env.titleBack
		return
	}
	if t.env.Levels == nil {
		return
	}
	lv, err := levels.Load(t.env.Levels, titleLevel)
	if err != nil {
		return
	}
	setup := SetupFromLevel(lv)
	b := lv.State.Board
	w, h := float64(b.Width*b.TileSize), float64(b.Height*b.TileSize)
	bw, bh := float64(ScreenWidth)+2*titleDrift, float64(ScreenHeight)
	zoom := max(bw/w, bh/h)
	cam := systems.NewCamera(bw, bh, w, h)
	cam.MinZoom, cam.Zoom = zoom, zoom
	cam.CenterOn(w/2, h/2)
	rend := systems.Renderer{Terrain: systems.NewTerrain(setup.Terrain)}
	world := entities.NewWorld(lv.State)
	t.back = systems.NewLayer(int(bw), int(bh))
	v := &systems.View{Cam: cam, Board: b, Paint: &t.paint, Fonts: t.env.Fonts}
	rend.Draw(t.back, v, world, &systems.Overlays{})
	t.paint.Rect(t.back, 0, 0, bw, bh, color.NRGBA{0x0b, 0x10, 0x18, 0xc8})
	t.env.titleBack = t.back
}

// The sight line struck through the title's name: its ends' reach either
// side of the centre and their circles' radius. The red end is near the
// browser page's top right corner, where the page's Import button stands
// (wasm/index.html, short on a small page; TestPhoneTitleClearOfImport).
const (
	markReach = 420.0
	markR     = 14.0
)

// sightMark returns the ends of the sight line struck through the name:
// the blue one, left of the name's start, and the red one, past its end.
func (t *Title) sightMark() (bx, by, rx, ry float64) {
	cx, cy := t.w/2, t.nameY()
	if t.tall() {
		return cx - tallReach, cy + 30, cx + tallReach, cy - 14
	}
	if t.env.upright() {
		return cx - markReach, cy + 26, cx + markReach, cy - 10
	}
	return cx - markReach, cy + 40, cx + markReach, cy - 30
}

// frameKey returns what the title shows that changes by itself: the
// backdrop drifting, once a Draw has drawn it (until then each frame is
// drawn). It is drawn unscaled with the nearest filter, so its picture
// changes when its offset passes half a pixel; on the tall title, where
// it is scaled, any change may show, and each frame is drawn.
func (t *Title) frameKey() (any, bool) {
	if !t.tried || t.tall() {
		return nil, false
	}
	return math.Floor(-titleDrift - titleDrift*math.Sin(float64(t.tick)/400) + 0.5), true
}

// titleDrift is how far, in screen pixels, the backdrop drifts each way.
const titleDrift = 28

// Draw draws the backdrop, the name and the prompt.
func (t *Title) Draw(dst *ebiten.Image) {
	f := t.env.Fonts
	if !t.tried && t.tick > 1 {
		t.drawBackdrop()
	}
	dst.Fill(systems.ColorBackground)
	t.fit()
	if t.tall() {
		t.drawTall(dst)
		return
	}
	if t.back != nil {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(-titleDrift-titleDrift*math.Sin(float64(t.tick)/400), 0)
		dst.DrawImage(t.back, op)
	}

	// The name sits above the menu.
	t.fit()
	cx, cy := float64(ScreenWidth)/2, t.nameY()
	nameSize, tagSize, tagDown := t.nameSizes()
	t.drawSightMark(dst)

	f.Draw(dst, "SIGHTLINE", nameSize, true, cx+4, cy+14, color.NRGBA{0, 0, 0, 0xa0}, systems.AlignCenter)
	f.Draw(dst, "SIGHTLINE", nameSize, true, cx, cy+8, systems.ColorText, systems.AlignCenter)
	if tagSize > 0 {
		f.Draw(dst, titleTagline, tagSize, false, cx, cy+tagDown, systems.ColorTextDim, systems.AlignCenter)
	}
	t.menu.DrawItems(dst, &t.paint, f, ScreenWidth, ScreenHeight)
	if t.note != "" {
		f.Draw(dst, t.note, 15, false, cx, ScreenHeight-9, systems.ColorAccent, systems.AlignCenter)
	}
	if t.helpShown() {
		b := t.helpButton()
		b.Draw(dst, &t.paint)
		t.paint.FlushText(dst, f)
	} else {
		f.Draw(dst, "F1 or ?: help", 14, false, ScreenWidth-14, ScreenHeight-24, systems.ColorTextDim, systems.AlignRight)
	}
}

// titleTagline is the line under the title's name.
const titleTagline = "A turn-based tactics game of cover and line of sight"

// loadNote is the title's line under Load: how many saves there are.
func loadNote(n int) string {
	switch n {
	case 0:
		return "no saves yet"
	case 1:
		return "one save"
	}
	return strconv.Itoa(n) + " saves"
}

// helpButton is the title's Help button, shown to a finger, which has no
// F1: bottom right, clear of the menu, filled as the menu's items without
// the focus (it takes none, and a brighter fill would look chosen).
func helpButton() systems.Button {
	return systems.Button{X: ScreenWidth - 16 - 100, Y: ScreenHeight - 16 - 40, W: 100, H: 40, Label: itemHelp, Size: 16, Color: systems.MenuItemColor}
}

// helpShown reports whether the title shows its Help button: to a finger,
// and always on a small window (a phone's page has no F1).
func (t *Title) helpShown() bool { return t.touch || t.env.small() }

// helpButton returns the title's Help button: helpButton's, or on a small
// window the menu's next place, as large as its items.
func (t *Title) helpButton() systems.Button {
	t.fit()
	if !t.env.small() {
		return helpButton()
	}
	b := t.menu.Slot(len(t.menu.Items), t.w, t.h)
	b.Label, b.Size, b.Color = itemHelp, phoneLabel, systems.MenuItemColor
	if t.tall() {
		b.Size = tallLabel
	} else if t.env.upright() {
		b.Size = uprightLabel
	}
	return b
}

// helpTapped reports whether in holds a tap on the Help button b.
func helpTapped(b systems.Button, in []systems.Intent) bool {
	for _, it := range in {
		if it.Kind == systems.IntentClick && it.Touch && b.Contains(it.X, it.Y) {
			return true
		}
	}
	return false
}

// drawSightMark draws the sight line struck through the name: a Blue and
// a Red marker joined by a shot's line.
func (t *Title) drawSightMark(dst *ebiten.Image) {
	bx, by, rx, ry := t.sightMark()
	t.paint.Line(dst, bx, by, rx, ry, 3, color.NRGBA{0xfa, 0xcc, 0x15, 0x90})
	t.paint.Circle(dst, bx, by, markR, t.env.Theme().Side(rules.SideBlue))
	t.paint.Ring(dst, bx, by, markR, 3, systems.ColorOutline)
	t.paint.Circle(dst, rx, ry, markR, t.env.Theme().Side(rules.SideRed))
	t.paint.Ring(dst, rx, ry, markR, 3, systems.ColorOutline)
}
