package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/systems"
)

// helpCard is the help card F1 or ? opens over the title, the level
// select and the battle, an overlay on the manager's stack, in two pages:
// every action with its cost and effect (from the action catalogue) and
// what Peek, Aim and Overwatch do; then every other control and a short
// summary of the rules. Tab, the arrows or a click on a page's tab turn
// the page; F1, ?, Esc, Enter or another click closes it.
//
// The card covers the screen, so it is drawn at its own size whatever the
// interface size: at 125% or 150% it would not fit.
type helpCard struct {
	fonts *systems.Fonts
	env   *Env
	b     *Battle // the battle under the card, nil for none
	page  int     // 0 the actions, 1 the controls and rules
	up    int     // the page shown on a phone held upright (helpUpright)
	paint systems.Painter
}

// newHelp returns the help card (over the battle given, if any: the card
// covers it whole).
func newHelp(env *Env, b *Battle) *helpCard {
	return &helpCard{fonts: env.Fonts, env: env, b: b, paint: env.painter()}
}

// Name returns "help".
func (c *helpCard) Name() string { return "help" }

// helpPages are the card's pages, as their tabs name them.
var helpPages = [...]string{"ACTIONS", "CONTROLS AND RULES"}

// The help card's size.
const helpW, helpH = 1220.0, 660.0

// touchHelp is what the help card says of touch, a sentence or two a
// line, in the words a finger meets: the buttons by their labels, not by
// the keys they stand for. The card held upright says it too.
var touchHelp = []string{
	"Tap a unit to select it. Tap a tile to preview a move or a shot, then tap it again to do it. Drag to pan, pinch to zoom.",
	"MENU: save, load and settings. The top bar's buttons do what keys would: " + touchNext + " unit, " +
		touchDeselect + " (" + touchCancel + " while aiming), " + touchWhy + ", a replay's " + touchPlay + " and " + touchStep + ".",
}

// Where the help card's touch lines start under its top, and the room
// of each.
const (
	helpTouchY    = helpH - 56
	helpTouchLine = 24.0
)

// helpTabs returns the tabs of the card's pages on a w×h screen.
func (c *helpCard) helpTabs(w, h float64) []systems.Button {
	x, y := (w-helpW)/2, (h-helpH)/2
	out := make([]systems.Button, len(helpPages))
	for i, name := range helpPages {
		out[i] = systems.Button{X: x + 120 + float64(i)*250, Y: y + 14, W: 236, H: 36, Label: name, Size: 15, Color: menuItemFill}
		if i == c.page {
			out[i].Color, out[i].Hover = menuFocusFill, true
		}
	}
	return out
}

// Update takes every press: Tab, the arrows or a click on a tab turn the
// page; F1, ?, Esc, Enter or any other click closes the card.
func (c *helpCard) Update(m *Manager, in []systems.Intent) error {
	if w, h := c.screenSize(); h > w {
		return c.updateUpright(m, in, w, h)
	}
	for _, it := range in {
		switch it.Kind {
		case systems.IntentCycle, systems.IntentRight, systems.IntentDown:
			c.page = (c.page + 1) % len(helpPages)
		case systems.IntentLeft, systems.IntentUp:
			c.page = (c.page + len(helpPages) - 1) % len(helpPages)
		case systems.IntentClick:
			for i, t := range c.helpTabs(ScreenWidth, ScreenHeight) {
				if t.Contains(it.X, it.Y) {
					c.page = i
					return nil
				}
			}
			m.Pop()
			return nil
		case systems.IntentHelp, systems.IntentBack, systems.IntentCancel, systems.IntentConfirm:
			m.Pop()
			return nil
		}
	}
	return nil
}

// helpKey is one line of the card's key list: the keys and what they do.
type helpKey struct{ keys, what string }

// helpAction is one row of the card's action table.
type helpAction struct{ key, label, cost, effect string }

// actionRows lists every action from the action catalogue (actions.All),
// in bar order, with its key, cost and effect: never a copy of it.
func actionRows() []helpAction {
	var out []helpAction
	for _, a := range actions.All() {
		k := strings.ToUpper(string(a.Key))
		if a.ID == actions.EndTurn {
			k += " / Enter"
		}
		label := a.Label
		if a.ID == actions.DrawHolster {
			label = "Draw / Holster"
		}
		out = append(out, helpAction{k, label, a.Cost, a.Effect})
	}
	return out
}

// helpNotes explain the actions whose effect takes more than a line:
// Peek (which is no button: it happens when you fire), Aim and Overwatch.
var helpNotes = []string{
	"PEEK: FREE, ONCE A TURN",
	"Firing from Full cover at an enemy it hides,",
	"you lean out by yourself: until your turn",
	"ends you have Half cover (+2), and overwatch",
	"that sees you lean out fires first.",
	"",
	"AIM",
	"A hit on a natural roll in your weapon's",
	"threat range (a rifle's: 20) is a critical:",
	"more damage. Aim widens that range by one",
	"(19-20) until your next turn.",
	"",
	"OVERWATCH",
	"Spend your AP to watch a cone: the first",
	"enemy that moves or acts in it draws one",
	"shot before its action resolves.",
}

