package systems

import (
	"fmt"
	"image/color"
	"strings"

	"sightline/match"
	"sightline/rules"
)

// LogLine is one line of the combat log.
type LogLine struct {
	// Text is what happened, in words.
	Text string
	// Color tints the line (the acting side, or a highlight).
	Color color.RGBA
	// Seen says which side may read the line, by rules.Side: the sides
	// that saw the event (Witness.Sees).
	Seen [2]bool
	// Partial marks the reading of a move for a side that saw only its
	// start or its end ("Red 2 moves out of sight"); the full line is in
	// the log too, for the mover's side and with the fog off.
	Partial bool
}

// CombatLog is the battle's events in words, oldest first, each as its
// presenter words and colours it (Add and AddLater, in present.go). Damage that follows a hit is folded
// into the hit's line ("... HIT (torso) for 7"). Each line says which side
// may read it: in a hot-seat battle the panel shows the side to move only
// what it saw (LinesFor).
type CombatLog struct {
	// Roster names units and obstacles.
	Roster *Roster
	// Lines holds the log, newest last.
	Lines []LogLine
	// Max caps the number of lines kept (0: 500).
	Max int
	// Witness says who saw the events being added (the current command's;
	// nil: both sides see everything).
	Witness *match.Witness
	// Theme colours the sides' names.
	Theme Theme

	open int       // the unit whose next event may finish the last line (0: none)
	due  []dueLine // lines waiting to be added (AddLater)
}

// dueLine is an event whose line waits: an attack's, until its tracer
// lands.
type dueLine struct {
	ev rules.Event
	in float64 // seconds left
}

// Colours of log lines that are not tinted by side.
var (
	colorLogTurn = color.RGBA{0xfa, 0xcc, 0x15, 0xff}
	colorLogDim  = color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	colorLogKill = color.RGBA{0xf8, 0x71, 0x71, 0xff}
)

// Note adds a dim line of the game's own (not an event) that only side
// reads: "(undone: move)".
func (l *CombatLog) Note(side rules.Side, text string) {
	l.open = 0
	ln := LogLine{Text: text, Color: colorLogDim}
	if side >= 0 && int(side) < len(ln.Seen) {
		ln.Seen[side] = true
	}
	l.push(ln)
}

// partialMove words a move seen only at its end ("comes into sight at")
// or only at its start ("moves out of sight").
func partialMove(r *Roster, unit int, to rules.Point, end bool) string {
	if end {
		return fmt.Sprintf("%s comes into sight %s", r.UnitName(unit), r.Place(to))
	}
	return r.UnitName(unit) + " moves out of sight"
}

// push appends a line, dropping the oldest beyond the cap.
func (l *CombatLog) push(ln LogLine) {
	l.Lines = append(l.Lines, ln)
	limit := l.Max
	if limit <= 0 {
		limit = 500
	}
	if len(l.Lines) > limit {
		l.Lines = append(l.Lines[:0], l.Lines[len(l.Lines)-limit:]...)
	}
}

// Text returns the whole log, one line per entry, whoever saw it (the
// partial readings of moves left out).
func (l *CombatLog) Text() string { return joinLines(l.LinesFor(0, true)) }

// TextFor returns the log side may read, one line per entry.
func (l *CombatLog) TextFor(side rules.Side) string { return joinLines(l.LinesFor(side, false)) }

// LinesFor returns the lines side may read, oldest first; with all (the
// fog off), every full line.
func (l *CombatLog) LinesFor(side rules.Side, all bool) []LogLine {
	var out []LogLine
	for _, ln := range l.Lines {
		if all && !ln.Partial || !all && side >= 0 && int(side) < len(ln.Seen) && ln.Seen[side] {
			out = append(out, ln)
		}
	}
	return out
}

func joinLines(lines []LogLine) string {
	var b strings.Builder
	for _, ln := range lines {
		b.WriteString(ln.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// sideColor is the tint of a line about the unit with the given ID: its
// side's colour, lightened.
func (l *CombatLog) sideColor(id int) color.RGBA {
	if u, ok := l.Roster.Unit(id); ok {
		return Shade(l.Theme.Side(u.Side), 1.45)
	}
	return ColorText
}

func apText(ap int) string {
	if ap == 0 {
		return "free"
	}
	return fmt.Sprintf("%d AP", ap)
}

func percent(p float64) string { return fmt.Sprintf("%.0f%%", p*100) }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// signedNum writes n with its sign, using a true minus.
func signedNum(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprintf("+%d", n)
}

func itoa(n int) string { return fmt.Sprint(n) }
