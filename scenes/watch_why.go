package scenes

import (
	"sightline/ai"
	"sightline/match"
	"sightline/rules"
)

// replayer is the controller of both sides of a replay: it hands out the
// recorded commands in order. A replay keeps commands, not the computer's
// accounts, so for a side the computer played it first asks a shadow
// computer the view the live one was asked; the computer being
// deterministic, the shadow's account stands for the command when its
// answer is the recorded one.
type replayer struct {
	script *match.Script
	// state is the match's: it tells which of a shadow's answers the
	// live match had refused.
	state *rules.State
	// pending is the script's next command while a shadow thinks.
	pending rules.Command
	shadows [2]*shadow // nil for a side a person played
}

// newReplayer returns the controller of a replay of s with the recorded
// commands of script, whose sides are named as Replay.Sides names them.
func newReplayer(script *match.Script, s *rules.State, sides [2]string) *replayer {
	r := &replayer{script: script, state: s}
	for side, name := range sides {
		if p, profile := playerOf(name); p == Computer {
			r.shadows[side] = newShadow(profile)
		}
	}
	return r
}

// Next returns the script's next command, or nil while the shadow of the
// side to move is still thinking about it (across frames, as the live
// computer did: Computer.Slice).
func (r *replayer) Next(v *match.View) rules.Command {
	if r.pending == nil {
		if r.pending = r.script.Next(v); r.pending == nil {
			return nil
		}
	}
	if sh := r.shadows[v.Side]; sh != nil && !sh.think(v, r.pending, r.state) {
		return nil
	}
	c := r.pending
	r.pending = nil
	return c
}

// Done reports whether every command has been handed out.
func (r *replayer) Done() bool { return r.pending == nil && r.script.Done() }

// Thinking reports whether the last answer was nil because a shadow is
// still thinking.
func (r *replayer) Thinking() bool { return r.pending != nil }

// computers reports whether the computer played a side.
func (r *replayer) computers() bool { return r.shadows[0] != nil || r.shadows[1] != nil }

// The notes the overlay shows instead of an account, one sentence a line.
var (
	noAccountYet   = []string{"The computer has not acted yet in this replay."}
	noComputerSide = []string{"Nobody in this replay was played by the computer:", "there is no account to show."}
	noAccount      = []string{
		"No account is available for this command.",
		"From the same view, the computer now decides otherwise.",
		"Perhaps the battle was resumed from a save mid-turn,",
		"or recorded by another version of the game.",
	}
)

// maxRefused bounds the answers of a shadow refused in a row: each one
// finishes a unit for the turn, so a few more than the units are plenty.
const maxRefused = 64

// shadow re-thinks the decisions of a side the computer played, from the
// same views, to rebuild its accounts.
type shadow struct {
	c thinker // nil when the profile is not in this build
	// why is the account of the side's last command; when it is nil, note
	// says why there is none.
	why  *ai.Why
	note []string
	// lost says the shadow's last decision was not the recorded one, so
	// its account does not stand for an end of turn either.
	lost    bool
	refused int // answers refused in a row for the view under way
}

// newShadow returns the shadow of a computer that played the named
// profile ("" for normal, as Setup.Profile).
func newShadow(profile string) *shadow {
	sh := &shadow{note: noAccountYet}
	p, err := ai.Normal, error(nil)
	if profile != "" {
		p, err = ai.ProfileNamed(profile)
	}
	if err != nil {
		sh.note = []string{"This replay's computer played the profile \"" + profile + "\",",
			"which this version does not have: its decisions cannot be explained."}
		return sh
	}
	c := ai.NewComputer(p)
	c.Slice = aiSlice // it thinks across frames, as the live computer did
	sh.c = c
	return sh
}

// think asks the shadow v, the view the side's controller was asked
// before it gave played, and reports false while it is still thinking.
// An answer the rules refuse in s had been refused in the live match too,
// which then asked again with the same view: so does think, on the next
// call. Then it keeps the account when the answer is played, else a note
// (rules commands are plain values: == compares them).
func (sh *shadow) think(v *match.View, played rules.Command, s *rules.State) bool {
	if sh.c == nil {
		return true
	}
	a := sh.c.Next(v)
	switch {
	case a == nil && sh.c.Thinking():
		return false
	case a != nil && a != played && sh.refused < maxRefused && rules.Check(s, a) != nil:
		sh.refused++
		return false
	}
	sh.refused = 0
	why := sh.c.Why()
	_, end := played.(rules.EndTurn)
	switch {
	case a != played:
		sh.why, sh.note, sh.lost = nil, noAccount, true
	case end && sh.lost:
		// Its last decision was not the recorded one: the live computer's
		// account at this end of turn is unknown.
		sh.why, sh.note = nil, noAccount
	case end && why == nil:
		sh.why, sh.note = nil, noAccountYet
	case !end && (why == nil || why.Command != played):
		// Cannot happen: an answer comes with its account.
		sh.why, sh.note, sh.lost = nil, noAccount, true
	default:
		sh.why, sh.note, sh.lost = why, nil, false
	}
	return true
}

// whyOf shows the account of the command side just played in a
// replay: the shadow's, or a note saying why there is none. A person's
// command leaves the computer's last account shown, as in a live battle.
func (w *watch) whyOf(side rules.Side) {
	sh := w.replay.shadows[side]
	if sh == nil {
		return
	}
	w.why = sh.why
	w.whyNote, w.whySide = sh.note, side
}
