package systems

import (
	"image/color"
	"slices"

	"sightline/rules"
)

// A presenter shows one kind of event through its whole life, as
// OpenXcom's battle states do: what it readies before the command's
// events play, its sound and its animation as it starts, what it still
// changes when the side watching may not see it, and its line in the
// combat log (the words, their colour, what it adds to the line before,
// how long the line waits). Each presenter is a kind declared once,
// beside its parts, in one of the present_*.go files, and listed in that
// file's list; presenterOf (present.go) finds it by its event's name. A
// new kind of event is one kind and its name in the list.
type presenter interface {
	event() string
	ready(x *EventFX, ev rules.Event)
	play(x *EventFX, ev rules.Event) int
	hide(x *EventFX, ev rules.Event)
	sounds(r *Roster, ev rules.Event) []string
	words(r *Roster, ev rules.Event) string
	color(l *CombatLog, ev rules.Event) color.RGBA
	opening(ev rules.Event) int
	finishing(ev rules.Event) (unit int, tail string, ok bool)
	moving(ev rules.Event) (unit int, to rules.Point, ok bool)
	delay(x *EventFX, ev rules.Event) float64
	framing(x *EventFX, ev rules.Event) (actor int, a, b rules.Vec, ok bool)
	decode(raw []byte) (rules.Event, error)
}

// kind is the presenter of events of type E. Every part is optional: a nil
// one does nothing, says nothing and plays no sound.
type kind[E rules.Event] struct {
	// begin readies the event before the command's events play, while the
	// entities still show the battle as it was (EventFX.Begin).
	begin func(x *EventFX, e E)
	// start plays it as it comes up: its animation and captions, and the
	// changes it makes to the entities (a token walks, loses health, drops
	// prone, falls). It returns how many ticks the playback holds on it.
	start func(x *EventFX, e E) int
	// unseen keeps the entities in step, drawing nothing, when the side
	// watching may not see it.
	unseen func(x *EventFX, e E)
	// cues are the sounds it plays, together, as it starts.
	cues func(r *Roster, e E) []string
	// line words it for the combat log ("" for an event not worth a line).
	line func(r *Roster, e E) string
	// tint colours its line (nil: the acting unit's side).
	tint func(l *CombatLog, e E) color.RGBA
	// opens names the unit whose next event may finish its line (a hit's
	// target, whose damage is folded in); 0 or nil: none.
	opens func(e E) int
	// finishes returns the unit it is about and the words it adds to the
	// line before, when that line is open for the unit (damage after a
	// hit: "for 7, 7 HP left"), instead of a line of its own.
	finishes func(e E) (unit int, tail string)
	// moves returns the unit it takes elsewhere and where to, so a side
	// that saw only one end of the move reads only that part.
	moves func(e E) (unit int, to rules.Point, ok bool)
	// lag is how long its line waits once it has started and holds the
	// playback (an attack's, until its tracer lands).
	lag func(x *EventFX, e E) float64
	// frame returns the unit that acts and the two world points the
	// camera shows before it starts (a shot's shooter and target), so no
	// shot lands off-screen.
	frame func(x *EventFX, e E) (actor int, a, b rules.Vec, ok bool)
}

// event returns the name of the event kind k presents ("" for the kind
// that presents nothing).
func (k kind[E]) event() string {
	var e E
	if any(e) == nil {
		return ""
	}
	return e.EventName()
}

func (k kind[E]) ready(x *EventFX, ev rules.Event) {
	if k.begin != nil {
		k.begin(x, ev.(E))
	}
}

func (k kind[E]) play(x *EventFX, ev rules.Event) int {
	if k.start == nil {
		return 0
	}
	return k.start(x, ev.(E))
}

func (k kind[E]) hide(x *EventFX, ev rules.Event) {
	if k.unseen != nil {
		k.unseen(x, ev.(E))
	}
}

func (k kind[E]) sounds(r *Roster, ev rules.Event) []string {
	if k.cues == nil {
		return nil
	}
	return k.cues(r, ev.(E))
}

func (k kind[E]) words(r *Roster, ev rules.Event) string {
	if k.line == nil {
		return ""
	}
	return k.line(r, ev.(E))
}

func (k kind[E]) color(l *CombatLog, ev rules.Event) color.RGBA {
	if k.tint != nil {
		return k.tint(l, ev.(E))
	}
	if id := ev.Actor(); id != 0 {
		return l.sideColor(id)
	}
	return ColorText
}

func (k kind[E]) opening(ev rules.Event) int {
	if k.opens == nil {
		return 0
	}
	return k.opens(ev.(E))
}

func (k kind[E]) finishing(ev rules.Event) (int, string, bool) {
	if k.finishes == nil {
		return 0, "", false
	}
	unit, tail := k.finishes(ev.(E))
	return unit, tail, true
}

func (k kind[E]) moving(ev rules.Event) (int, rules.Point, bool) {
	if k.moves == nil {
		return 0, rules.Point{}, false
	}
	return k.moves(ev.(E))
}

func (k kind[E]) delay(x *EventFX, ev rules.Event) float64 {
	if k.lag == nil {
		return 0
	}
	return k.lag(x, ev.(E))
}

func (k kind[E]) framing(x *EventFX, ev rules.Event) (int, rules.Vec, rules.Vec, bool) {
	if k.frame == nil {
		return 0, rules.Vec{}, rules.Vec{}, false
	}
	return k.frame(x, ev.(E))
}

// cue returns a kind's cues that are always the same sounds.
func cue[E rules.Event](names ...string) func(*Roster, E) []string {
	return func(*Roster, E) []string { return slices.Clone(names) }
}

// tinted returns a kind's tint that is always c.
func tinted[E rules.Event](c color.RGBA) func(*CombatLog, E) color.RGBA {
	return func(*CombatLog, E) color.RGBA { return c }
}
