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

// CombatLog is the battle's events in words, oldest first. Damage that
// follows a hit is folded into the hit's line ("... HIT (torso) for 7").
// Each line says which side may read it: in a hot-seat battle the panel
// shows the side to move only what it saw (LinesFor).
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

	pendingHit int // the unit whose hit line awaits its damage (0: none)
}

// Colours of log lines that are not tinted by side.
var (
	colorLogTurn = color.RGBA{0xfa, 0xcc, 0x15, 0xff}
	colorLogDim  = color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	colorLogKill = color.RGBA{0xf8, 0x71, 0x71, 0xff}
)

// Add logs an event.
func (l *CombatLog) Add(ev rules.Event) {
	if d, ok := ev.(rules.Damaged); ok && l.pendingHit == d.Unit && len(l.Lines) > 0 {
		l.pendingHit = 0
		last := &l.Lines[len(l.Lines)-1]
		last.Text += " " + damageTail(d)
		return
	}
	l.pendingHit = 0
	text := Describe(l.Roster, ev)
	if text == "" {
		return
	}
	if a, ok := ev.(rules.Attacked); ok && (a.Outcome == rules.OutcomeHit || a.Outcome == rules.OutcomeCritical) && a.Target != 0 && a.Obstacle == 0 {
		l.pendingHit = a.Target
	}
	col := l.colorOf(ev)
	var seen [2]bool
	for i := range seen {
		seen[i] = l.Witness.Sees(rules.Side(i), ev)
	}
	var parts []LogLine
	if id, to, ok := moveOf(ev); ok {
		// A side that saw the mover at one end only reads that part.
		for i := range seen {
			if start, end := l.Witness.MoveSeen(rules.Side(i), id); seen[i] && start != end {
				seen[i] = false
				ln := LogLine{Text: partialMove(l.Roster, id, to, end), Color: col, Partial: true}
				ln.Seen[i] = true
				parts = append(parts, ln)
			}
		}
	}
	l.push(LogLine{Text: text, Color: col, Seen: seen})
	for _, ln := range parts {
		l.push(ln)
	}
}

// Note adds a dim line of the game's own (not an event) that only side
// reads: "(undone: move)".
func (l *CombatLog) Note(side rules.Side, text string) {
	l.pendingHit = 0
	ln := LogLine{Text: text, Color: colorLogDim}
	if side >= 0 && int(side) < len(ln.Seen) {
		ln.Seen[side] = true
	}
	l.push(ln)
}

// moveOf returns the unit a move or a dive takes elsewhere and where to.
func moveOf(ev rules.Event) (unit int, to rules.Point, ok bool) {
	switch e := ev.(type) {
	case rules.Moved:
		if len(e.Path) > 0 {
			return e.Unit, e.Path[len(e.Path)-1], true
		}
	case rules.Dived:
		if !e.Prone && e.To != e.From {
			return e.Unit, e.To, true
		}
	}
	return 0, rules.Point{}, false
}

