package scenes

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// On a phone held upright with the screen following the page
// (Env.uprightScreen) the level select is laid out on the upright
// screen: the heading and Back along the top, the difficulty buttons
// across the screen under them, the levels in one column of rows each a
// finger high, and the chosen level's card under the list, its text
// wrapped to the screen's width and at least some 12 page pixels.

// The tall level select's sizes, in the screen's pixels.
const (
	tallLsTop     = 24.0  // the heading's top
	tallLsX       = 36.0  // the left and right margins
	tallLsHead    = 40.0  // the heading
	tallLsGap     = 10.0  // between rows and buttons
	tallLsBackW   = 170.0 // Back's width
	tallLsName    = 30.0  // a row's level name, the card's lines' bold
	tallLsSub     = 24.0  // a row's second line, the card's lines
	tallLsTitle   = 34.0  // the card's title
	tallLsDiffTxt = 28.0  // the difficulty buttons' labels
)

// screenSize returns the size of the screen the level select is drawn
// on: the upright screen on a phone held upright with the screen
// following the page (Env.Screen), else 1280×720.
func (ls *LevelSelect) screenSize() (w, h float64) { return ls.env.Screen() }

// tall reports whether the level select is laid out on a screen taller
// than wide.
func (ls *LevelSelect) tall() bool {
	w, h := ls.screenSize()
	return h > w
}

// tallBack returns Back on the tall screen: at the top right.
func (ls *LevelSelect) tallBack() systems.Button {
	w, _ := ls.screenSize()
	return systems.Button{X: w - tallLsX - tallLsBackW, Y: tallLsTop, W: tallLsBackW, H: ls.env.uprightTapH(), Label: buttonBack, Size: tallLsDiffTxt}
}

// tallPlayersY returns the middle of the line naming who plays, under
// the heading.
func (ls *LevelSelect) tallPlayersY() float64 {
	return ls.tallBack().Y + ls.tallBack().H + 6 + 0.65*tallLsSub
}

// tallDiffY returns the top of the row of difficulty buttons, under the
// line naming who plays.
func (ls *LevelSelect) tallDiffY() float64 { return ls.tallPlayersY() + 0.65*tallLsSub + 14 }

// tallDiffButtons lays the difficulty buttons out across the tall
// screen, each a finger high.
func (ls *LevelSelect) tallDiffButtons(out []systems.Button) {
	w, _ := ls.screenSize()
	n := float64(len(out))
	bw := (w - 2*tallLsX - (n-1)*tallLsGap) / n
	for i := range out {
		out[i].X, out[i].Y, out[i].W, out[i].H, out[i].Size = tallLsX+float64(i)*(bw+tallLsGap), ls.tallDiffY(), bw, ls.env.uprightTapH(), tallLsDiffTxt
	}
}

// tallListY returns the top of the list of levels: under the difficulty
// buttons, or the players' line without a computer.
func (ls *LevelSelect) tallListY() float64 {
	if len(ls.profiles) == 0 {
		return ls.tallDiffY()
	}
	return ls.tallDiffY() + ls.env.uprightTapH() + 18
}

// tallCardRoom is the least height the chosen level's card needs under
// the list: its name, size, objective, difficulty and best score, and a
// picture of the level over the prompt.
const tallCardRoom = 440.0

// tallPicMin is the least height the card's picture of the level is
// drawn at: the description makes way for it.
const tallPicMin = 150.0

// tallCols returns how many columns the list of levels takes on the tall
// screen: one, or two where one would leave the card under tallCardRoom
// (a short phone).
func (ls *LevelSelect) tallCols() int {
	_, sh := ls.screenSize()
	h := ls.env.uprightTapH()
	end := ls.tallListY() + float64(len(ls.entries))*(h+tallLsGap) - tallLsGap
	if sh-16-(end+18) >= tallCardRoom {
		return 1
	}
	return 2
}

// tallRow returns entry i's row on the tall screen: one of a column (or
// two, tallCols, filled row by row) across it, a finger high.
func (ls *LevelSelect) tallRow(i int) (x, y, w, h float64) {
	sw, _ := ls.screenSize()
	h = ls.env.uprightTapH()
	cols := ls.tallCols()
	w = (sw - 2*tallLsX - float64(cols-1)*tallLsGap) / float64(cols)
	c, r := float64(i%cols), float64(i/cols)
	return tallLsX + c*(w+tallLsGap), ls.tallListY() + r*(h+tallLsGap), w, h
}

