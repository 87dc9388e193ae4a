package systems

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

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
	// Good is true when the modifier helps the attacker, Neutral when it
	// neither helps nor hurts (the base target number, zero entries).
	Good, Neutral bool
}

// WhyLines returns one line per modifier of bd, in the breakdown's order,
// naming each cause from s.
func WhyLines(s *rules.State, bd rules.Breakdown) []WhyLine {
	out := make([]WhyLine, 0, len(bd.Mods))
	for i, m := range bd.Mods {
		ln := WhyLine{Kind: m.Kind, Label: m.Label, Source: m.Source, Cause: causeName(s, m.Cause)}
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
	// Err, when set, says why the attack is illegal (nothing else is shown).
	Err error
}

// NewTargetPanel builds the panel of an attack preview (or its error).
func NewTargetPanel(s *rules.State, action, title string, pv rules.AttackPreview, err error) *TargetPanel {
	tp := &TargetPanel{Title: title, Action: action, Preview: pv, Err: err}
	if err == nil {
		tp.Lines = WhyLines(s, pv.Breakdown)
	}
	return tp
}

// Why panel sizes in screen pixels.
const (
	whyW     = 430.0
	whyHead  = 104.0
	whyLineH = 36.0
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
	return whyHead + float64(len(tp.Lines))*whyLineH + 44
}

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
		p.Text(Reason(tp.Err), 13, false, x+16, y+56, ColorText, AlignLeft)
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
	sum := fmt.Sprintf("%s · %d AP · d20 %s vs %d: need %d+", pv.Weapon, pv.AP, signedNum(bd.Attack()), bd.Target(), bd.Need())
	p.Text(sum, 13, false, x+whyW-16, y+34, ColorTextDim, AlignRight)
	tags := GradeLabel(pv.Grade, pv.Flanked, bd.Cover)
	if pv.Flanked {
		tags = "FLANKED"
	}
	if pv.Peek {
		tags += "  ·  peeks: overwatch may fire first"
	}
	p.Text(tags, 13, true, x+whyW-16, y+54, ColorText, AlignRight)
	p.Rect(dst, x+16, y+whyHead-14, whyW-32, 1, ColorPanelEdge)
	ly := y + whyHead - 6
	for _, ln := range tp.Lines {
		vc := colorBad
		switch {
		case ln.Neutral:
			vc = ColorText
		case ln.Good:
			vc = colorGood
		}
		p.Text(ln.Value, 16, true, x+70, ly+2, vc, AlignRight)
		p.Text(ln.Label, 14, true, x+82, ly, ColorText, AlignLeft)
		src := ln.Source
		if ln.Cause != "" {
			src += "  ·  " + ln.Cause
		}
		p.Text(src, 11, false, x+82, ly+18, ColorTextDim, AlignLeft)
		ly += whyLineH
	}
	p.Rect(dst, x+16, ly+2, whyW-32, 1, ColorPanelEdge)
	foot := fmt.Sprintf("Hit on d20 %s ≥ %d  (a natural 20 always hits)", signedNum(bd.Attack()), bd.Target())
	p.Text(foot, 12, false, x+16, ly+12, ColorTextDim, AlignLeft)
}

// DrawChanceTag draws the big hit chance over the target at screen point
// (cx, top): "65%" with the critical chance under it.
func DrawChanceTag(dst *ebiten.Image, p *Painter, f *Fonts, cx, top float64, pv rules.AttackPreview) {
	s := percent(pv.Chance)
	cc := chanceColor(pv.Chance)
	w := max(f.Width(s, 26, true), f.Width("crit "+percent(pv.CritChance), 12, true)) + 22
	y := top - 52
	p.RoundRect(dst, cx-w/2, y+2, w, 48, 9, 0, color.NRGBA{0, 0, 0, 0x70})
	p.RoundRect(dst, cx-w/2, y, w, 48, 9, 0, color.RGBA{0x0f, 0x15, 0x22, 0xf0})
	p.RoundRect(dst, cx-w/2, y, w, 48, 9, 2, cc)
	p.Text(s, 26, true, cx, y+18, cc, AlignCenter)
	p.Text("crit "+percent(pv.CritChance), 12, true, cx, y+38, ColorAccent, AlignCenter)
}
