package scenes

import (
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/systems"
)

// helpCard is the help card F1 or ? opens over the title, the level
// select and the battle, an overlay on the manager's stack: every control
// and a short summary of the rules. F1, ?, Esc, Enter or a click closes
// it.
type helpCard struct {
	fonts *systems.Fonts
	// over is the battle it is drawn over, on its furniture's layer
	// (nil: straight onto the screen).
	over  *Battle
	paint systems.Painter
}

// newHelp returns the help card; over is the battle under it, if any.
func newHelp(env *Env, over *Battle) *helpCard { return &helpCard{fonts: env.Fonts, over: over} }

// Name returns "help".
func (c *helpCard) Name() string { return "help" }

// Update takes every press, closing the card on F1, ?, Esc, Enter or a
// click.
func (c *helpCard) Update(m *Manager, in []systems.Intent) error {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentHelp, systems.IntentBack, systems.IntentClick, systems.IntentCancel, systems.IntentConfirm:
			m.Pop()
			return nil
		}
	}
	return nil
}

// helpKey is one line of the card's key list: the keys and what they do.
type helpKey struct{ keys, what string }

// actionKeys lists every action's hotkey from the action catalogue
// (actions.All), in bar order: never a copy of it.
func actionKeys() []helpKey {
	var out []helpKey
	for _, a := range actions.All() {
		k := strings.ToUpper(string(a.Key))
		if a.ID == actions.EndTurn {
			k += " / Enter"
		}
		out = append(out, helpKey{k, a.Label})
	}
	return out
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
	"lists every modifier and its rule.",
	"",
	"COVER GRADES (to the target's defence)",
	"Exposed −2 (no cover within 2 tiles)",
	"None 0 · Half +2 (low cover) · ¾ +3",
	"(high cover) · Corner +3 · Full +4:",
	"fully hidden targets cannot be shot.",
	"",
	"PEEK",
	"Firing from Full cover you peek out",
	"(Half cover) once a turn: overwatch",
	"that sees it fires first.",
	"",
	"OVERWATCH",
	"Spend your AP to watch a cone: the first",
	"enemy that moves or acts in it draws",
	"one shot before its action resolves.",
}

// Draw draws the card over the screen, or over the battle's furniture.
func (c *helpCard) Draw(screen *ebiten.Image) {
	dst := screen
	if c.over != nil {
		dst = c.over.uiTarget(screen)
		defer c.over.drawUI(screen, dst)
	}
	f, p := c.fonts, &c.paint
	w, h := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	p.Rect(dst, 0, 0, w, h, color.NRGBA{0x05, 0x08, 0x0e, 0xd0})
	cw, ch := 1220.0, 660.0
	x, y := (w-cw)/2, (h-ch)/2
	p.RoundRect(dst, x, y, cw, ch, 14, 0, systems.ColorPanel)
	p.RoundRect(dst, x, y, cw, ch, 14, 2, systems.ColorAccent)
	p.Text("HELP", 26, true, x+24, y+16, systems.ColorText, systems.AlignLeft)
	p.Text("F1, ?, Esc, a click or a tap: close", 14, false, x+cw-24, y+24, systems.ColorTextDim, systems.AlignRight)
	p.Text("TOUCH", 14, true, x+28, y+ch-34, systems.ColorAccent, systems.AlignLeft)
	p.Text("Tap a tile to preview, tap it again to act · drag: pan · pinch: zoom · MENU: Esc · "+
		"the top bar's buttons: Tab, right click, Y and a replay's keys", 15, false, x+96, y+ch-34, systems.ColorTextDim, systems.AlignLeft)

	const lineH = 26.0
	column := func(cx float64, title string, keys []helpKey, keyW float64) {
		p.Text(title, 14, true, cx, y+64, systems.ColorAccent, systems.AlignLeft)
		for i, k := range keys {
			ly := y + 92 + float64(i)*lineH
			p.Text(k.keys, 15, true, cx, ly, systems.ColorText, systems.AlignLeft)
			p.Text(k.what, 15, false, cx+keyW, ly, systems.ColorTextDim, systems.AlignLeft)
		}
	}
	column(x+28, "ACTIONS (keys on the action bar)", actionKeys(), 84)
	column(x+310, "MAP AND SCREEN", otherKeys, 190)
	rx := x + 790
	for i, l := range rulesSummary {
		ly := y + 64 + float64(i)*lineH
		if l == strings.ToUpper(l) && l != "" {
			p.Text(l, 14, true, rx, ly, systems.ColorAccent, systems.AlignLeft)
			continue
		}
		p.Text(l, 15, false, rx, ly, systems.ColorText, systems.AlignLeft)
	}
	p.FlushText(dst, f)
}
