package scenes

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/ai"
	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// The level select on a small window (a phone's page, Env.small): the
// heading, the difficulty buttons and Back in a band along the top, the
// levels in two columns of rows at least minTap page pixels high on the
// left, the chosen level's card on the right, and every text at least
// phoneSmall: shrunk to half its size by the page, the desktop's 13 to 16
// pixel lines would be too small to read.
const (
	phoneTop       = 14.0  // the top band's top
	phoneListX     = 40.0  // the list's left
	phoneListY     = 116.0 // the list's top, under the band
	phoneListW     = 600.0 // the list's width: two columns of rows
	phoneRowGap    = 10.0
	phoneCardX     = 664.0
	phoneCardW     = ScreenWidth - 40 - phoneCardX
	phoneBackW     = 170.0
	phoneDiffW     = 150.0
	phoneDiffText  = 28.0
	phoneName      = 28.0 // a row's level name
	phoneSub       = 22.0 // a row's second line, the card's lines
	phoneSmall     = 22.0 // the smallest text on the screen
	phoneCardTitle = 36.0
	phoneWrap      = 46 // runes a line of the card's text holds
)

// rowRect returns entry i's row: one of a column on a desktop, of two
// columns of large rows on a small window.
func (ls *LevelSelect) rowRect(i int) (x, y, w, h float64) {
	if ls.tall() {
		return ls.tallRow(i)
	}
	if !ls.env.small() {
		return listX, float64(listY + i*rowH), listW, rowH
	}
	h = ls.env.tapH(phoneItemH)
	w = (phoneListW - phoneRowGap) / 2
	c, r := float64(i%2), float64(i/2)
	return phoneListX + c*(w+phoneRowGap), phoneListY + r*(h+phoneRowGap), w, h
}

// backShown reports whether the Back button shows: to a finger, and
// always on a small window (a phone has no Esc).
func (ls *LevelSelect) backShown() bool { return ls.touch || ls.env.small() }

// backButton returns the level select's Back button: top right, as large
// as a finger needs on a small window.
func (ls *LevelSelect) backButton() systems.Button {
	if ls.tall() {
		return ls.tallBack()
	}
	if !ls.env.small() {
		return levelsBack()
	}
	return systems.Button{X: ScreenWidth - 40 - phoneBackW, Y: phoneTop, W: phoneBackW, H: ls.env.tapH(phoneItemH),
		Label: buttonBack, Size: phoneDiffText}
}

// drawBack draws the Back button.
func (ls *LevelSelect) drawBack(dst *ebiten.Image) {
	b := ls.backButton()
	b.Color = systems.Shade(systems.ColorBlue, 0.6)
	b.Draw(dst, &ls.paint)
}

// phoneListBottom returns where the list's last row ends.
func (ls *LevelSelect) phoneListBottom() float64 {
	if len(ls.entries) == 0 {
		return phoneListY
	}
	_, y, _, h := ls.rowRect(len(ls.entries) - 1)
	return y + h
}

// drawPhone draws the level select laid out for a small window.
func (ls *LevelSelect) drawPhone(dst *ebiten.Image) {
	p := &ls.paint
	heading := "SELECT A LEVEL"
	if ls.campaign {
		heading = "CAMPAIGN"
	}
	p.Text(heading, 40, true, phoneListX, phoneTop, systems.ColorText, systems.AlignLeft)
	p.Text(ls.playersLine(), phoneSmall, true, phoneListX, phoneTop+56, systems.ColorAccent, systems.AlignLeft)
	ls.drawBack(dst)
	if len(ls.profiles) > 0 {
		ls.drawDifficulties(dst)
	}
	if len(ls.entries) == 0 {
		none := "No levels found."
		if ls.campaign {
			none = "No level has a campaign place."
		}
		p.Text(none, phoneSub, false, phoneListX, phoneListY+10, systems.ColorError, systems.AlignLeft)
		return
	}
	for i, e := range ls.entries {
		ls.drawPhoneRow(dst, i, e)
	}
	// Under the list: what the computer is like, and how levels open.
	about, help := ls.phoneNotes()
	y := ls.phoneListBottom() + 20
	for _, line := range about {
		p.Text(line, phoneSmall, false, phoneListX, y, systems.ColorTextDim, systems.AlignLeft)
		y += phoneLine
	}
	for _, line := range help { // right under, with no gap to the foot
		p.Text(line, phoneSmall, false, phoneListX, y, systems.ColorText, systems.AlignLeft)
		y += phoneLine
	}
	if ls.campaign && ls.progErr != "" {
		p.Text(clip(ls.progErr, 50), phoneSmall, false, phoneListX, y, systems.ColorError, systems.AlignLeft)
	}
	ls.drawPhoneCard(dst, ls.entries[ls.cursor])
	if ls.msgLeft > 0 {
		p.Text(clip(ls.message, 60), phoneSub, true, ScreenWidth/2, ScreenHeight-120, systems.ColorError, systems.AlignCenter)
	}
}

