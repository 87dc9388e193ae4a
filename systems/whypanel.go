package systems

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/actions"
	"sightline/rules"
)

// WhyLine is one modifier of an attack as the "why" panel shows it.
type WhyLine struct {
	// Kind is the modifier's kind (rules.ModAttack, ModDefence...).
	Kind string
	// Label says what the modifier is.
	Label string
	// Value is the number as shown: "+3", "−2", "10", "+1 crit", "50% miss".
	Value string
	// Source is the rule it comes from ("seed 004, Low cover").
	Source string
	// Cause names the obstacle or unit behind it ("" for none).
	Cause string
	// Where says, in a player's words, which object gives the target its
	// cover and where it stands ("the barrel between Beech and Kite, 5
	// tiles in front of Kite"); "" for other lines. The panel always
	// shows it.
	Where string
	// Good is true when the modifier helps the attacker, Neutral when it
	// neither helps nor hurts (the base target number, zero entries).
	Good, Neutral bool
}

// WhyLines returns one line per modifier of bd, in the breakdown's order,
// naming each cause from s.
func WhyLines(s *rules.State, bd rules.Breakdown) []WhyLine {
	out := make([]WhyLine, 0, len(bd.Mods))
	for i, m := range bd.Mods {
		ln := WhyLine{Kind: m.Kind, Label: playerLabel(s, m), Source: m.Source, Cause: causeName(s, m.Cause)}
		switch m.Kind {
		case rules.ModAttack:
			ln.Value, ln.Good = signedNum(m.Value), m.Value > 0
		case rules.ModDefence:
			ln.Value, ln.Good = signedNum(m.Value), m.Value < 0
			if i == 0 {
				ln.Value = itoa(m.Value)
				ln.Neutral = true
			}
		case rules.ModThreat:
			ln.Value, ln.Good = signedNum(m.Value)+" crit", m.Value > 0
		case rules.ModMiss:
			ln.Value = fmt.Sprintf("%d%% miss", m.Value)
		default:
			ln.Value = signedNum(m.Value)
		}
		if m.Value == 0 {
			ln.Neutral = true
		}
		out = append(out, ln)
	}
	return out
}

// The rules' sources of the entries whose labels a player cannot place
// ("Base", "Defence of Jay"): the panel says where their numbers come from.
const (
	srcBase        = "ruleset §5, Attack resolution"
	srcUnitDefence = "ruleset §5, Target defence"
	srcUnitAttack  = "ruleset §5, Attack bonus"
)

// playerLabel is m's label in a player's words: the base target number
// says every attack starts there, and a unit's own defence or attack
// bonus names the unit and its type, where the number comes from ("Jay's
// own defence (Trooper)"), so that it is not taken for cover. Other labels
// are the rules' own.
func playerLabel(s *rules.State, m rules.Modifier) string {
	u := s.Unit(m.Cause.Unit)
	switch {
	case m.Kind == rules.ModDefence && m.Source == srcBase && m.Label == "Base":
		return "Base target of every attack"
	case m.Kind == rules.ModDefence && m.Source == srcUnitDefence && u != nil:
		return possessive(u.Name) + " own defence" + typeNote(u)
	case m.Kind == rules.ModAttack && m.Source == srcUnitAttack && u != nil:
		return possessive(u.Name) + " own attack" + typeNote(u)
	}
	return m.Label
}

// possessive is name's possessive: "Jay's", "Ross'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// typeNote names u's unit type in brackets, " (Trooper)", as the source
// of its own numbers ("" when it has no type or is named after it).
func typeNote(u *rules.Unit) string {
	if u.Type == "" || strings.EqualFold(u.Type, u.Name) {
		return ""
	}
	return " (" + capital(u.Type) + ")"
}

// causeName names a modifier's cause: the obstacle's name or the unit's.
func causeName(s *rules.State, c rules.Cause) string {
	if c.Obstacle != 0 {
		if o := s.Board.Obstacle(c.Obstacle); o != nil && o.Name != "" {
			return o.Name
		}
		return fmt.Sprintf("obstacle %d", c.Obstacle)
	}
	if c.Unit != 0 {
		if u := s.Unit(c.Unit); u != nil {
			return u.Name
		}
	}
	return ""
}

// WhySection is one group of the "why" panel: the terms of the target
// number, the modifiers of the roll, or the other chances, with the group's
// total as shown ("16", "d20 +3", "").
type WhySection struct {
	// Title names the group ("Target number", "Your roll", "Other").
	Title string
	// Total is the group's sum as shown ("" when it has none).
	Total string
	// Lines are the group's modifiers in the breakdown's order.
	Lines []WhyLine
}

