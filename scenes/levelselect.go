package scenes

import (
	"cmp"
	"fmt"
	"image/color"
	"io/fs"
	"sightline/campaign"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/ai"
	"sightline/entities"
	"sightline/levels"
	"sightline/rules"
	"sightline/systems"
)

// Level select layout.
const (
	listX     = 80
	listY     = 150
	listW     = 520
	rowH      = 56
	detailX   = 660
	detailW   = 540
	previewH  = 230
	maxErrLen = 64
)

// LevelSelect lists the levels; Up/Down and Enter, or a click, start one.
// Levels that failed to load are greyed out with their error.
type LevelSelect struct {
	env      *Env
	fsys     fs.FS     // where the entries are: env.Levels, or a map's folder on disk
	players  [2]Player // who will play each side of the chosen level
	profiles []ai.Profile
	profile  int // the computer's, in profiles (difficulty.go)
	entries  []levels.Entry
	cursor   int
	shown    float64 // seconds on screen: the prompt blinks by it
	paint    systems.Painter
	loaded   map[string]*levels.Level
	message  string
	msgLeft  float64 // seconds the message stays
	// campaign lists the campaign's levels in order, locked until the one
	// before is won; order holds their files.
	campaign bool
	order    []string
	progress campaign.Progress
	progErr  string // why the progress could not be read ("" when it was)
	// touch is whether a finger was the last pointer: the help line names
	// taps, and the Back button (a tap's Esc) shows.
	touch bool
}

// backTapped reports whether it is a tap on the Back button.
func (ls *LevelSelect) backTapped(it systems.Intent) bool {
	b := ls.backButton()
	return it.Kind == systems.IntentClick && it.Touch && ls.backShown() && b.Contains(it.X, it.Y)
}

// levelsBack returns the level select's Back button, shown to touch.
func levelsBack() systems.Button {
	return systems.Button{X: detailX + detailW - 130, Y: 22, W: 130, H: 48, Label: "BACK"}
}

// NewLevelSelect lists the levels of env.Levels for a hot-seat battle.
func NewLevelSelect(env *Env) *LevelSelect { return NewLevelSelectFor(env, [2]Player{}) }

// NewLevelSelectFor lists the levels of env.Levels for a battle played by
// players (Blue, Red).
func NewLevelSelectFor(env *Env, players [2]Player) *LevelSelect {
	ls := &LevelSelect{env: env, touch: env.Finger, players: players, loaded: map[string]*levels.Level{}}
	if players != [2]Player{} {
		ls.profiles, _ = ai.Profiles() // none (a broken file): the computer plays Normal
		sortProfiles(ls.profiles)
		ls.profile = max(slices.IndexFunc(ls.profiles, func(p ai.Profile) bool { return p.Name == ai.Normal.Name }), 0)
		ls.chooseProfile(env.prefs().Difficulty) // the last one chosen
	}
	if env.Levels != nil {
		ls.fsys, ls.entries = env.Levels, env.levelEntries()
		// The campaign's levels first, in its order; then the others.
		slices.SortStableFunc(ls.entries, func(a, b levels.Entry) int {
			return cmp.Compare(campaignRank(a), campaignRank(b))
		})
	}
	// Best scores; the campaign screen also says when the file is damaged.
	var err error
	if ls.progress, err = env.progress(); err != nil {
		ls.progErr = err.Error()
	}
	for i, e := range ls.entries {
		if e.Err == nil {
			ls.cursor = i
			break
		}
	}
	return ls
}

// NewCampaignSelect lists the campaign's levels in order, for a person
// playing Blue against the computer: the first open, each other once the
// one before it is won. The cursor starts on the first open level not yet
// won.
func NewCampaignSelect(env *Env) *LevelSelect {
	ls := NewLevelSelectFor(env, [2]Player{Human, Computer})
	ls.campaign = true
	ls.entries, ls.order = campaignOrder(ls.entries)
	ls.cursor = 0
	for i := range ls.entries {
		if ls.locked(i) {
			break
		}
		ls.cursor = i
		if !ls.progress.Levels[ls.order[i]].Won {
			break
		}
	}
	return ls
}

// locked reports whether entry i is a campaign level not yet open.
func (ls *LevelSelect) locked(i int) bool {
	return ls.campaign && !ls.progress.Unlocked(ls.order, i)
}

