package scenes

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/entities"
	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// The level select drawn on the 1280×720 screen: the list of levels,
// the chosen level's card and its picture (levelselect_tall.go draws it
// on a phone held upright).

// Draw draws the list and the chosen level's details.
func (ls *LevelSelect) Draw(dst *ebiten.Image) {
	f, p := ls.env.Fonts, &ls.paint
	dst.Fill(systems.ColorBackground)
	if ls.tall() {
		ls.drawTall(dst)
		p.FlushText(dst, f)
		return
	}
	for x := 0; x < ScreenWidth; x += 40 {
		p.Rect(dst, float64(x), 0, 1, ScreenHeight, color.NRGBA{0xff, 0xff, 0xff, 0x06})
	}
	for y := 0; y < ScreenHeight; y += 40 {
		p.Rect(dst, 0, float64(y), ScreenWidth, 1, color.NRGBA{0xff, 0xff, 0xff, 0x06})
	}
	if ls.env.small() {
		ls.drawPhone(dst)
		p.FlushText(dst, f)
		return
	}
	heading, help := "SELECT A LEVEL", "Up/Down and Enter, or click a level.  Esc: back"
	if ls.campaign {
		heading, help = "CAMPAIGN", "Win a level to open the next.  Enter: play  Esc: back"
	}
	if ls.touch {
		help = "Tap a level to read about it, tap it again to play."
		if ls.campaign {
			help = "Win a level to open the next.  Tap a level, tap again to play."
		}
		ls.drawBack(dst)
	}
	p.Text(heading, 40, true, listX, 56, systems.ColorText, systems.AlignLeft)
	p.Text(help, 16, false, listX, 106, systems.ColorTextDim, systems.AlignLeft)
	playersY := 84.0
	if len(ls.profiles) > 0 {
		playersY = 70
		pr := ls.profiles[ls.profile]
		ls.drawDifficulties(dst)
		p.Text(clip(aboutLine(pr, ls.touch), aboutRunes), 14, false, listX, ScreenHeight-40, systems.ColorTextDim, systems.AlignLeft)
	}
	p.Text(ls.playersLine(), 16, true, detailX+detailW, playersY, systems.ColorAccent, systems.AlignRight)

	if ls.campaign && ls.progErr != "" {
		p.Text(clip(ls.progErr, 110), 14, false, listX, listY-22, systems.ColorError, systems.AlignLeft)
	}
	if len(ls.entries) == 0 {
		none := "No levels found under maps/."
		if ls.campaign {
			none = "No level has a campaign place (map property \"campaign\")."
		}
		p.Text(none, 20, false, listX, listY+10, systems.ColorError, systems.AlignLeft)
		p.FlushText(dst, f)
		return
	}
	for i, e := range ls.entries {
		ls.drawRow(dst, i, e)
	}
	ls.drawDetails(dst, ls.entries[ls.cursor])
	if ls.msgLeft > 0 {
		p.Text(ls.message, 16, true, ScreenWidth/2, ScreenHeight-30, systems.ColorError, systems.AlignCenter)
	}
	p.FlushText(dst, f)
}

func (ls *LevelSelect) drawRow(dst *ebiten.Image, i int, e levels.Entry) {
	p := &ls.paint
	y := float64(listY + i*rowH)
	sel := i == ls.cursor
	if sel {
		p.RoundRect(dst, listX-12, y+2, listW+24, rowH-6, 10, 0, color.NRGBA{0x1e, 0x29, 0x3b, 0xff})
		p.RoundRect(dst, listX-12, y+2, listW+24, rowH-6, 10, 2, systems.ColorAccent)
	}
	if e.Err != nil {
		p.Text(e.Name, 22, true, listX+8, y+8, color.RGBA{0x6b, 0x72, 0x80, 0xff}, systems.AlignLeft)
		p.Text(clip(firstLine(e.Err.Error()), maxErrLen), 13, false, listX+8, y+36, systems.Shade(systems.ColorError, 0.85), systems.AlignLeft)
		return
	}
	c := systems.ColorText
	if sel {
		c = systems.ColorAccent
	}
	name, sub := e.Name, ""
	if e.Width > 0 {
		sub = fmt.Sprintf("%d×%d tiles · %d Blue vs %d Red", e.Width, e.Height, e.Squads[0], e.Squads[1])
	}
	if ls.campaign {
		name = strconv.Itoa(i+1) + ". " + name
	}
	rec := ls.progress.Levels[e.Path]
	best, onThis := ls.best(rec)
	switch {
	case ls.locked(i):
		c, sub = systems.ColorTextDim, "Locked: win "+ls.entries[i-1].Name+" first"
		p.Text("LOCKED", 13, true, listX+listW-8, y+10, systems.ColorTextDim, systems.AlignRight)
	case onThis:
		p.Text("Best "+strconv.Itoa(best.Score), 16, true, listX+listW-8, y+8, systems.ColorAccent, systems.AlignRight)
	case rec.Won:
		p.Text("Won", 16, true, listX+listW-8, y+8, systems.ColorAccent, systems.AlignRight)
	case ls.campaign:
		p.Text("Not won yet", 13, false, listX+listW-8, y+10, systems.ColorTextDim, systems.AlignRight)
	}
	p.Text(name, 22, true, listX+8, y+6, c, systems.AlignLeft)
	p.Text(sub, 13, false, listX+8, y+34, systems.ColorTextDim, systems.AlignLeft)
}