// WhySections groups lines (the WhyLines of bd) into the target number's
// terms, summing to bd.Target(); the roll's modifiers, summing to
// bd.Attack(); and, when there are any, the critical and miss chances.
func WhySections(lines []WhyLine, bd rules.Breakdown) []WhySection {
	target := WhySection{Title: "Target number", Total: itoa(bd.Target())}
	roll := WhySection{Title: "Your roll", Total: "d20 " + signedNum(bd.Attack())}
	other := WhySection{Title: "Critical & misses"}
	for _, ln := range lines {
		switch ln.Kind {
		case rules.ModDefence:
			target.Lines = append(target.Lines, ln)
		case rules.ModAttack:
			roll.Lines = append(roll.Lines, ln)
		default:
			other.Lines = append(other.Lines, ln)
		}
	}
	out := []WhySection{target, roll}
	if len(other.Lines) > 0 {
		out = append(out, other)
	}
	return out
}

// NeedText says what the d20 must show: "need 13+ on the d20".
func NeedText(bd rules.Breakdown) string {
	return fmt.Sprintf("need %d+ on the d20", bd.Need())
}

// TargetPanel is what the targeting UI shows about one prospective attack:
// the hit chance, the critical chance and why.
type TargetPanel struct {
	// Title names the attack ("Blue 1 → Red 2").
	Title string
	// Action names the action ("Attack", "Charge", "Blind Fire").
	Action string
	// Preview is the rules' plan of the attack.
	Preview rules.AttackPreview
	// Lines are the preview's modifiers in words.
	Lines []WhyLine
	// Sections are Lines grouped: target number, roll, other chances.
	Sections []WhySection
	// Err, when set, says why the attack is illegal (nothing else is shown).
	Err error
	// HideSources leaves each modifier's rule ("seed 003, Aiming") out,
	// but for the line under the pointer (PointerX, PointerY, on the
	// panel's screen): the player's "rule sources: on hover" setting.
	// False names every line's rule.
	HideSources bool
	// PointerX and PointerY are where the pointer is.
	PointerX, PointerY float64

	shown []string // the sources the last Draw showed
}

// ShownSources returns the rule sources the last Draw wrote, top to
// bottom.
func (tp *TargetPanel) ShownSources() []string { return tp.shown }

// NewTargetPanel builds the panel of an attack preview (or its error).
func NewTargetPanel(s *rules.State, action, title string, pv rules.AttackPreview, err error) *TargetPanel {
	tp := &TargetPanel{Title: title, Action: action, Preview: pv, Err: err}
	if err == nil {
		tp.Lines = WhyLines(s, pv.Breakdown)
		for i, m := range pv.Breakdown.Mods {
			if m.Kind == rules.ModDefence && pv.Obstacle == 0 && pv.By != nil && m.Cause.Obstacle == pv.By.ID {
				tp.Lines[i].Where = coverPlace(s, pv, m.Cause.Obstacle)
			}
		}
		tp.Sections = WhySections(tp.Lines, pv.Breakdown)
	}
	return tp
}

// coverPlace says which obstacle covers pv's target and where it stands,
// as a player would: beside the target, beside the attacker, or between
// the two, so many tiles in front of the target ("" when the attack has
// no target unit or the obstacle is gone). The caller asks only for the
// cover of a unit attacked, not for cover attacked on its own.
func coverPlace(s *rules.State, pv rules.AttackPreview, id int) string {
	a, t, o := s.Unit(pv.Attacker), s.Unit(pv.Target), s.Board.Obstacle(id)
	if a == nil || t == nil || o == nil {
		return ""
	}
	name := "the cover"
	if o.Name != "" {
		name = "the " + o.Name
	}
	switch {
	case s.InContact(t, o):
		return name + " beside " + t.Name
	case s.InContact(a, o):
		return name + " beside " + a.Name + ", between " + a.Name + " and " + t.Name
	}
	where := name + " between " + a.Name + " and " + t.Name
	if n := tilesBetween(s, t, o); n > 0 {
		where += ", " + itoa(n) + " " + plural(n, "tile", "tiles") + " in front of " + t.Name
	}
	return where
}

// tilesBetween counts the whole tiles between unit u's space and the
// nearest edge of obstacle o.
func tilesBetween(s *rules.State, u *rules.Unit, o *rules.Obstacle) int {
	ts := float64(s.Board.TileSize)
	lo, hi := o.Shape.Bounds()
	size := float64(max(u.Size, 1))
	ux0, uy0 := float64(u.Pos.X)*ts, float64(u.Pos.Y)*ts
	ux1, uy1 := ux0+size*ts, uy0+size*ts
	gap := func(a0, a1, b0, b1 float64) float64 { return max(b0-a1, a0-b1, 0) }
	d := max(gap(ux0, ux1, lo.X, hi.X), gap(uy0, uy1, lo.Y, hi.Y))
	return int(d/ts + 0.5)
}

