package scenes

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/settings"
	"sightline/systems"
)

// prefs returns the player's settings: Env.Settings, or the defaults
// while it is the zero value (tests, tools).
func (e *Env) prefs() settings.Settings {
	if e.Settings.Version == 0 {
		return settings.Default()
	}
	return e.Settings
}

// smallWindow is the fraction of the 1280×720 screen under which a window
// is small: the screen is shown shrunk so much that text at 100% is
// hard to read (a phone's page, sideways, shows it at about 0.54).
const smallWindow = 0.75

// uiScale returns the interface's size the battle's furniture is drawn
// at: the settings', or the largest on a small window (Window).
func (e *Env) uiScale() float64 {
	s := e.prefs().Scale()
	if e.small() {
		s = max(s, float64(settings.UIScales[len(settings.UIScales)-1])/100)
	}
	return s
}

// Theme returns the palette the settings ask for: blue and orange sides
// for colour-blind players, else the standard blue and red.
func (e *Env) Theme() systems.Theme {
	if e.prefs().ColorBlind {
		return systems.ColorBlindTheme()
	}
	return systems.Theme{}
}

// storage returns the store as a settings.Storage (nil without one).
func (e *Env) storage() settings.Storage {
	if e.Store == nil {
		return nil
	}
	return e.Store
}

// LoadSettings reads the settings kept in the env's store into Settings
// and applies them. A file that cannot be read leaves the defaults (or
// its backup) in force and its error in Notice, for the title to show
// once; the error is returned too, for a log line.
func (e *Env) LoadSettings() error {
	s, err := settings.Load(e.storage())
	e.Settings = s
	if err != nil {
		e.Notice = err.Error()
	}
	e.ApplySettings()
	return err
}

// ApplySettings puts the settings the sound and the window follow into
// force: the volumes and fullscreen. The scenes read the others as they
// draw (Theme, the UI scale, the animations' pace, rule sources).
func (e *Env) ApplySettings() {
	s := e.prefs()
	e.Audio.SetVolumes(systems.Volumes{Master: s.Master, Effects: s.Effects, Ambient: s.Ambient})
	if e.SetFullscreen != nil {
		e.SetFullscreen(s.Fullscreen)
	}
}

// SaveSettings keeps the settings in the env's store (nothing without
// one).
func (e *Env) SaveSettings() error { return settings.Save(e.storage(), e.prefs()) }

// Settings is the settings screen: one row a setting, changed with
// Left/Right (or a click on the row's arrows or value), Up/Down to move,
// Enter to step a row's value on, Esc or Back to return. Each change is
// applied and saved at once.
type Settings struct {
	env   *Env
	back  Scene   // the screen to return to
	over  []Scene // the overlays over back to return to (the pause menu)
	focus int
	note  string // why the last save failed ("": it did not)
	paint systems.Painter
}

// NewSettings returns the settings screen, which returns to back with
// the overlays over (the battle under its pause menu).
func NewSettings(env *Env, back Scene, over ...Scene) *Settings {
	return &Settings{env: env, back: back, over: over, paint: env.painter()}
}

// Name returns "settings".
func (s *Settings) Name() string { return "settings" }

// settingRow is one row of the screen: its label, its value as shown, a
// line saying what it does, and how it steps (d is -1 or +1).
type settingRow struct {
	label, note string
	value       func(settings.Settings) string
	step        func(*settings.Settings, int)
}

// volumeStep is how much one press changes a volume.
const volumeStep = 0.1

// stepVolume moves v by d steps, kept in [0, 1] and on the tenths.
func stepVolume(v *float64, d int) {
	*v = min(max(math.Round((*v+float64(d)*volumeStep)*10)/10, 0), 1)
}

// stepIn moves cur to its neighbour d places along list, stopping at the
// ends (a value not in the list goes to the list's first).
func stepIn[T comparable](list []T, cur T, d int) T {
	i := slices.Index(list, cur)
	if i < 0 {
		return list[0]
	}
	return list[min(max(i+d, 0), len(list)-1)]
}

