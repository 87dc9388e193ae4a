package scenes

import (
	"image/color"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
	"sightline/systems"
)

// objectiveLine is side's objectives in a line for the HUD, with the
// turns each has left; when only the enemy has some, what side must stop.
// It is "" for a battle without objectives (fell every enemy).
func objectiveLine(s *rules.State, side rules.Side) string {
	return objectivesIn(s, side, true)
}

// goalLine is objectiveLine before the battle (the level select): each
// objective's goal, its length named when its words do not name it
// ("hold 2 turns"), and no count of what is done, since nothing is yet.
func goalLine(s *rules.State, side rules.Side) string {
	return objectivesIn(s, side, false)
}

// objectivesIn is objectiveLine, with the counts of a battle started,
// or goalLine.
func objectivesIn(s *rules.State, side rules.Side, started bool) string {
	var mine, theirs []string
	progress := s.ObjectiveProgress()
	for i, o := range s.Objectives {
		text := s.ObjectiveText(i)
		line := upperFirst(text)
		switch {
		case o.Goal == rules.GoalProtect:
		case !started:
			line += goalLength(text, o)
		case o.Goal == rules.GoalHold:
			line += " (held " + strconv.Itoa(progress[i]) + " of " + strconv.Itoa(o.Turns) + ")"
		case o.Turns > 0:
			left, turns := o.Turns-s.Turn+1, " turns left"
			if left == 1 {
				turns = " turn left"
			}
			line += " · " + strconv.Itoa(left) + turns
		}
		if o.Side == side {
			mine = append(mine, line)
		} else {
			theirs = append(theirs, line)
		}
	}
	switch {
	case len(mine) > 0:
		return "Objective: " + strings.Join(mine, " · ")
	case len(theirs) > 0:
		return "Stop " + side.Other().String() + ": " + strings.Join(theirs, " · ")
	}
	return ""
}

// goalLength is what goalLine adds to objective o worded text: how long
// a zone is held (" (hold 2 turns)") or by when the goal is due
// (" · by the end of turn 8"), or nothing when text says it already.
func goalLength(text string, o rules.Objective) string {
	n := strconv.Itoa(o.Turns)
	switch {
	case o.Turns <= 0:
		return ""
	case o.Goal == rules.GoalHold:
		if strings.Contains(text, " "+n+" turn") {
			return ""
		}
		return " (hold " + plural(o.Turns, "turn") + ")"
	case strings.Contains(text, "turn "+n):
		return ""
	}
	return " · by the end of turn " + n
}

// briefLine is a line of the briefing card; side colours an objective's
// line (lesson lines and notes have own false).
type briefLine struct {
	text string
	side rules.Side
	own  bool
	note bool
}

// colour is the line's colour in theme th: its side's for an objective of
// the player's, dim for a note, else the text's.
func (l briefLine) colour(th systems.Theme) color.Color {
	switch {
	case l.own:
		return systems.Shade(th.Side(l.side), 1.3)
	case l.note:
		return systems.ColorTextDim
	}
	return systems.ColorText
}

// briefing is the battle's opening card: the level's lesson (its briefing
// property, a line a paragraph: the card wraps them to its width), then
// each side's objectives in the words of objectiveLine. A level with
// neither has no card.
func briefing(s *rules.State, lesson string) []briefLine {
	if len(s.Objectives) == 0 && lesson == "" {
		return nil
	}
	var lines []briefLine
	for _, l := range strings.Split(lesson, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, briefLine{text: l})
		}
	}
	if len(lines) > 0 {
		lines = append(lines, briefLine{})
	}
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		var aims []string
		for i, o := range s.Objectives {
			if o.Side == side {
				aims = append(aims, upperFirst(s.ObjectiveText(i))+".")
			}
		}
		if len(aims) == 0 {
			aims = []string{"Stop " + side.Other().String() + "."}
			if len(s.Objectives) == 0 {
				aims = []string{"Fell every " + side.Other().String() + " unit."}
			}
		}
		lines = append(lines, briefLine{text: side.String() + ": " + strings.Join(aims, " "), side: side, own: true})
	}
	return append(lines, briefLine{text: "A side that loses every unit loses the battle.", note: true})
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// briefingCard is the opening card of a level with objectives, an
// overlay the battle opens with (Battle.Opening), up until a key or a
// click (after a short pause, so a held key does not skip it).
type briefingCard struct {
	b     *Battle
	lines []briefLine
	up    float64 // seconds on screen
	wraps wrapMemo
}