// Why panel sizes in screen pixels.
const (
	whyW     = 430.0
	whyHead  = 94.0
	whyLineH = 34.0
	whySecH  = 26.0
	whyFootH = 48.0
)

var (
	colorGood = color.RGBA{0x4a, 0xde, 0x80, 0xff}
	colorBad  = color.RGBA{0xf8, 0x71, 0x71, 0xff}
)

// chanceColor is the big percentage's colour: red when unlikely, amber in
// between, green when likely.
func chanceColor(p float64) color.RGBA {
	switch {
	case p < 0.35:
		return colorBad
	case p < 0.65:
		return ColorAccent
	}
	return colorGood
}

// Width returns the panel's width in pixels.
func (tp *TargetPanel) Width() float64 { return whyW }

// Height returns the panel's height in pixels.
func (tp *TargetPanel) Height() float64 {
	if tp.Err != nil {
		return 76
	}
	h := whyHead + float64(len(tp.Sections))*whySecH + whyFootH
	for _, ln := range tp.Lines {
		h += tp.lineHeight(ln)
	}
	if tp.Preview.Second != nil {
		h += whySecondH
	}
	return h
}

// lineHeight is the height of a modifier's row: taller for a cover line,
// which says where its cover stands.
func (tp *TargetPanel) lineHeight(ln WhyLine) float64 {
	if ln.Where != "" {
		return whyLineH + whyWhereH
	}
	return whyLineH
}

// whyWhereH is the height of a cover line's row saying where it stands.
const whyWhereH = 15.0

// whySecondH is the height of the second weapon's row.
const whySecondH = 44.0

// Draw draws the panel with its top-left corner at (x, y).
func (tp *TargetPanel) Draw(dst *ebiten.Image, p *Painter, f *Fonts, x, y float64) {
	h := tp.Height()
	p.RoundRect(dst, x, y+3, whyW, h, 12, 0, color.NRGBA{0, 0, 0, 0x60})
	p.RoundRect(dst, x, y, whyW, h, 12, 0, color.RGBA{0x0f, 0x15, 0x22, 0xf0})
	p.RoundRect(dst, x, y, whyW, h, 12, 1.5, ColorPanelEdge)
	p.Text(tp.Action+"  ·  "+tp.Title, 13, true, x+16, y+11, ColorTextDim, AlignLeft)
	if tp.Err != nil {
		p.RoundRect(dst, x+6, y+10, 4, h-20, 2, 0, ColorError)
		p.Text("Not possible", 20, true, x+16, y+32, Shade(ColorError, 1.2), AlignLeft)
		p.Text(actions.Reason(tp.Err), 13, false, x+16, y+56, ColorText, AlignLeft)
		return
	}
	pv := tp.Preview
	cc := chanceColor(pv.Chance)
	p.RoundRect(dst, x+6, y+10, 4, h-20, 2, 0, cc)
	p.Text(percent(pv.Chance), 44, true, x+16, y+28, cc, AlignLeft)
	pw := f.Width(percent(pv.Chance), 44, true)
	p.Text("to hit", 15, false, x+24+pw, y+40, ColorText, AlignLeft)
	p.Text("crit "+percent(pv.CritChance), 15, true, x+24+pw, y+58, ColorAccent, AlignLeft)
	bd := pv.Breakdown
	weapon := pv.Weapon
	if pv.Second != nil {
		weapon += " + " + pv.Second.Weapon
	}
	p.Text(fmt.Sprintf("%s · %d AP", weapon, pv.AP), 13, false, x+whyW-16, y+34, ColorTextDim, AlignRight)
	tags := GradeLabel(pv.Grade, pv.Flanked, pv.Corner, coverValue(pv))
	if pv.Flanked {
		tags = "FLANKED"
	}
	if pv.Peek {
		tags += "  ·  peeks: overwatch may fire first"
	}
	p.Text(tags, 13, true, x+whyW-16, y+54, ColorText, AlignRight)
	ly := y + whyHead - 8
	tp.shown = tp.shown[:0]
	for _, sec := range tp.Sections {
		p.Rect(dst, x+16, ly, whyW-32, 1, ColorPanelEdge)
		p.Text(strings.ToUpper(sec.Title), 12, true, x+16, ly+7, ColorTextDim, AlignLeft)
		if sec.Total != "" {
			p.Text("= "+sec.Total, 15, true, x+whyW-16, ly+5, ColorText, AlignRight)
		}
		ly += whySecH
		for _, ln := range sec.Lines {
			tp.drawLine(p, ln, x, ly)
			ly += tp.lineHeight(ln)
		}
	}
	p.Rect(dst, x+16, ly+2, whyW-32, 2, ColorPanelEdge)
	need := NeedText(bd)
	p.Text(strings.ToUpper(need[:1])+need[1:], 16, true, x+16, ly+10, cc, AlignLeft)
	p.Text(fmt.Sprintf("d20 %s must reach %d  ·  a natural 20 always hits", signedNum(bd.Attack()), bd.Target()), 11, false, x+16, ly+30, ColorTextDim, AlignLeft)
	if sp := pv.Second; sp != nil {
		// Seed 003: the second weapon fires in the same action, its own roll.
		ly += whyFootH
		sc := chanceColor(sp.Chance)
		p.Rect(dst, x+16, ly-2, whyW-32, 1, ColorPanelEdge)
		p.Text(fmt.Sprintf("+ %s, its own roll: %s to hit, crit %s", sp.Weapon, percent(sp.Chance), percent(sp.CritChance)), 15, true, x+16, ly+4, sc, AlignLeft)
		p.Text(fmt.Sprintf("d20 %s must reach %d  ·  %s", signedNum(sp.Breakdown.Attack()), sp.Breakdown.Target(), srcTwoWeapon), 11, false, x+16, ly+24, ColorTextDim, AlignLeft)
	}
}