// tallCardLines lays the chosen level's card out under the list on the
// tall screen: its name, size and squads, description, objective, the
// difficulty and the best score, each wrapped to the card, as many as
// the room over the prompt holds, each whole. It returns the card's box, its lines
// and the prompt's line.
func (ls *LevelSelect) tallCardLines(e levels.Entry) (card box, lines []textLine, prompt textLine) {
	sw, sh := ls.screenSize()
	_, ry, _, rh := ls.tallRow(len(ls.entries) - 1)
	top := ry + rh + 18
	card = box{tallLsX, top, sw - 2*tallLsX, sh - 16 - top}
	prompt = textLine{s: "Tap it again to deploy", size: tallLsName, bold: true, x: sw / 2, y: card.y + card.h - 16 - 0.6*tallLsName, colour: systems.ColorAccent}
	bottom := prompt.y - 0.6*tallLsName - 8
	x, y := card.x+20, card.y+16
	room := card.w - 40
	add := func(s string, size float64, bold bool, c color.Color, most int) {
		parts := systems.Wrap(ls.env.Fonts, s, size, room, bold)
		lh := math.Ceil(1.3 * size)
		if len(parts) > most || y+float64(len(parts))*lh > bottom {
			return // a paragraph is shown whole or not at all
		}
		for _, p := range parts {
			lines = append(lines, textLine{s: p, size: size, bold: bold, x: x, y: y + lh/2, colour: c, left: true})
			y += lh
		}
	}
	if e.Err != nil {
		add(e.Name, tallLsTitle, true, systems.ColorTextDim, 1)
		add("This level failed to load: "+firstLine(e.Err.Error()), tallLsSub, false, systems.ColorError, 4)
		return card, lines, prompt
	}
	lv := ls.level(e)
	if lv == nil {
		return card, lines, prompt
	}
	add(lv.Name, tallLsTitle, true, systems.ColorText, 1)
	blue, red := countSides(lv.State)
	add(fmt.Sprintf("%d×%d tiles · %d Blue vs %d Red", lv.Width, lv.Height, blue, red), tallLsSub, false, systems.ColorTextDim, 1)
	side := rules.SideBlue
	if ls.players == [2]Player{Computer, Human} {
		side = rules.SideRed
	}
	if line := goalLine(lv.State, side); line != "" {
		add(line, tallLsSub, false, systems.Shade(ls.env.Theme().Side(side), 1.3), 2)
	}
	if d := ls.difficulty(); d != "" {
		add("Against the computer on "+difficultyName(d), tallLsSub, true, systems.ColorText, 1)
	}
	rec := ls.progress.Levels[e.Path]
	switch best, onThis := ls.best(rec); {
	case onThis:
		add(fmt.Sprintf("Best score %d (%s)", best.Score, plural(best.Turns, "turn")), tallLsSub, false, systems.ColorAccent, 1)
	case rec.Won:
		add("Won, not yet on "+difficultyName(ls.difficulty()), tallLsSub, false, systems.ColorAccent, 1)
	}
	bottom -= tallPicMin + 20 // the description leaves the picture its room
	add(lv.Description, tallLsSub, false, systems.ColorText, 6)
	return card, lines, prompt
}

// drawTall draws the level select on the tall screen dst.
func (ls *LevelSelect) drawTall(dst *ebiten.Image) {
	p := &ls.paint
	sw, sh := ls.screenSize()
	heading := "SELECT A LEVEL"
	if ls.campaign {
		heading = "CAMPAIGN"
	}
	back := ls.tallBack()
	p.Text(heading, tallLsHead, true, tallLsX, back.Y+back.H/2-0.6*tallLsHead, systems.ColorText, systems.AlignLeft)
	p.Text(ls.playersLine(), tallLsSub, true, tallLsX, ls.tallPlayersY()-0.6*tallLsSub, systems.ColorAccent, systems.AlignLeft)
	ls.drawBack(dst)
	if len(ls.profiles) > 0 {
		for _, b := range ls.difficultyButtons() {
			b.Draw(dst, p)
		}
	}
	if len(ls.entries) == 0 {
		none := "No levels found."
		if ls.campaign {
			none = "No level has a campaign place."
		}
		p.Text(none, tallLsSub, false, tallLsX, ls.tallListY()+10, systems.ColorError, systems.AlignLeft)
		return
	}
	for i, e := range ls.entries {
		ls.drawPhoneRow(dst, i, e)
	}
	e := ls.entries[ls.cursor]
	card, lines, prompt := ls.tallCardLines(e)
	pn := systems.Panel{X: card.x, Y: card.y, W: card.w, H: card.h}
	pn.Draw(dst, p)
	drawLines(p, lines)
	if lv := ls.level(e); lv != nil {
		img := ls.preview(e.Path, lv)
		if pic, ok := ls.tallPicture(card, lines, prompt, img.Bounds().Dx(), img.Bounds().Dy()); ok {
			k := pic.w / float64(img.Bounds().Dx())
			op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
			op.GeoM.Scale(k, k)
			op.GeoM.Translate(pic.x, pic.y)
			dst.DrawImage(img, op)
		}
	}
	if int(ls.shown*2)%2 == 0 { // half a second on, half off
		drawLines(p, []textLine{prompt})
	}
	if ls.msgLeft > 0 {
		msg := systems.Elide(ls.env.Fonts, ls.message, tallLsSub, true, sw-2*tallLsX)
		p.Text(msg, tallLsSub, true, sw/2, sh-40, systems.ColorError, systems.AlignCenter)
	}
}

// tallPicture returns where the card's picture of the level, iw×ih
// pixels, is drawn: scaled to fit between the card's last line and the
// prompt (at most 1.6 times), centred across the card; not drawn where
// that room is under tallPicMin high.
func (ls *LevelSelect) tallPicture(card box, lines []textLine, prompt textLine, iw, ih int) (box, bool) {
	if len(lines) == 0 || iw <= 0 || ih <= 0 {
		return box{}, false
	}
	last := lines[len(lines)-1]
	top, bottom := last.y+0.65*last.size+10, prompt.y-0.6*prompt.size-10
	if bottom-top < tallPicMin {
		return box{}, false
	}
	k := min((bottom-top)/float64(ih), (card.w-40)/float64(iw), 1.6)
	w, h := k*float64(iw), k*float64(ih)
	return box{card.x + (card.w-w)/2, top, w, h}, true
}