// otherKeys are the controls that are not actions.
var otherKeys = []helpKey{
	{"Click", "select a unit, move, target"},
	{"Tab", "next unit with AP"},
	{"Right-click / Esc", "deselect, leave a mode"},
	{"WASD / arrows", "pan the map"},
	{"Right- or middle-drag", "pan the map"},
	{"Screen edge", "pan the map"},
	{"Wheel / + −", "zoom"},
	{"Space", "skip the animation"},
	{"Ctrl+Z", "undo the last order"},
	{"L", "combat log"},
	{"Y", "why the computer did that"},
	{"M", "mute or unmute"},
	{"Esc", "menu (save, load, settings)"},
	{"F1 / ?", "this help"},
}

// rulesSummary is the card's short account of the rules (docs/RULES.md
// is the long one).
var rulesSummary = []string{
	"THE HIT ROLL",
	"d20 + your attack modifiers must reach",
	"10 + the target's defence + its cover.",
	"A natural 20 always hits. The hit panel",
	"lists every modifier.",
	"",
	"COVER GRADES: ADDED TO DEFENCE",
	"Exposed −2 (no cover within 2 tiles)",
	"None 0 · Half +2 (low cover) · ¾ +3",
	"(high cover) · Corner +3 · Full +4:",
	"fully hidden targets cannot be shot.",
	"",
	"HEIGHTS",
	"The number on a piece of low cover is its",
	"height in bricks. A soldier standing is 4",
	"bricks tall, crouched 3, prone 1.",
}

// helpFill is the card's ground: the panel colour, opaque.
var helpFill = color.RGBA{0x11, 0x18, 0x27, 0xff}

// Draw draws the card over the screen.
func (c *helpCard) Draw(dst *ebiten.Image) {
	f, p := c.fonts, &c.paint
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	if h > w {
		c.drawUpright(dst, w, h)
		return
	}
	p.Rect(dst, 0, 0, w, h, color.NRGBA{0x05, 0x08, 0x0e, 0xd0})
	x, y := (w-helpW)/2, (h-helpH)/2
	// Opaque: the battle's labels would show through the card's small
	// text otherwise.
	p.RoundRect(dst, x, y, helpW, helpH, 14, 0, helpFill)
	p.RoundRect(dst, x, y, helpW, helpH, 14, 2, systems.ColorAccent)
	p.Text("HELP", 26, true, x+24, y+16, systems.ColorText, systems.AlignLeft)
	for _, t := range c.helpTabs(w, h) {
		t.Draw(dst, p)
	}
	p.Text("Tab: other page · F1, Esc or a click: close", 14, false, x+helpW-24, y+24, systems.ColorTextDim, systems.AlignRight)
	p.Text("TOUCH", 14, true, x+28, y+helpTouchY, systems.ColorAccent, systems.AlignLeft)
	for i, l := range touchHelp {
		p.Text(l, 15, false, x+96, y+helpTouchY+float64(i)*helpTouchLine, systems.ColorTextDim, systems.AlignLeft)
	}
	const lineH = 26.0
	notes := func(rx float64, lines []string) {
		for i, l := range lines {
			ly := y + 72 + float64(i)*lineH
			if l == strings.ToUpper(l) && l != "" {
				p.Text(l, 14, true, rx, ly, systems.ColorAccent, systems.AlignLeft)
				continue
			}
			p.Text(l, 15, false, rx, ly, systems.ColorText, systems.AlignLeft)
		}
	}
	if c.page == 0 {
		p.Text("KEY", 13, true, x+28, y+72, systems.ColorAccent, systems.AlignLeft)
		p.Text("ACTION", 13, true, x+100, y+72, systems.ColorAccent, systems.AlignLeft)
		p.Text("COST", 13, true, x+236, y+72, systems.ColorAccent, systems.AlignLeft)
		p.Text("WHAT IT DOES", 13, true, x+410, y+72, systems.ColorAccent, systems.AlignLeft)
		for i, a := range actionRows() {
			ly := y + 96 + float64(i)*27
			p.Text(a.key, 14, true, x+28, ly, systems.ColorText, systems.AlignLeft)
			p.Text(a.label, 14, true, x+100, ly, systems.ColorText, systems.AlignLeft)
			p.Text(a.cost, 14, false, x+236, ly, systems.ColorAccent, systems.AlignLeft)
			p.Text(a.effect, 14, false, x+410, ly, systems.ColorTextDim, systems.AlignLeft)
		}
		notes(x+helpW-326, helpNotes)
		p.FlushText(dst, f)
		return
	}
	p.Text("MAP AND SCREEN", 14, true, x+28, y+72, systems.ColorAccent, systems.AlignLeft)
	for i, k := range otherKeys {
		ly := y + 100 + float64(i)*lineH
		p.Text(k.keys, 15, true, x+28, ly, systems.ColorText, systems.AlignLeft)
		p.Text(k.what, 15, false, x+228, ly, systems.ColorTextDim, systems.AlignLeft)
	}
	notes(x+640, rulesSummary)
	p.FlushText(dst, f)
}