func percentOf(v float64) string { return fmt.Sprintf("%d%%", int(math.Round(v*100))) }

func onOff(b bool) string {
	if b {
		return "On"
	}
	return "Off"
}

// settingRows are the screen's rows, top to bottom; Back follows them.
var settingRows = []settingRow{
	{"Master volume", "Everything the game plays; at 0% it is silent.",
		func(s settings.Settings) string { return percentOf(s.Master) },
		func(s *settings.Settings, d int) { stepVolume(&s.Master, d) }},
	{"Effects volume", "Shots, hits, footsteps and the interface's clicks.",
		func(s settings.Settings) string { return percentOf(s.Effects) },
		func(s *settings.Settings, d int) { stepVolume(&s.Effects, d) }},
	{"Ambient volume", "The wind under everything.",
		func(s settings.Settings) string { return percentOf(s.Ambient) },
		func(s *settings.Settings, d int) { stepVolume(&s.Ambient, d) }},
	{"Animation speed", "How fast moves, shots and their captions play.",
		func(s settings.Settings) string { return fmt.Sprintf("%g×", s.AnimSpeed) },
		func(s *settings.Settings, d int) { s.AnimSpeed = stepIn(settings.AnimSpeeds, s.AnimSpeed, d) }},
	{"Skip animations", "Show each order's outcome at once; the log still tells it.",
		func(s settings.Settings) string { return onOff(s.SkipAnimations) },
		func(s *settings.Settings, d int) { s.SkipAnimations = !s.SkipAnimations }},
	{"Fullscreen", "Fill the screen (in the browser, the page asks first).",
		func(s settings.Settings) string { return onOff(s.Fullscreen) },
		func(s *settings.Settings, d int) { s.Fullscreen = !s.Fullscreen }},
	{"Interface size", "The battle's panels, buttons and their text.",
		func(s settings.Settings) string { return fmt.Sprintf("%d%%", s.UIScale) },
		func(s *settings.Settings, d int) { s.UIScale = stepIn(settings.UIScales, s.UIScale, d) }},
	{"Side colours", "Blue and orange can be told apart with any colour vision.",
		func(s settings.Settings) string {
			if s.ColorBlind {
				return "Blue & orange"
			}
			return "Blue & red"
		},
		func(s *settings.Settings, d int) { s.ColorBlind = !s.ColorBlind }},
	{"Rule sources", "On the hit panel, the rule each modifier comes from: always, or under the pointer.",
		func(s settings.Settings) string {
			if s.ShowSources {
				return "Shown"
			}
			return "On hover"
		},
		func(s *settings.Settings, d int) { s.ShowSources = !s.ShowSources }},
	{"Follow the action", "Before a shot you did not order, the camera shows shooter and target.",
		func(s settings.Settings) string { return onOff(!s.StillCamera) },
		func(s *settings.Settings, d int) { s.StillCamera = !s.StillCamera }},
}

// sideColoursRow is the index of the side colours' row, which shows a
// swatch.
const sideColoursRow = 7

// The screen's layout.
const (
	setTop   = 112.0
	setRowH  = 44.0
	setGap   = 5.0
	setW     = 760.0
	setValW  = 250.0 // the value box, arrows included
	setArrow = 36.0  // each arrow's clickable width
)

// The lines under the rows: the focused row's note and where the
// settings are kept, their centres and text sizes.
const (
	setNoteSize = 16.0
	setKeptY    = ScreenHeight - 14
	setKeptSize = 13.0
)

// noteY returns the centre of the focused row's note, under Back.
func noteY() float64 {
	_, by, _, bh := rowRect(len(settingRows))
	return by + bh + 22
}

// rowRect returns row i's rectangle (i == len(settingRows): Back).
func rowRect(i int) (x, y, w, h float64) {
	return (ScreenWidth - setW) / 2, setTop + float64(i)*(setRowH+setGap), setW, setRowH
}