// phoneLine is the step between lines of phoneSmall text.
const phoneLine = 28.0

// phoneNotes returns the lines under the list on a small window: what the
// computer is like (none without one), then, in the campaign, how levels
// open. How to play is said once, on the card (phoneDeploy): a second
// "Tap a level…" at the foot of the list said it again (tour 34).
func (ls *LevelSelect) phoneNotes() (about, help []string) {
	if len(ls.profiles) > 0 {
		pr := ls.profiles[ls.profile]
		about = phoneAbout(pr)
		about = about[:min(len(about), phoneAboutLines)]
	}
	if ls.campaign {
		help = wrap("Win a level to open the next.", phoneNoteWrap)
	}
	return about, help
}

// phoneDeploy is how to play, as the chosen level's card says it.
const phoneDeploy = "Tap the level again to deploy"

// phoneNoteWrap is how many runes a line under the list holds.
const phoneNoteWrap = 54

// phoneAboutLines is how many lines of what the computer is like a small
// window shows.
const phoneAboutLines = 3

// phoneAbout returns the lines on what the computer on pr is like, as a
// small window shows them (at most phoneAboutLines).
func phoneAbout(pr ai.Profile) []string {
	return wrap("The computer on "+difficultyName(pr.Name)+": "+pr.About+".", phoneNoteWrap)
}

// drawPhoneRow draws entry i's row: its name, and under it its score,
// its lock, or its size.
func (ls *LevelSelect) drawPhoneRow(dst *ebiten.Image, i int, e levels.Entry) {
	p := &ls.paint
	x, y, w, h := ls.rowRect(i)
	sel := i == ls.cursor
	fill := color.NRGBA{0x16, 0x20, 0x30, 0xff}
	if sel {
		fill = color.NRGBA{0x1e, 0x29, 0x3b, 0xff}
	}
	p.RoundRect(dst, x, y, w, h, 10, 0, fill)
	if sel {
		p.RoundRect(dst, x, y, w, h, 10, 3, systems.ColorAccent)
	}
	name, sub := e.Name, ""
	c, sc := systems.ColorText, systems.ColorTextDim
	if sel {
		c = systems.ColorAccent
	}
	if ls.campaign {
		name = strconv.Itoa(i+1) + ". " + name
	}
	if e.Width > 0 {
		sub = fmt.Sprintf("%d vs %d · %d×%d", e.Squads[0], e.Squads[1], e.Width, e.Height)
	}
	rec := ls.progress.Levels[e.Path]
	best, onThis := ls.best(rec)
	switch {
	case e.Err != nil:
		c, sub, sc = systems.ColorTextDim, "cannot be played", systems.Shade(systems.ColorError, 0.85)
	case ls.locked(i):
		c, sub = systems.ColorTextDim, "Locked"
	case onThis:
		sub, sc = "Best "+strconv.Itoa(best.Score), systems.ColorAccent
	case rec.Won:
		sub, sc = "Won", systems.ColorAccent
	}
	big, small := phoneName, phoneSmall
	if ls.tall() {
		big, small = tallLsName, tallLsSub
	}
	size := systems.FitSize(ls.env.Fonts, name, w-28, big, 24)
	p.Text(name, size, true, x+14, y+h/2-size-2, c, systems.AlignLeft)
	p.Text(sub, small, false, x+14, y+h/2+4, sc, systems.AlignLeft)
}

