package scenes

import (
	"cmp"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/ai"
	"sightline/systems"
)

// The difficulty is the computer's profile (ai/profiles.json). The level
// select shows one button a profile, chosen with a click, a tap or D; the
// choice is kept in the settings, so the next level select and the next
// run start on it. The level card, the HUD's title and the scores say
// which one a battle is played against.

// difficultyRank orders the profiles from the easiest; others come last,
// by name.
var difficultyRank = []string{"easy", "normal", "hard"}

// sortProfiles orders profiles from the easiest.
func sortProfiles(ps []ai.Profile) {
	rank := func(p ai.Profile) int {
		if i := slices.Index(difficultyRank, p.Name); i >= 0 {
			return i
		}
		return len(difficultyRank)
	}
	slices.SortStableFunc(ps, func(a, b ai.Profile) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Name, b.Name))
	})
}

// difficultyName is a profile's name as the screens show it: "Easy".
func difficultyName(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// setDifficulty makes d the difficulty the level select starts on, kept
// with the settings.
func (e *Env) setDifficulty(d string) error {
	s := e.prefs()
	s.Difficulty = d
	e.Settings = s
	return e.SaveSettings()
}

// Where the level select's difficulty buttons are: a row ending at the
// right of the level card, above it.
const (
	diffY    = 102
	diffH    = 30
	diffW    = 104
	diffGap  = 8
	diffText = 15
)

// difficultyButtons returns the level select's difficulty buttons, one a
// profile, the chosen one lit.
func (ls *LevelSelect) difficultyButtons() []systems.Button {
	n := len(ls.profiles)
	right, y, w, h, gap, size := float64(detailX+detailW), float64(diffY), float64(diffW), float64(diffH), float64(diffGap), float64(diffText)
	if ls.env.small() {
		back := ls.backButton()
		right, y, w, h, gap, size = back.X-2*phoneRowGap, back.Y, phoneDiffW, back.H, phoneRowGap, phoneDiffText
	}
	x := right - float64(n)*w - float64(n-1)*gap
	out := make([]systems.Button, n)
	for i, p := range ls.profiles {
		out[i] = systems.Button{X: x + float64(i)*(w+gap), Y: y, W: w, H: h,
			Label: difficultyName(p.Name), Size: size, Color: menuItemFill}
		if i == ls.profile {
			out[i].Color, out[i].Hover = menuFocusFill, true
		}
	}
	if ls.tall() {
		ls.tallDiffButtons(out)
	}
	return out
}

// The fills of a choice and of the chosen one, as the menus draw them.
var (
	menuItemFill  = systems.Shade(systems.ColorBlue, 0.35)
	menuFocusFill = systems.Shade(systems.ColorBlue, 0.75)
)

// difficultyAt returns the profile whose button is at (x, y).
func (ls *LevelSelect) difficultyAt(x, y float64) (int, bool) {
	for i, b := range ls.difficultyButtons() {
		if b.Contains(x, y) {
			return i, true
		}
	}
	return 0, false
}

// chooseDifficulty chooses profile i and keeps it in the settings; a
// failure to keep it is said in the message line.
func (ls *LevelSelect) chooseDifficulty(i int) {
	if i < 0 || i >= len(ls.profiles) {
		return
	}
	ls.profile = i
	ls.env.Audio.Click()
	if err := ls.env.setDifficulty(ls.profiles[i].Name); err != nil {
		ls.message, ls.msgLeft = "The difficulty could not be kept for next time.", 3
	}
}

// drawDifficulties draws the difficulty buttons and their label.
func (ls *LevelSelect) drawDifficulties(dst *ebiten.Image) {
	bs := ls.difficultyButtons()
	for i := range bs {
		bs[i].Draw(dst, &ls.paint)
	}
	if ls.env.small() {
		l := ls.phoneDiffLabel()
		ls.paint.Text(l.s, l.size, l.bold, l.x, l.y-0.6*l.size, l.colour, systems.AlignLeft)
		return
	}
	ls.paint.Text("Difficulty", diffText, true, bs[0].X-12, diffY+6, systems.ColorTextDim, systems.AlignRight)
}

// phoneDiffLabel returns the difficulty buttons' label on a small
// window, left of them: as large and as bright as their own labels (at
// phoneSub in grey it was the smallest, dimmest text on the screen).
func (ls *LevelSelect) phoneDiffLabel() textLine {
	bs := ls.difficultyButtons()
	const s = "Difficulty"
	w := ls.env.Fonts.Width(s, phoneDiffText, true)
	return textLine{s: s, size: phoneDiffText, bold: true, x: bs[0].X - 12 - w, y: bs[0].Y + bs[0].H/2,
		colour: systems.ColorText, left: true}
}

// difficulty returns the chosen profile's name ("" with no computer).
func (ls *LevelSelect) difficulty() string {
	if len(ls.profiles) == 0 {
		return ""
	}
	return ls.profiles[ls.profile].Name
}

// hudTitle is what the HUD's top bar names, one rule for every battle:
// the level, then how it is played: against the computer its difficulty
// ("Crossroads · Easy"), online the side the opponent plays ("Crossroads
// · Online: Red"), two players on one screen "Crossroads · Hot-seat".
// The bar writes as much of it as it has room for (systems.fitTitle).
func (b *Battle) hudTitle() string {
	if o, ok := b.drive.(*online); ok {
		return b.name + " · Online: " + o.side.Other().String()
	}
	if b.players[0] == Computer || b.players[1] == Computer {
		return b.name + " · " + difficultyName(b.turns.profile.Name)
	}
	return b.name + " · Hot-seat"
}
