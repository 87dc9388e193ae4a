package scenes

import (
	"errors"
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// Result is the end-of-battle screen: who won, on which level, after how
// many turns, and what to do next. Against the computer it is headed
// VICTORY or DEFEAT for the player; in hot-seat it names the winner. Its
// buttons start the same level again with new dice (Retry), the
// campaign's next level after a win (Next level), play the battle back
// (Watch replay) or return to the level select in the mode played. A
// battle played online ends as the server called it, a draw at the turn
// limit included, and goes back to Play online (or the title), never to
// a local game. A battle whose last units of both sides fell together is
// a draw, headed DRAW, with no winner.
type Result struct {
	env    *Env
	winner rules.Side
	level  string
	turns  int
	up     float64 // seconds on screen
	paint  systems.Painter

	// Left names the winner's units still standing.
	Left []string
	// Replay says where the battle's replay was kept ("" when it was not).
	Replay string
	// Why says what decided the battle (rules.Verdict).
	Why string
	// Campaign is the battle's score in the campaign (nil outside it).
	Campaign *CampaignScore
	// Drawn says the battle ended in a draw (the last units of both
	// sides fell together, or online at the turn limit): it has no
	// winner.
	Drawn bool
	// Online is the side the opponent played over the network (nil for
	// a battle played at this machine): the result goes back to Play
	// online, never to a local game.
	Online *rules.Side

	// again is how the battle was set up, for Retry, Next level and the
	// level select; record is the battle, for Watch replay.
	again  rematch
	record *match.Replay
	// buttons are the choices shown, focus the one Enter presses, and
	// note says why the last choice failed ("" when none did).
	buttons []resultButton
	focus   int
	note    string
}

// rematch is what a result needs to play on in the mode of the battle:
// its level, who played each side, the computer's profile and whether it
// was a campaign level.
type rematch struct {
	level    match.LevelRef
	players  [2]Player
	profile  string
	campaign bool
}

// resultButton is one choice of the result screen.
type resultButton struct {
	systems.Button
	key rune // the key that presses it
	act resultAct
}

// resultAct is what a result button does.
type resultAct int

// The result screen's choices.
const (
	actNext resultAct = iota + 1
	actRetry
	actWatch
	actLevels
	actOnline
	actTitle
)

// resultGuard is how long, in seconds, the result screen ignores presses,
// so a key held from the battle does not choose for the player.
const resultGuard = 0.5

// NewResult returns the result screen for a battle won by winner, with
// only the level select to go on to (newResult gives the battle's).
func NewResult(env *Env, winner rules.Side, level string, turns int) *Result {
	r := &Result{env: env, winner: winner, level: level, turns: turns, paint: env.painter()}
	r.layout()
	return r
}

// newResult returns the result screen of b, won by winner (unless the
// rules' verdict is a draw): the replay kept, the campaign scored, and
// the battle's autosave dropped, so Continue does not resume a finished
// battle.
func (b *Battle) newResult(env *Env, winner rules.Side) *Result {
	r := &Result{env: env, winner: winner, level: b.name, turns: b.state.Turn, paint: env.painter()}
	v := b.state.Verdict()
	r.Why, r.Drawn = v.Why, v.Draw
	if !r.Drawn {
		r.Left = survivors(b.state, winner)
	}
	r.again = rematch{level: b.level, players: b.players, profile: b.turns.profile.Name, campaign: b.campaign}
	if b.level.File != "" {
		r.record = b.keep.record()
	}
	r.Replay = b.keep.keepReplay()
	if b.campaign {
		r.Campaign = b.scoreCampaign(winner, r.Drawn)
	}
	if env.Store != nil && b.level.File != "" {
		if err := env.Store.Delete("saves/autosave"); err != nil {
			r.note = "The finished battle's autosave could not be removed."
		}
	}
	if o, ok := b.drive.(*online); ok {
		r.onlineResult(o)
	}
	r.layout()
	return r
}

// onlineResult makes r the result of the online battle o, as the server
// called it: its winner or a draw, after its turns; the survivors and
// the reason only of what the seat's side knows for sure.
func (r *Result) onlineResult(o *online) {
	opp := o.side.Other()
	r.Online = &opp
	r.again = rematch{players: r.again.players}
	r.record, r.Replay, r.Why, r.Left = nil, "", "", nil
	if o.result == nil {
		return
	}
	r.turns = o.result.Turns
	r.Drawn = o.result.Winner == "draw"
	switch {
	case r.Drawn && o.result.Why != "":
		r.Why = match.SafeText(o.result.Why)
	case r.Drawn:
		r.Why = "The turn limit of " + plural(o.result.Turns, "turn") + " was reached."
	case r.winner == o.side:
		r.Left = survivors(o.state, o.side)
	}
}

// Name returns "result".
func (r *Result) Name() string { return "result" }

// leftLine names the winner's units still standing, the side first: in a
// defeat the survivors are the enemy's, which a bare "3 left standing"
// left the player to guess.
func (r *Result) leftLine() string {
	return r.winner.String() + " has " + strconv.Itoa(len(r.Left)) + " left standing: " + strings.Join(r.Left, ", ")
}

// Winner returns the winning side.
func (r *Result) Winner() rules.Side { return r.winner }

// player returns the side the one person at this machine played, when
// the other was the computer's.
func (r *Result) player() (rules.Side, bool) {
	switch r.again.players {
	case [2]Player{Human, Computer}:
		return rules.SideBlue, true
	case [2]Player{Computer, Human}:
		return rules.SideRed, true
	}
	return 0, false
}

// Headline returns the screen's headline and the line above it: VICTORY
// or DEFEAT alone for a player against the computer (a grey "BLUE WINS"
// over VICTORY said it twice), the winner's name under "BATTLE OVER"
// otherwise (hot-seat, watching).
func (r *Result) Headline() (kicker, head string) {
	if r.Drawn {
		return "BATTLE OVER", "DRAW"
	}
	wins := strings.ToUpper(r.winner.String()) + " WINS"
	if you, ok := r.player(); ok {
		if you == r.winner {
			return "", "VICTORY"
		}
		return "", "DEFEAT"
	}
	return "BATTLE OVER", wins
}

// subtitle names the level, the difficulty against the computer and the
// turns: "Crossroads · Easy · 4 turns".
func (r *Result) subtitle() string {
	s := r.level
	if r.Online != nil {
		return s + " · online against " + r.Online.String() + " · " + plural(r.turns, "turn")
	}
	if a := r.again; a.profile != "" && (a.players[0] == Computer || a.players[1] == Computer) {
		s += " · " + difficultyName(a.profile)
	}
	return s + " · " + plural(r.turns, "turn")
}

// layout places the buttons, centred in a row near the bottom, and puts
// the focus on the likeliest choice: the next level after a campaign
// win, Retry after a defeat, else the level select.
func (r *Result) layout() {
	var bs []resultButton
	add := func(label string, key rune, act resultAct) {
		bs = append(bs, resultButton{Button: systems.Button{Label: label, Key: strings.ToUpper(string(key)), H: 56}, key: key, act: act})
	}
	if c := r.Campaign; c != nil && c.Won && c.Next != "" {
		add("Next level", 'n', actNext)
	}
	if r.again.level.File != "" {
		add("Retry", 'r', actRetry)
	}
	if r.record != nil {
		add("Watch replay", 'w', actWatch)
	}
	if r.Online != nil {
		add("Back to online", 'o', actOnline)
		add("Title", 't', actTitle)
	} else {
		add("Level select", 'l', actLevels)
	}
	r.buttons, r.focus = bs, len(bs)-1
	r.place(ScreenWidth, ScreenHeight)
	if r.Online != nil {
		r.focus = 0 // Back to online
		return
	}
	you, vsComputer := r.player()
	for i, b := range bs {
		if b.act == actNext || b.act == actRetry && vsComputer && (you != r.winner || r.Drawn) {
			r.focus = i
			break
		}
	}
}

// Update runs the buttons (after a short pause, so a held key does not
// choose): a click or a button's key presses it, Enter or Space the one
// with the focus, which Tab, the arrows and the pointer move. Esc returns
// to the level select.
func (r *Result) Update(m *Manager, in []systems.Intent) error {
	r.up += m.Dt()
	r.place(r.screenSize())
	if r.up <= resultGuard {
		return nil
	}
	move := func(d int) { r.focus = (r.focus + d + len(r.buttons)) % len(r.buttons) }
	for _, it := range in {
		switch it.Kind {
		case systems.IntentHover:
			for i, b := range r.buttons {
				if b.Contains(it.X, it.Y) {
					r.focus = i
				}
			}
		case systems.IntentClick:
			for _, b := range r.buttons {
				if b.Contains(it.X, it.Y) {
					r.press(m, b.act)
					return nil
				}
			}
		case systems.IntentLeft, systems.IntentUp:
			move(-1)
		case systems.IntentRight, systems.IntentDown, systems.IntentCycle:
			move(1)
		case systems.IntentConfirm, systems.IntentSkip:
			r.press(m, r.buttons[r.focus].act)
			return nil
		case systems.IntentBack:
			if r.Online != nil {
				r.press(m, actOnline)
			} else {
				r.press(m, actLevels)
			}
			return nil
		case systems.IntentKey:
			for _, b := range r.buttons {
				if systems.KeyOf(it) == b.key {
					r.press(m, b.act)
					return nil
				}
			}
		}
	}
	return nil
}

// press does what a button says; when the level cannot be loaded again,
// the note says why and the screen stays.
func (r *Result) press(m *Manager, act resultAct) {
	r.env.Audio.Click()
	var err error
	switch act {
	case actLevels:
		m.GoTo(r.levelSelect())
		return
	case actOnline:
		m.GoTo(NewOnlineMenu(m.Env))
		return
	case actTitle:
		m.GoTo(NewTitle(m.Env))
		return
	case actRetry:
		err = r.start(m, r.again.level)
	case actNext:
		err = r.start(m, match.LevelRef{File: r.Campaign.Next})
	case actWatch:
		err = r.watch(m)
	}
	if err != nil {
		r.note = "Cannot start it: " + firstLine(err.Error())
		r.env.Audio.Deny()
	}
}

// levelSelect returns the level select of the mode played: the campaign
// (the next level chosen after a win), or the levels for the same
// players, with this level and the computer's profile chosen.
func (r *Result) levelSelect() *LevelSelect {
	a := r.again
	if a.campaign {
		ls := NewCampaignSelect(r.env)
		if c := r.Campaign; c != nil && c.Won && c.Next != "" {
			ls.choose(c.Next)
		} else {
			ls.choose(a.level.File)
		}
		return ls
	}
	ls := NewLevelSelectFor(r.env, a.players)
	ls.choose(a.level.File)
	ls.chooseProfile(a.profile)
	return ls
}

// start loads ref's level afresh and starts a battle on it in the mode
// played, with new dice.
func (r *Result) start(m *Manager, ref match.LevelRef) error {
	lv, err := r.env.loadLevel(ref)
	if err != nil {
		return err
	}
	setup := SetupFromLevel(lv)
	setup.Players, setup.Profile, setup.Campaign = r.again.players, r.again.profile, r.again.campaign
	m.GoTo(NewBattle(m.Env, setup))
	return nil
}

// watch plays the battle back; Esc comes back to this screen.
func (r *Result) watch(m *Manager) error {
	lv, err := r.env.loadLevel(r.again.level)
	if err != nil {
		return err
	}
	b, err := NewWatch(m.Env, SetupFromLevel(lv), r.record)
	if err != nil {
		return err
	}
	b.watch.from = r
	m.GoTo(b)
	return nil
}

// loadLevel loads a level afresh: a map on disk from its path, else one
// of the level folder's.
func (e *Env) loadLevel(ref match.LevelRef) (*levels.Level, error) {
	if ref.Path != "" {
		return levels.OpenFile(ref.Path)
	}
	if e.Levels == nil {
		return nil, errors.New("no level folder")
	}
	return levels.Load(e.Levels, ref.File)
}

// lines says what the battle did to the campaign.
func (c *CampaignScore) lines() (main, sub string) {
	switch {
	case !c.Won:
		main = "Not won: try again"
		if c.Best > 0 {
			main += " · best score " + strconv.Itoa(c.Best)
		}
	case c.NewBest:
		main = "Score " + strconv.Itoa(c.Score) + " · a new best"
	default:
		main = "Score " + strconv.Itoa(c.Score) + " · best " + strconv.Itoa(c.Best)
	}
	switch {
	case c.Err != "":
		sub = c.Err
	case c.Unlocked != "":
		sub = "Unlocked: " + c.Unlocked
	case c.Won && c.Next == "":
		sub = "The last level of the campaign"
	}
	return main, sub
}

// Draw draws the verdict and the buttons.
func (r *Result) Draw(dst *ebiten.Image) {
	dst.Fill(systems.ColorBackground)
	if isUpright(dst) {
		r.drawUpright(dst)
		return
	}
	r.place(ScreenWidth, ScreenHeight)
	lines, band := r.wideLines()
	c := r.colour()
	r.paint.Rect(dst, 0, band[0], ScreenWidth, band[1]-band[0], color.NRGBA{c.R, c.G, c.B, 0x30})
	r.paint.Rect(dst, 0, band[0], ScreenWidth, 4, c)
	r.paint.Rect(dst, 0, band[1]-4, ScreenWidth, 4, c)
	drawLines(&r.paint, lines)
	r.drawButtons(dst)
}

// wideLines lays the result's text out on the 1280×720 screen by the
// upright screen's rule (column): the verdict's band, then the results
// under it, the whole centred over the buttons' row.
func (r *Result) wideLines() (lines []textLine, band [2]float64) {
	lines, band = r.column(ScreenWidth, 0, resultWide)
	end := band[1]
	if n := len(lines); n > 0 {
		b := lines[n-1].box(r.env.Fonts)
		end = max(end, b.y+b.h)
	}
	limit := float64(ScreenHeight) - 118
	if len(r.buttons) > 0 {
		limit = r.buttons[0].Y
	}
	// column lays out from its top down: move the laid-out lines down.
	off := max(24, (limit-end)/2)
	for i := range lines {
		lines[i].y += off
	}
	band[0], band[1] = band[0]+off, band[1]+off
	return lines, band
}

// drawButtons draws the buttons, the focused one lit, and the text
// queued.
func (r *Result) drawButtons(dst *ebiten.Image) {
	for i := range r.buttons {
		b := &r.buttons[i].Button
		b.Hover, b.Color = i == r.focus, color.RGBA{0x24, 0x34, 0x4c, 0xff}
		if b.Hover {
			b.Color = color.RGBA{0x1d, 0x5c, 0xa8, 0xff}
		}
		b.Draw(dst, &r.paint)
	}
	r.paint.FlushText(dst, r.env.Fonts)
}

// colour returns the colour of the verdict: the winner's, or grey for a
// defeat or a draw, whoever won.
func (r *Result) colour() color.RGBA {
	if you, ok := r.player(); ok && you != r.winner || r.Drawn {
		return color.RGBA{0x6b, 0x72, 0x80, 0xff}
	}
	return r.env.Theme().Side(r.winner)
}