// partialMove words a move seen only at its end ("comes into sight at")
// or only at its start ("moves out of sight").
func partialMove(r *Roster, unit int, to rules.Point, end bool) string {
	if end {
		return fmt.Sprintf("%s comes into sight at %s", r.UnitName(unit), tileText(to))
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

// colorOf picks a line's tint: turn changes and deaths stand out, unit
// actions take their side's colour.
func (l *CombatLog) colorOf(ev rules.Event) color.RGBA {
	switch e := ev.(type) {
	case rules.TurnEnded:
		return colorLogTurn
	case rules.Killed:
		return colorLogKill
	case rules.Attacked:
		return l.sideColor(e.Attacker)
	case rules.CoverDamaged, rules.ObstacleRemoved:
		return colorLogDim
	}
	if id := match.ActorOf(ev); id != 0 {
		return l.sideColor(id)
	}
	return ColorText
}

func (l *CombatLog) sideColor(id int) color.RGBA {
	if u, ok := l.Roster.Unit(id); ok {
		return Shade(SideColor(u.Side), 1.45)
	}
	return ColorText
}

// Describe returns an event in words ("" for events not worth a line).
func Describe(r *Roster, ev rules.Event) string {
	n := r.UnitName
	switch e := ev.(type) {
	case rules.Moved:
		if len(e.Path) == 0 {
			return ""
		}
		return fmt.Sprintf("%s moves to %s (%s)", n(e.Unit), tileText(e.Path[len(e.Path)-1]), apText(e.AP))
	case rules.MoveInterrupted:
		return fmt.Sprintf("%s's move is blocked by a hidden enemy: %s stands in the way (stops at %s)", n(e.Unit), n(e.By), tileText(e.At))
	case rules.TurnEnded:
		return fmt.Sprintf("— %s's turn (turn %d) —", e.Next, e.Turn)
	case rules.Attacked:
		return describeAttack(r, e)
	case rules.Damaged:
		return n(e.Unit) + " " + damageTail(e)
	case rules.CoverDamaged:
		return describeCoverDamage(r, e)
	case rules.ObstacleRemoved:
		return capital(r.ObstacleName(e.Obstacle)) + " is gone: every line through it is open"
	case rules.Killed:
		return n(e.Unit) + " is out of the fight"
	case rules.Peeked:
		if e.Lean == rules.LeanOver {
			return n(e.Unit) + " peeks over the cover"
		}
		return fmt.Sprintf("%s peeks out %s, leaning into %s", n(e.Unit), e.Lean, tileText(e.Tile))
	case rules.PeekEnded:
		return n(e.Unit) + " ducks back into full cover"
	case rules.Interrupted:
		return n(e.Unit) + " is stopped: " + e.Reason
	case rules.StanceChanged:
		return fmt.Sprintf("%s %s (%s)", n(e.Unit), stanceVerb(e.To), apText(e.AP))
	case rules.TookCover:
		return fmt.Sprintf("%s takes cover behind %s (%s)", n(e.Unit), r.ObstacleName(e.Obstacle), apText(e.AP))
	case rules.Aimed:
		return fmt.Sprintf("%s aims (%s)", n(e.Unit), apText(e.AP))
	case rules.OverwatchSet:
		s := fmt.Sprintf("%s goes on overwatch toward %s (%s)", n(e.Unit), tileText(e.At), apText(e.AP))
		if e.Threat > 0 {
			s += fmt.Sprintf(", threat range +%d", e.Threat)
		}
		return s
	case rules.OverwatchEnded:
		return n(e.Unit) + "'s overwatch ends (" + e.Reason + ")"
	case rules.CoveringZoneSet:
		return fmt.Sprintf("%s holds a covering fire zone toward %s until its next turn: %d tiles, up to %d %s at each enemy moving in it",
			n(e.Unit), tileText(e.At), e.Range, e.Actions, plural(e.Actions, "shot", "shots"))
	case rules.CoveringZoneEnded:
		return n(e.Unit) + "'s covering fire zone ends (" + e.Reason + ")"
	case rules.Fell:
		if e.Stunned {
			return fmt.Sprintf("%s falls prone, stunned: loses %d AP", n(e.Unit), e.APLost)
		}
		return n(e.Unit) + " falls prone"
	case rules.Reloaded:
		return fmt.Sprintf("%s reloads the %s: %d rounds (%s)", n(e.Unit), e.Weapon, e.Ammo, apText(e.AP))
	case rules.Drew:
		return fmt.Sprintf("%s draws the %s (%s)", n(e.Unit), e.Weapon, apText(e.AP))
	case rules.Holstered:
		return fmt.Sprintf("%s holsters the %s (%s)", n(e.Unit), e.Weapon, apText(e.AP))
	case rules.Dropped:
		return fmt.Sprintf("%s drops the %s at %s", n(e.Unit), e.Weapon, tileText(e.At))
	case rules.Saved:
		verdict := "failed"
		if e.Success {
			verdict = "saved"
		}
		return fmt.Sprintf("%s %s check: rolled %d %s vs DC %d — %s", n(e.Unit), capital(e.Kind), e.Roll, signedNum(e.Bonus), e.DC, verdict)
	case rules.Dived:
		if e.Prone || e.To == e.From {
			return n(e.Unit) + " drops prone"
		}
		return fmt.Sprintf("%s dives for cover to %s", n(e.Unit), tileText(e.To))
	case rules.Suppressed:
		return n(e.Unit) + " is suppressed: −4 to attacks, half speed"
	case rules.Fired:
		what := "covering fire toward"
		if e.Kind == rules.KindSuppressive {
			what = "suppressive fire on the area at"
		}
		return fmt.Sprintf("%s lays down %s %s (%d rounds, %s)", n(e.Unit), what, tileText(e.At), e.Rounds, apText(e.AP))
	case rules.Vaulted:
		return n(e.Unit) + " vaults " + r.ObstacleName(e.Obstacle)
	case rules.PiledThrough:
		verdict := "halts in front of it"
		if e.Success {
			verdict = "smashes through"
		}
		return fmt.Sprintf("%s crashes into %s: d6 %d + ST %d vs DE %d — %s", n(e.Unit), r.ObstacleName(e.Obstacle), e.Roll, e.ST, e.DE, verdict)
	}
	return ""
}

// describeAttack words an attack roll: who, how, at what, the chance, the
// roll and the outcome.
func describeAttack(r *Roster, e rules.Attacked) string {
	a := r.UnitName(e.Attacker)
	var what string
	if e.Obstacle != 0 {
		what = r.ObstacleName(e.Obstacle)
	} else if e.Target != 0 {
		what = r.UnitName(e.Target)
	}
	verb := "fires the " + e.Weapon + " at " + what
	if r.Melee(e.Weapon) {
		verb = "strikes at " + what + " with the " + e.Weapon
	}
	switch e.Kind {
	case rules.KindOverwatch:
		verb = "overwatch fires at " + what + " first"
	case rules.KindOpportunity:
		verb = "takes an opportunity attack at " + what + " first"
	case rules.KindCovering:
		verb = "lays covering fire on " + what
	case rules.KindSuppressive:
		verb = "sprays the area (Defence 10)"
		if what != "" {
			verb = "sprays the area at " + what + " (Defence 10)"
		}
	case rules.KindBlind:
		verb = "blind-fires the " + e.Weapon + " at " + what
	case rules.KindCharge:
		verb = "charges " + what + " and strikes with the " + e.Weapon
	}
	s := fmt.Sprintf("%s %s: %s — rolled %d", a, verb, percent(e.Chance), e.Roll)
	if e.Roll != 20 {
		s += fmt.Sprintf(" (needs %d)", e.Breakdown.Need())
	}
	return s + ", " + outcomeText(r, e)
}

// outcomeText words an attack's outcome.
func outcomeText(r *Roster, e rules.Attacked) string {
	loc := ""
	if e.Location != "" {
		loc = " (" + e.Location
		if e.Covered {
			loc += ", covered"
		}
		loc += ")"
	}
	switch e.Outcome {
	case rules.OutcomeHit:
		return "HIT" + loc
	case rules.OutcomeCritical:
		return "CRITICAL HIT" + loc
	case rules.OutcomeCover:
		return "MISS — the shot hits " + r.ObstacleName(coverObstacle(e))
	case rules.OutcomeEmpty:
		return "MISS — the shot goes into an empty tile"
	case rules.OutcomeBlind:
		return "MISS — lost to the blind-fire miss chance"
	}
	return "MISS"
}

// coverObstacle returns the obstacle an attack's cover entry names (0 when
// the breakdown has none).
func coverObstacle(e rules.Attacked) int {
	if e.Obstacle != 0 {
		return e.Obstacle
	}
	for _, m := range e.Breakdown.Mods {
		if m.Kind == rules.ModDefence && m.Cause.Obstacle != 0 {
			return m.Cause.Obstacle
		}
	}
	return 0
}

// damageTail words damage dealt: "for 7, 7 HP left", with what the cover
// absorbed from a covered limb.
func damageTail(d rules.Damaged) string {
	left := fmt.Sprintf("%d HP left", d.HP)
	if d.HP <= 0 {
		left = "down"
	}
	switch {
	case d.Absorbed > 0 && d.Amount == 0:
		return fmt.Sprintf("— covered limb blocked: the cover absorbs all %d", d.Rolled)
	case d.Absorbed > 0:
		return fmt.Sprintf("for %d (the cover absorbs %d of %d), %s", d.Amount, d.Absorbed, d.Rolled, left)
	}
	return fmt.Sprintf("for %d, %s", d.Amount, left)
}

// describeCoverDamage words damage to cover (seed 004).
func describeCoverDamage(r *Roster, e rules.CoverDamaged) string {
	name := capital(r.ObstacleName(e.Obstacle))
	if e.Wounds == 0 {
		if e.Penetrated > 0 {
			return fmt.Sprintf("%s takes %d vs DE %d: %d goes through, no wound", name, e.Damage, e.DE, e.Penetrated)
		}
		return fmt.Sprintf("%s shrugs off %d damage (DE %d)", name, e.Damage, e.DE)
	}
	s := fmt.Sprintf("%s takes %d vs DE %d: %d %s", name, e.Damage, e.DE, e.Wounds, plural(e.Wounds, "wound", "wounds"))
	if len(e.Rolls) > 0 {
		rolls := make([]string, len(e.Rolls))
		for i, v := range e.Rolls {
			rolls[i] = itoa(v)
		}
		s += " (d6: " + strings.Join(rolls, ", ") + ")"
	}
	if e.Destroyed {
		return s + " — destroyed"
	}
	return s + " — holds"
}

func stanceVerb(st rules.Stance) string {
	switch st {
	case rules.Crouched:
		return "crouches"
	case rules.Prone:
		return "goes prone"
	}
	return "stands up"
}

func tileText(p rules.Point) string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

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