// briefingGuard is how long, in seconds, the briefing card ignores keys.
const briefingGuard = 1.0 / 3

// Name returns "briefing".
func (c *briefingCard) Name() string { return "briefing" }

// Update closes the card on a key or a click once the guard is over.
func (c *briefingCard) Update(m *Manager, in []systems.Intent) error {
	c.up += m.Dt()
	if c.up > briefingGuard && (systems.Has(in, systems.IntentAnyKey) || systems.Has(in, systems.IntentClick)) {
		m.Pop()
	}
	return nil
}

// Draw draws the card over the battle, on its furniture's layer.
func (c *briefingCard) Draw(screen *ebiten.Image) {
	b := c.b
	dst := b.uiTarget(screen)
	defer b.drawUI(screen, dst)
	f, p := b.env.Fonts, &b.ui.paint
	sw, sh := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	if sh > sw {
		c.drawUpright(dst, sw, sh)
		return
	}
	w := min(800.0, sw-16)
	rows := briefRows(f, c.lines, b.env.Theme(), w-48, &c.wraps)
	h := 120 + 30*float64(len(rows))
	x, y := (sw-w)/2, (sh-h)/2
	p.Rect(dst, 0, 0, sw, sh, systems.WithAlpha(systems.ColorBackground, 0xb0))
	pn := systems.Panel{X: x, Y: y, W: w, H: h, Title: "BRIEFING · " + strings.ToUpper(b.name), Accent: systems.ColorAccent, Solid: true}
	pn.Draw(dst, p)
	p.FlushText(dst, f)
	for i, r := range rows {
		f.Draw(dst, r.text, briefSize, false, x+24, y+60+30*float64(i), r.colour, systems.AlignLeft)
	}
	if c.up > briefingGuard {
		f.Draw(dst, goOnPrompt(b.TouchMode()), 18, true, x+w/2, y+h-36, promptColour(c.up, briefingGuard), systems.AlignCenter)
	}
}

// briefSize is the size of the briefing card's lines on a wide screen.
const briefSize = 18

// briefRow is one drawn row of the briefing card: its text and colour.
type briefRow struct {
	text   string
	colour color.Color
}

// briefRows wraps the briefing's lines (its paragraphs) to w pixels as
// the card draws them (briefSize), in theme th's colours: the lines fill
// the card whatever its width. The wrapping is kept in m (nil: none).
func briefRows(f *systems.Fonts, lines []briefLine, th systems.Theme, w float64, m *wrapMemo) []briefRow {
	rows := make([]briefRow, 0, len(lines)+2)
	for _, line := range lines {
		for _, part := range m.wrap(f, line.text, briefSize, w) {
			rows = append(rows, briefRow{part, line.colour(th)})
		}
	}
	return rows
}

// wrapMemo keeps paragraphs as systems.WrapText wrapped them, by text,
// while the width and the face (fonts and size) stay the same: a card up
// for many frames measures its words once, not in every frame.
type wrapMemo struct {
	f    *systems.Fonts
	size float64
	w    float64
	by   map[string][]string
}

// wrap is systems.WrapText(f, text, size, w), kept in m; a nil m keeps
// nothing. Another width or face drops what m kept.
func (m *wrapMemo) wrap(f *systems.Fonts, text string, size, w float64) []string {
	if m == nil {
		return systems.WrapText(f, text, size, w)
	}
	if m.by == nil || m.f != f || m.size != size || m.w != w {
		m.f, m.size, m.w, m.by = f, size, w, map[string][]string{}
	}
	rows, ok := m.by[text]
	if !ok {
		rows = systems.WrapText(f, text, size, w)
		m.by[text] = rows
	}
	return rows
}

// objectiveZones marks the zones of s's objectives, each labelled with its
// goal.
func objectiveZones(s *rules.State) systems.ObjectiveZones {
	var z systems.ObjectiveZones
	for _, o := range s.Objectives {
		if o.Zone.Empty() {
			continue
		}
		z.Zones = append(z.Zones, o.Zone)
		z.Sides = append(z.Sides, o.Side)
		z.Labels = append(z.Labels, strings.ToUpper(string(o.Goal)))
	}
	return z
}