// choose puts the cursor on the level at path, if it is listed and open.
func (ls *LevelSelect) choose(path string) {
	for i, e := range ls.entries {
		if e.Path == path && !ls.locked(i) {
			ls.cursor = i
		}
	}
}

// chooseProfile chooses the computer's profile by name, if it is listed.
func (ls *LevelSelect) chooseProfile(name string) {
	if i := slices.IndexFunc(ls.profiles, func(p ai.Profile) bool { return p.Name == name }); i >= 0 {
		ls.profile = i
	}
}

// NewLevelSelectFile lists one map on disk, as a designer sees it on the
// level-select screen (sightline -level FILE -scene levels).
func NewLevelSelectFile(env *Env, file string) (*LevelSelect, error) {
	fsys, rel, err := levels.Folder(file)
	if err != nil {
		return nil, err
	}
	lv, err := levels.Load(fsys, rel)
	if err != nil {
		return nil, err
	}
	ls := NewLevelSelect(env)
	ls.fsys, ls.entries, ls.cursor = fsys, []levels.Entry{{Path: rel, Name: lv.Name}}, 0
	ls.loaded[rel] = lv
	return ls, nil
}

// Name returns "levels".
func (ls *LevelSelect) Name() string { return "levels" }

// Entries returns the listed levels.
func (ls *LevelSelect) Entries() []levels.Entry { return ls.entries }

// Update moves the cursor, starts the chosen level, or goes back.
// F1 or ? opens the help card over it.
func (ls *LevelSelect) Update(m *Manager, in []systems.Intent) error {
	ls.Tick(m, in)
	if systems.Has(in, systems.IntentHelp) {
		m.Push(newHelp(m.Env, nil))
		return nil
	}
	ls.touch = ls.env.notePointer(in)
	for _, it := range in {
		if ls.backTapped(it) {
			it.Kind = systems.IntentBack
		}
		switch it.Kind {
		case systems.IntentBack:
			m.GoTo(NewTitle(m.Env))
			return nil
		case systems.IntentUp:
			ls.move(-1)
		case systems.IntentDown:
			ls.move(1)
		case systems.IntentHover:
			// A tap's hover does not move the cursor: its click does.
			if i, ok := ls.rowAt(it.X, it.Y); ok && !it.Touch {
				ls.cursor = i
			}
		case systems.IntentClick:
			if i, ok := ls.difficultyAt(it.X, it.Y); ok {
				ls.chooseDifficulty(i)
				continue
			}
			if i, ok := ls.rowAt(it.X, it.Y); ok {
				// A finger cannot hover to read a level's card: the
				// first tap on a row shows it, a tap on the row shown
				// starts it.
				if it.Touch && i != ls.cursor {
					ls.cursor = i
					continue
				}
				ls.cursor = i
				ls.start(m)
				return nil
			}
		case systems.IntentConfirm:
			ls.start(m)
			return nil
		case systems.IntentKey:
			if systems.KeyOf(it) == 'd' && len(ls.profiles) > 0 {
				ls.chooseDifficulty((ls.profile + 1) % len(ls.profiles))
			}
		}
	}
	return nil
}

func (ls *LevelSelect) move(d int) {
	if len(ls.entries) == 0 {
		return
	}
	ls.cursor = (ls.cursor + d + len(ls.entries)) % len(ls.entries)
}

// rowAt returns the entry whose row is at (x, y).
func (ls *LevelSelect) rowAt(x, y float64) (int, bool) {
	for i := range ls.entries {
		if rx, ry, rw, rh := ls.rowRect(i); x >= rx && x < rx+rw && y >= ry && y < ry+rh {
			return i, true
		}
	}
	return 0, false
}

// start loads the level under the cursor afresh and fades to its battle.
func (ls *LevelSelect) start(m *Manager) {
	if ls.cursor >= len(ls.entries) {
		return
	}
	e := ls.entries[ls.cursor]
	if e.Err != nil {
		ls.flash("This level cannot be played: fix the map and restart.")
		return
	}
	if ls.locked(ls.cursor) {
		ls.flash("Locked: win " + ls.entries[ls.cursor-1].Name + " first.")
		return
	}
	lv, err := levels.Load(ls.fsys, e.Path)
	if err != nil {
		ls.flash(err.Error())
		return
	}
	setup := SetupFromLevel(lv)
	setup.Players, setup.Campaign = ls.players, ls.campaign
	if len(ls.profiles) > 0 {
		setup.Profile = ls.profiles[ls.profile].Name
	}
	m.GoTo(NewBattle(m.Env, setup))
}