// srcTwoWeapon is the rule a second weapon's shot follows.
const srcTwoWeapon = "seed 003, Two-Weapon Combat"

// drawLine draws one modifier row at (x, y): value, label, source · cause.
// A cover line says where its cover stands on a row of its own under the
// label, always (whyWhereH).
func (tp *TargetPanel) drawLine(p *Painter, ln WhyLine, x, y float64) {
	vc := colorBad
	switch {
	case ln.Neutral:
		vc = ColorText
	case ln.Good:
		vc = colorGood
	}
	p.Text(ln.Value, 16, true, x+70, y+2, vc, AlignRight)
	p.Text(ln.Label, 14, true, x+82, y, ColorText, AlignLeft)
	on := tp.PointerX >= x+16 && tp.PointerX < x+whyW-16 && tp.PointerY >= y-4 && tp.PointerY < y+tp.lineHeight(ln)-4
	if ln.Where != "" {
		p.Text(ln.Where, 11, false, x+82, y+18, ColorText, AlignLeft)
		y += whyWhereH
	}
	if tp.HideSources && !on {
		return
	}
	tp.shown = append(tp.shown, ln.Source)
	src := ln.Source
	if ln.Cause != "" && ln.Where == "" { // a cover line named its cause above
		src += "  ·  " + ln.Cause
	}
	p.Text(src, 11, false, x+82, y+18, ColorTextDim, AlignLeft)
}

// ChanceTagSize returns the size of the chance tag DrawChanceTag draws
// for pv.
func ChanceTagSize(f *Fonts, pv rules.AttackPreview) (w, h float64) {
	return max(f.Width(chanceTagText(pv), 26, true), f.Width("crit "+percent(pv.CritChance), 12, true)) + 22, 48
}

// chanceTagText is the tag's big line: "65%", or both rolls of two weapons.
func chanceTagText(pv rules.AttackPreview) string {
	s := percent(pv.Chance)
	if pv.Second != nil {
		s += " + " + percent(pv.Second.Chance) // two weapons, two rolls
	}
	return s
}

// DrawChanceTag draws the big hit chance centred on cx with its top at
// y: "65%" with the critical chance under it.
func DrawChanceTag(dst *ebiten.Image, p *Painter, f *Fonts, cx, y float64, pv rules.AttackPreview) {
	s := chanceTagText(pv)
	cc := chanceColor(pv.Chance)
	w, h := ChanceTagSize(f, pv)
	p.RoundRect(dst, cx-w/2, y+2, w, h, 9, 0, color.NRGBA{0, 0, 0, 0x70})
	p.RoundRect(dst, cx-w/2, y, w, h, 9, 0, color.RGBA{0x0f, 0x15, 0x22, 0xf0})
	p.RoundRect(dst, cx-w/2, y, w, h, 9, 2, cc)
	p.Text(s, 26, true, cx, y+18, cc, AlignCenter)
	p.Text("crit "+percent(pv.CritChance), 12, true, cx, y+38, ColorAccent, AlignCenter)
}

// coverValue returns the defence the target's cover grade gives in pv's
// breakdown: its cover entry, or the Exposed entry's penalty.
func coverValue(pv rules.AttackPreview) int {
	if pv.Grade != rules.CoverExposed {
		return pv.Breakdown.Cover
	}
	for _, m := range pv.Breakdown.Mods {
		if m.Kind == rules.ModDefence && m.Source == rules.SourceExposed {
			return m.Value
		}
	}
	return 0
}