// change steps row i by d and puts the result in force.
func (s *Settings) change(i, d int) {
	st := s.env.prefs()
	settingRows[i].step(&st, d)
	s.set(st)
}

// set makes st the settings, applies them and saves them.
func (s *Settings) set(st settings.Settings) {
	s.env.Settings = st
	s.env.ApplySettings()
	s.env.Audio.Click()
	s.note = ""
	if err := s.env.SaveSettings(); err != nil {
		s.note = "Not saved: " + err.Error()
	}
}

// cycle steps row i on, from its last value round to its first (Enter,
// or a click on the row).
func (s *Settings) cycle(i int) {
	r := settingRows[i]
	st := s.env.prefs()
	before := r.value(st)
	r.step(&st, 1)
	if r.value(st) == before { // at the last value: round to the first
		for k := 0; k < 100; k++ {
			prev := r.value(st)
			r.step(&st, -1)
			if r.value(st) == prev {
				break
			}
		}
	}
	s.set(st)
}

// Update moves the focus, changes settings and goes back.
func (s *Settings) Update(m *Manager, in []systems.Intent) error {
	n := len(settingRows) + 1 // the rows and Back
	for _, it := range in {
		switch it.Kind {
		case systems.IntentBack, systems.IntentCancel:
			m.GoTo(s.back, s.over...)
			return nil
		case systems.IntentUp:
			s.focus = (s.focus + n - 1) % n
		case systems.IntentDown, systems.IntentCycle:
			s.focus = (s.focus + 1) % n
		case systems.IntentLeft:
			if s.focus < len(settingRows) {
				s.change(s.focus, -1)
			}
		case systems.IntentRight:
			if s.focus < len(settingRows) {
				s.change(s.focus, 1)
			}
		case systems.IntentConfirm, systems.IntentSkip:
			if s.focus == len(settingRows) {
				m.GoTo(s.back, s.over...)
				return nil
			}
			s.cycle(s.focus)
		case systems.IntentHover:
			if i := s.rowAt(it.X, it.Y); i >= 0 {
				s.focus = i
			}
		case systems.IntentClick:
			i := s.rowAt(it.X, it.Y)
			if i < 0 {
				continue
			}
			s.focus = i
			if i == len(settingRows) {
				m.GoTo(s.back, s.over...)
				return nil
			}
			if d := s.stepAt(i, it.X); d != 0 {
				s.change(i, d)
			} else {
				s.cycle(i)
			}
		}
	}
	return nil
}