// flash shows a message (why the level cannot start) with the UI buzz.
func (ls *LevelSelect) flash(s string) {
	ls.message, ls.msgLeft = s, 3
	ls.env.Audio.Deny()
}

// level returns the cached loaded level of an entry, loading it on first use.
func (ls *LevelSelect) level(e levels.Entry) *levels.Level {
	if e.Err != nil {
		return nil
	}
	if lv, ok := ls.loaded[e.Path]; ok {
		return lv
	}
	lv, err := levels.Load(ls.fsys, e.Path)
	if err != nil {
		lv = nil
	}
	ls.loaded[e.Path] = lv
	return lv
}

// Tick runs the screen's clock and its message's time, under the help
// card too.
func (ls *LevelSelect) Tick(m *Manager, _ []systems.Intent) {
	ls.shown += m.Dt()
	ls.msgLeft -= m.Dt()
}

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
		about := "The computer on " + difficultyName(pr.Name) + " — " + pr.About + "."
		if !ls.touch {
			about += "  D: change"
		}
		p.Text(clip(about, 150), 14, false, listX, ScreenHeight-40, systems.ColorTextDim, systems.AlignLeft)
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
	if line := objectiveLine(lv.State, side); line != "" {
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
	var paint systems.Painter
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

// campaignRank orders entries by campaign place, the others after.
func campaignRank(e levels.Entry) int {
	if e.Campaign > 0 {
		return e.Campaign
	}
	return levels.MaxCampaign + 1
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

// best returns a level's best win against the chosen difficulty, and
// whether there is one; with no computer to choose, the level's best.
func (ls *LevelSelect) best(rec campaign.Record) (campaign.Best, bool) {
	if d := ls.difficulty(); d != "" {
		return rec.BestOn(d)
	}
	return campaign.Best{Score: rec.Best, Turns: rec.Turns, Lost: rec.Lost}, rec.Won
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// squad lists side's units by type, most first: "3 troopers, a gunner".
func squad(s *rules.State, side rules.Side) string {
	var types []string
	count := map[string]int{}
	for _, u := range s.Units {
		if u.Side != side {
			continue
		}
		t := u.Type
		if t == "" {
			t = "soldier"
		}
		if count[t] == 0 {
			types = append(types, t)
		}
		count[t]++
	}
	slices.SortStableFunc(types, func(a, b string) int { return cmp.Compare(count[b], count[a]) })
	parts := make([]string, len(types))
	for i, t := range types {
		switch {
		case count[t] == 1:
			parts[i] = "a " + t
		case strings.HasSuffix(t, "man"): // marksman: marksmen
			parts[i] = strconv.Itoa(count[t]) + " " + strings.TrimSuffix(t, "man") + "men"
		default:
			parts[i] = plural(count[t], t)
		}
	}
	return strings.Join(parts, ", ")
}

func countSides(s *rules.State) (blue, red int) {
	for _, u := range s.Units {
		if u.Side == rules.SideBlue {
			blue++
		} else {
			red++
		}
	}
	return blue, red
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// clip shortens s to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// wrap breaks s into lines of at most n runes at spaces.
func wrap(s string, n int) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			switch {
			case line == "":
				line = w
			case len([]rune(line))+1+len([]rune(w)) <= n:
				line += " " + w
			default:
				lines = append(lines, line)
				line = w
			}
			for len([]rune(line)) > n {
				r := []rune(line)
				lines = append(lines, string(r[:n]))
				line = string(r[n:])
			}
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// playersLine says who will play each side.
func (ls *LevelSelect) playersLine() string {
	name := func(p Player) string {
		if p == Computer {
			return "computer"
		}
		return "player"
	}
	switch ls.players {
	case [2]Player{Human, Human}:
		return "Hot-seat: two players, one screen"
	case [2]Player{Human, Computer}:
		return "You play Blue against the computer"
	case [2]Player{Computer, Human}:
		return "You play Red against the computer"
	}
	return "Blue: " + name(ls.players[0]) + " · Red: " + name(ls.players[1])
}