func (ls *LevelSelect) drawDetails(dst *ebiten.Image, e levels.Entry) {
	p := &ls.paint
	pn := systems.Panel{X: detailX, Y: listY - 10, W: detailW, H: 520}
	pn.Draw(dst, p)
	x, y := float64(detailX+24), float64(listY+8)
	if e.Err != nil {
		p.Text(e.Name, 26, true, x, y, systems.ColorTextDim, systems.AlignLeft)
		p.Text("This level failed to load:", 16, true, x, y+48, systems.ColorError, systems.AlignLeft)
		for i, line := range wrap(e.Err.Error(), 58) {
			if i >= 14 {
				break
			}
			p.Text(line, 15, false, x, y+76+float64(i)*22, systems.ColorText, systems.AlignLeft)
		}
		return
	}
	lv := ls.level(e)
	if lv == nil {
		return
	}
	p.Text(lv.Name, 26, true, x, y, systems.ColorText, systems.AlignLeft)
	if lv.Difficulty > 0 {
		ls.drawDifficulty(dst, detailX+detailW-24, y+4, lv.Difficulty)
	}
	blue, red := countSides(lv.State)
	p.Text(fmt.Sprintf("%d×%d tiles   %d Blue vs %d Red", lv.Width, lv.Height, blue, red), 15, false, x, y+38, systems.ColorTextDim, systems.AlignLeft)
	ty := y + 62
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		p.Text(clip(side.String()+": "+squad(lv.State, side), 66), 14, false, x, ty, systems.Shade(ls.env.Theme().Side(side), 1.2), systems.AlignLeft)
		ty += 19
	}
	ty += 6
	for i, line := range wrap(lv.Description, 60) {
		if i >= 2 {
			break
		}
		p.Text(line, 16, false, x, ty, systems.ColorText, systems.AlignLeft)
		ty += 22
	}
	side := rules.SideBlue
	if ls.players == [2]Player{Computer, Human} {
		side = rules.SideRed
	}
	if line := goalLine(lv.State, side); line != "" {
		for i, l := range wrap(line, 64) {
			if i >= 2 {
				break
			}
			p.Text(l, 15, i == 0, x, ty+6, systems.Shade(ls.env.Theme().Side(side), 1.3), systems.AlignLeft)
			ty += 20
		}
	}
	if d := ls.difficulty(); d != "" {
		p.Text("Against the computer on "+difficultyName(d), 15, true, x, ty+12, systems.ColorText, systems.AlignLeft)
		ty += 22
	}
	rec := ls.progress.Levels[e.Path]
	switch best, onThis := ls.best(rec); {
	case onThis:
		p.Text(fmt.Sprintf("Best score %d on %s (%s, %s lost)", best.Score, difficultyName(ls.difficulty()), plural(best.Turns, "turn"), strconv.Itoa(best.Lost)), 15, false, x, ty+12, systems.ColorAccent, systems.AlignLeft)
	case rec.Won:
		p.Text("Won, but not yet on "+difficultyName(ls.difficulty()), 15, false, x, ty+12, systems.ColorAccent, systems.AlignLeft)
	}
	img := ls.preview(e.Path, lv)
	b := img.Bounds()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(detailX+float64(detailW-b.Dx())/2, listY+500-10-20-float64(b.Dy()))
	dst.DrawImage(img, op)
	if int(ls.shown*2)%2 == 0 { // half a second on, half off
		deploy := "Enter to deploy"
		if ls.touch {
			deploy = "Tap it again to deploy"
		}
		p.Text(deploy, 15, true, detailX+detailW-24, listY+500-22, systems.ColorAccent, systems.AlignRight)
	}
}

// preview returns a small picture of the level, drawn once an Env: its
// ground, obstacles and units as the battle draws them, scaled down.
func (ls *LevelSelect) preview(path string, lv *levels.Level) *ebiten.Image {
	key := path + " " + lv.State.Hash()
	if img, ok := ls.env.previews[key]; ok {
		return img
	}
	b := lv.State.Board
	ww, wh := float64(b.Width*b.TileSize), float64(b.Height*b.TileSize)
	k := min(float64(detailW-48)/ww, float64(previewH)/wh)
	w, h := max(int(ww*k), 1), max(int(wh*k), 1)
	img := ebiten.NewImage(w, h)
	setup := SetupFromLevel(lv)
	rend := systems.Renderer{Terrain: systems.NewTerrain(setup.Terrain)}
	cam := &systems.Camera{Zoom: k, ViewW: float64(w), ViewH: float64(h), WorldW: ww, WorldH: wh, MinZoom: k, MaxZoom: k}
	paint := ls.env.painter()
	v := &systems.View{Cam: cam, Board: b, Paint: &paint, Fonts: ls.env.Fonts}
	rend.Draw(img, v, entities.NewWorld(lv.State), &systems.Overlays{})
	rend.Release()
	paint.RectOutline(img, 0, 0, float64(w), float64(h), 2, systems.ColorPanelEdge)
	if ls.env.previews == nil {
		ls.env.previews = map[string]*ebiten.Image{}
	}
	ls.env.previews[key] = img
	return img
}

// drawDifficulty draws the level's own difficulty, "Challenge" and
// levels.MaxDifficulty pips, d of them filled, ending at x.
func (ls *LevelSelect) drawDifficulty(dst *ebiten.Image, x, y float64, d int) {
	const pip, gap = 12.0, 5.0
	left := x - float64(levels.MaxDifficulty)*(pip+gap) + gap
	for i := range levels.MaxDifficulty {
		px := left + float64(i)*(pip+gap)
		if i < d {
			ls.paint.RoundRect(dst, px, y+6, pip, pip, 3, 0, systems.ColorAccent)
		} else {
			ls.paint.RoundRect(dst, px, y+6, pip, pip, 3, 1.5, systems.ColorTextDim)
		}
	}
	ls.paint.Text("Challenge", 14, false, left-10, y+4, systems.ColorTextDim, systems.AlignRight)
}