// Draw draws the rows, the focused row's note and where they are kept.
func (s *Settings) Draw(dst *ebiten.Image) {
	f, p := s.env.Fonts, &s.paint
	dst.Fill(systems.ColorBackground)
	sw, sh := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	cx := sw / 2
	up := s.upright() && sh > sw
	phone := s.env.small()
	label, value := 18.0, 17.0
	switch {
	case up:
		p.Text("SETTINGS", upSetHead, true, cx, upSetHeadY, systems.ColorText, systems.AlignCenter)
	case phone:
		f.Draw(dst, "SETTINGS", phoneSetHead, true, cx, 36, systems.ColorText, systems.AlignCenter)
	default:
		f.Draw(dst, "SETTINGS", 44, true, cx, 52, systems.ColorText, systems.AlignCenter)
		if !s.env.Finger {
			f.Draw(dst, "↑↓ choose   ←→ change   Enter: next value   Esc: back", 15, false, cx, 92, systems.ColorTextDim, systems.AlignCenter)
		}
	}
	st := s.env.prefs()
	th := s.env.Theme()
	for i := 0; i <= len(settingRows); i++ {
		x, y, w, h := s.row(i)
		fill := color.RGBA{0x1a, 0x24, 0x36, 0xff}
		if i == s.focus {
			fill = color.RGBA{0x1d, 0x4a, 0x86, 0xff}
		}
		p.RoundRect(dst, x, y, w, h, 9, 0, fill)
		if i == s.focus {
			p.RoundRect(dst, x, y, w, h, 9, 2, systems.ColorAccent)
		}
		if i == len(settingRows) {
			size := 18.0
			if phone {
				size = phoneSetLabel
			}
			p.Text(itemBack, size, true, x+w/2, y+h/2, systems.ColorText, systems.AlignCenter)
			continue
		}
		r := settingRows[i]
		vx, vw := s.valueBox(i)
		aw := s.arrowW(h)
		room := vx - x - 28
		if i == sideColoursRow {
			room -= 56 // the swatch
		}
		ly := y + 13
		switch {
		case up:
			l, v := s.uprightRowText(i, st)
			drawLines(p, []textLine{l, v})
		case phone:
			label = systems.FitSize(f, r.label, room, phoneSetLabel, 24, 22, 20)
			value = systems.FitSize(f, r.value(st), vw-6-2*aw, phoneSetValue, 22, 20, 18)
			ly = y + (h-label)/2 // the label's top: centred like the desktop's
		}
		p.RoundRect(dst, vx, y+6, vw-6, h-12, 7, 0, color.RGBA{0x0b, 0x10, 0x18, 0xff})
		arrow(dst, p, vx+aw/2, y+h/2, -1)
		arrow(dst, p, x+w-6-aw/2, y+h/2, 1)
		if !up {
			p.Text(r.label, label, true, x+20, ly, systems.ColorText, systems.AlignLeft)
			p.Text(r.value(st), value, true, vx+(vw-6)/2, y+h/2, systems.ColorAccent, systems.AlignCenter)
		}
		if i == sideColoursRow { // a swatch of the side colours beside their row
			p.Circle(dst, vx-44, y+h/2, 9, th.Side(0))
			p.Circle(dst, vx-20, y+h/2, 9, th.Side(1))
		}
	}
	note, where, c := s.footText()
	if up {
		lines := s.uprightFoot(sw, sh, note, where)
		lines[len(lines)-1].colour = c
		drawLines(p, lines)
		p.FlushText(dst, f)
		return
	}
	p.FlushText(dst, f)
	ny, nsize, ksize := noteY(), setNoteSize, setKeptSize
	if phone {
		ny, nsize, ksize = phoneSetNoteY, phoneSetNote, phoneSetKept
	}
	f.Draw(dst, note, nsize, false, cx, ny, systems.ColorText, systems.AlignCenter)
	f.Draw(dst, where, ksize, false, cx, setKeptY, c, systems.AlignCenter)
}

// settingKeys are what a row's keys do, said after its note only where
// there is a keyboard: a phone has no M key.
var settingKeys = map[string]string{
	"Master volume": "M mutes and unmutes on any screen.",
}

// rowNote returns row i's note as this player reads it: with its keys
// when the player is not on a phone's touch screen.
func (s *Settings) rowNote(i int) string {
	r := settingRows[i]
	if k := settingKeys[r.label]; k != "" && !s.env.Finger {
		return r.note + " " + k
	}
	return r.note
}

// footText returns the focused row's note, and where the settings are
// kept (or why the last save failed) and its colour.
func (s *Settings) footText() (note, where string, c color.Color) {
	if s.focus < len(settingRows) {
		note = s.rowNote(s.focus)
	}
	where, c = "Not kept: no storage.", systems.ColorTextDim
	if s.env.Store != nil {
		where = "Your settings are kept for next time."
	}
	if s.note != "" {
		where, c = s.note, systems.ColorError
	}
	return note, where, c
}

// arrow draws a small triangle at (x, y) pointing left (d < 0) or right.
func arrow(dst *ebiten.Image, p *systems.Painter, x, y float64, d int) {
	k := float32(d)
	path := p.Path()
	path.MoveTo(float32(x)+6*k, float32(y))
	path.LineTo(float32(x)-5*k, float32(y)-7)
	path.LineTo(float32(x)-5*k, float32(y)+7)
	path.Close()
	p.Fill(dst, systems.ColorTextDim)
}