// drawPhoneCard draws the chosen level's card on the right: its name,
// size and squads, its description and objective, the difficulty, the
// best score, a picture of it and the prompt to deploy.
func (ls *LevelSelect) drawPhoneCard(dst *ebiten.Image, e levels.Entry) {
	p := &ls.paint
	top := phoneListY
	pn := systems.Panel{X: phoneCardX, Y: top, W: phoneCardW, H: ScreenHeight - 12 - top}
	pn.Draw(dst, p)
	x, y := phoneCardX+22, top+16
	lines := func(s string, n int, size float64, bold bool, c color.Color) {
		for i, l := range wrap(s, phoneWrap) {
			if i >= n {
				break
			}
			p.Text(l, size, bold && i == 0, x, y, c, systems.AlignLeft)
			y += size + 6
		}
	}
	if e.Err != nil {
		p.Text(e.Name, phoneCardTitle, true, x, y, systems.ColorTextDim, systems.AlignLeft)
		y += phoneCardTitle + 14
		lines("This level failed to load: "+firstLine(e.Err.Error()), 8, phoneSub, false, systems.ColorError)
		return
	}
	lv := ls.level(e)
	if lv == nil {
		return
	}
	p.Text(lv.Name, phoneCardTitle, true, x, y, systems.ColorText, systems.AlignLeft)
	y += phoneCardTitle + 12
	blue, red := countSides(lv.State)
	lines(fmt.Sprintf("%d×%d tiles · %d Blue vs %d Red", lv.Width, lv.Height, blue, red), 1, phoneSub, false, systems.ColorTextDim)
	lines(lv.Description, 3, phoneSub, false, systems.ColorText)
	side := rules.SideBlue
	if ls.players == [2]Player{Computer, Human} {
		side = rules.SideRed
	}
	if line := goalLine(lv.State, side); line != "" {
		lines(line, 2, phoneSub, false, systems.Shade(ls.env.Theme().Side(side), 1.3))
	}
	if d := ls.difficulty(); d != "" {
		lines("Against the computer on "+difficultyName(d), 1, phoneSub, true, systems.ColorText)
	}
	rec := ls.progress.Levels[e.Path]
	switch best, onThis := ls.best(rec); {
	case onThis:
		lines(fmt.Sprintf("Best score %d (%s)", best.Score, plural(best.Turns, "turn")), 1, phoneSub, false, systems.ColorAccent)
	case rec.Won:
		lines("Won, not yet on "+difficultyName(ls.difficulty()), 1, phoneSub, false, systems.ColorAccent)
	}
	// The picture, scaled into the room left over the prompt.
	bottom := top + pn.H - 56
	img := ls.preview(e.Path, lv)
	b := img.Bounds()
	if room := bottom - y - 8; room > 40 {
		k := min(room/float64(b.Dy()), (phoneCardW-44)/float64(b.Dx()), 1.2)
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(k, k)
		op.GeoM.Translate(phoneCardX+(phoneCardW-k*float64(b.Dx()))/2, y+4)
		dst.DrawImage(img, op)
	}
	if int(ls.shown*2)%2 == 0 { // half a second on, half off
		p.Text(phoneDeploy, 26, true, phoneCardX+phoneCardW-22, bottom+12, systems.ColorAccent, systems.AlignRight)
	}
}

// Targets returns the level select's rows, named by their levels, the
// difficulty buttons and Back when shown.
func (ls *LevelSelect) Targets() []Target {
	var out []Target
	for i, e := range ls.entries {
		x, y, w, h := ls.rowRect(i)
		out = append(out, Target{Kind: "level", Name: e.Name, X: x, Y: y, W: w, H: h})
	}
	for _, b := range ls.difficultyButtons() {
		out = append(out, buttonTarget("difficulty", b.Label, b))
	}
	if ls.backShown() {
		out = append(out, buttonTarget("button", "Back", ls.backButton()))
	}
	return out
}
