package scenes

import (
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
	"sightline/systems"
)

// Result is the end-of-battle screen: who won, on which level, after how
// many turns. Any key returns to the level select.
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
}

// resultGuard is how long, in seconds, the result screen ignores keys, so
// a key held from the battle does not skip it.
const resultGuard = 0.5

// NewResult returns the result screen for a battle won by winner.
func NewResult(env *Env, winner rules.Side, level string, turns int) *Result {
	return &Result{env: env, winner: winner, level: level, turns: turns}
}

// Name returns "result".
func (r *Result) Name() string { return "result" }

// Winner returns the winning side.
func (r *Result) Winner() rules.Side { return r.winner }

// Update returns to the level select on any key or click (after a short
// pause so a held key does not skip the screen); after a campaign battle,
// to the campaign with the next level chosen when this one was won.
func (r *Result) Update(m *Manager, in []systems.Intent) error {
	r.up += m.Dt()
	if r.up > resultGuard && (systems.Has(in, systems.IntentAnyKey) || systems.Has(in, systems.IntentClick)) {
		if c := r.Campaign; c != nil {
			ls := NewCampaignSelect(m.Env)
			if c.Won {
				ls.choose(c.Next)
			}
			m.GoTo(ls)
			return nil
		}
		m.GoTo(NewLevelSelect(m.Env))
	}
	return nil
}

// campaignLines says what the battle did to the campaign.
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

// Draw draws the verdict.
func (r *Result) Draw(dst *ebiten.Image) {
	f := r.env.Fonts
	dst.Fill(systems.ColorBackground)
	c := r.env.Theme().Side(r.winner)
	cx, cy := float64(ScreenWidth)/2, float64(ScreenHeight)/2
	r.paint.Rect(dst, 0, cy-120, ScreenWidth, 200, color.NRGBA{c.R, c.G, c.B, 0x30})
	r.paint.Rect(dst, 0, cy-120, ScreenWidth, 4, c)
	r.paint.Rect(dst, 0, cy+76, ScreenWidth, 4, c)
	f.Draw(dst, "VICTORY", 22, true, cx, cy-88, systems.ColorTextDim, systems.AlignCenter)
	f.Draw(dst, strings.ToUpper(r.winner.String())+" WINS", 84, true, cx, cy-20, systems.Shade(c, 1.3), systems.AlignCenter)
	f.Draw(dst, r.level+" · "+plural(r.turns, "turn"), 20, false, cx, cy+44, systems.ColorText, systems.AlignCenter)
	if r.Why != "" {
		f.Draw(dst, r.Why, 18, false, cx, cy+96, systems.ColorText, systems.AlignCenter)
	}
	if len(r.Left) > 0 {
		f.Draw(dst, strconv.Itoa(len(r.Left))+" left standing: "+strings.Join(r.Left, ", "), 16, false, cx, cy+160, systems.ColorTextDim, systems.AlignCenter)
	}
	f.Draw(dst, strings.ToUpper(r.winner.Other().String())+" IS DEFEATED", 18, true, cx, cy+130, systems.ColorTextDim, systems.AlignCenter)
	if c := r.Campaign; c != nil {
		main, sub := c.lines()
		f.Draw(dst, main, 24, true, cx, cy-190, systems.ColorAccent, systems.AlignCenter)
		if sub != "" {
			f.Draw(dst, sub, 18, false, cx, cy-154, systems.ColorText, systems.AlignCenter)
		}
	}
	if r.Replay != "" {
		f.Draw(dst, "Replay kept: "+r.Replay, 14, false, cx, cy+196, systems.ColorTextDim, systems.AlignCenter)
	}
	if r.up > resultGuard {
		f.Draw(dst, "PRESS ANY KEY, CLICK OR TAP", 18, true, cx, ScreenHeight-60, systems.ColorAccent, systems.AlignCenter)
	}
}
