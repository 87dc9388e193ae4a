package systems

import "sightline/rules"

// The one table from a rules event's name to its presenter (presenter.go),
// and the entry points that show an event through it: its words and its
// cues (Describe, EventCues), its effects (EventFX.Begin, EventFX.Start)
// and its log line (CombatLog.Add, AddLater). The Playback calls them as
// each event starts.

// presenters maps the name of each kind of event the game shows to its
// presenter: the lists of the present_*.go files, gathered once. It is
// never changed.
var presenters = gather(movePresenters, attackPresenters, statusPresenters)

// gather maps each presenter of lists by the name of its event kind.
func gather(lists ...[]presenter) map[string]presenter {
	m := map[string]presenter{}
	for _, l := range lists {
		for _, p := range l {
			m[p.event()] = p
		}
	}
	return m
}

// presenterOf returns the presenter of ev's kind (one that shows nothing
// for a kind the game does not show), found by the event's name: no
// switch over the rules' event types is needed outside rules and match.
func presenterOf(ev rules.Event) presenter {
	if p, ok := presenters[ev.EventName()]; ok {
		return p
	}
	return kind[rules.Event]{}
}

// Describe returns an event in words ("" for events not worth a line).
func Describe(r *Roster, ev rules.Event) string { return presenterOf(ev).words(r, ev) }

// EventCues returns the cues an event plays, together, as it starts (none
// for an event that makes no sound). r names the units: a mech's gun and
// tread sound heavier, and its hull rings like armour.
func EventCues(r *Roster, ev rules.Event) []string { return presenterOf(ev).sounds(r, ev) }

// Start plays one event as it comes up in the playback (its presenter's
// sound and animation) and returns how many ticks the playback should
// hold on it. An event the side watching may not see makes no sound,
// draws nothing and holds for no time (its presenter only keeps the
// entities in step).
func (x *EventFX) Start(ev rules.Event) int { return x.start(presenterOf(ev), ev) }

// start plays ev with its presenter p (Start).
func (x *EventFX) start(p presenter, ev rules.Event) int {
	x.Started++
	if x.Know != nil && !x.Know.Saw(ev) {
		p.hide(x, ev)
		return 0
	}
	if x.Audio != nil {
		x.Audio.PlayAll(p.sounds(x.Roster, ev)...) // a sound that fails is not worth stopping the show
	}
	return p.play(x, ev)
}

// PlayEvent plays an event's cues (EventCues).
func (a *Audio) PlayEvent(r *Roster, ev rules.Event) error {
	if a == nil {
		return nil
	}
	return a.PlayAll(EventCues(r, ev)...)
}

// Begin readies a command's events before they play, each by its
// presenter: obstacles the events remove stay drawn as ghosts until their
// removal plays (only those whose removal the side watching sees: one it
// does not see stays drawn as it remembers it, by the fog). The entities
// still show the battle as it was before the command; each event changes
// them as it plays.
func (x *EventFX) Begin(evs []rules.Event) {
	x.firing = 0
	for _, ev := range evs {
		presenterOf(ev).ready(x, ev)
	}
}

// Add logs an event, as its presenter words it.
func (l *CombatLog) Add(ev rules.Event) {
	p := presenterOf(ev)
	if unit, tail, ok := p.finishing(ev); ok && l.open == unit && len(l.Lines) > 0 {
		l.open = 0
		last := &l.Lines[len(l.Lines)-1]
		last.Text += " " + tail
		return
	}
	l.open = 0
	text := p.words(l.Roster, ev)
	if text == "" {
		return
	}
	l.open = p.opening(ev)
	col := p.color(l, ev)
	var seen [2]bool
	for i := range seen {
		seen[i] = l.Witness.Sees(rules.Side(i), ev)
	}
	var parts []LogLine
	if id, to, ok := p.moving(ev); ok {
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

// AddLater logs an event in seconds (Advance), or sooner when the lines
// are flushed (Flush): an attack's line waits for its tracer to land.
func (l *CombatLog) AddLater(ev rules.Event, seconds float64) {
	l.due = append(l.due, dueLine{ev: ev, in: seconds})
}

// Advance adds the waiting lines whose time has come after dt more
// seconds, in order.
func (l *CombatLog) Advance(dt float64) {
	for len(l.due) > 0 {
		l.due[0].in -= dt
		if l.due[0].in > 0 {
			return
		}
		l.Add(l.due[0].ev)
		l.due = l.due[1:]
	}
}

// Waiting reports whether lines wait to be added (AddLater): the log
// changes with no input until they are.
func (l *CombatLog) Waiting() bool { return len(l.due) > 0 }

// Flush adds every waiting line now, in order: the next event starts, or
// the playback was skipped.
func (l *CombatLog) Flush() {
	for _, d := range l.due {
		l.Add(d.ev)
	}
	l.due = nil
}
