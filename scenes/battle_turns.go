package scenes

import (
	"sightline/actions"
	"sightline/ai"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// driver plays a battle's turns (one job: who gives the next command, and
// when). The Battle's Update hands it each tick's intents and asks it for
// commands once the events have played. Two drive a battle: turnDriver,
// a battle played now, and watch, a replay played back.
type driver interface {
	// input reads the driver's own keys, every tick.
	input(in []systems.Intent)
	// skips reports whether in finishes the playback at once (an order
	// given while events play).
	skips(in []systems.Intent) bool
	// back answers Esc; it reports whether Esc was used (else the pause
	// menu opens).
	back(m *Manager) bool
	// decided reports whether the battle is decided and ends with the
	// result screen, and its winner (none for a draw: the result screen
	// reads the draw from the rules' verdict).
	decided() (winner rules.Side, over bool)
	// play gives the next command when it is due, dt seconds after the
	// last call; in are the tick's intents.
	play(in []systems.Intent, dt float64)
}

// stepper asks the match for the side to move's next command and plays
// what it did (the Battle's step); it reports whether a command was
// applied.
type stepper interface{ step() bool }

// turnDriver drives a battle played now: who controls each side, the
// inboxes the orders of the players at this machine go to (from the
// controls), and the computer, which thinks across frames (think.go).
type turnDriver struct {
	*stage
	steps stepper
	ctl   *controls
	// inbox is the inbox of each side played at this machine (nil: the
	// computer's side, or a replay's).
	inbox   [2]*match.Inbox
	profile ai.Profile // the computer's
	meter   thinkMeter // times the computer's thinking (think.go)
}

// input reads no keys of its own: the controls read the player's.
func (t *turnDriver) input([]systems.Intent) {}

// skips reports whether in gives an order while events play.
func (t *turnDriver) skips(in []systems.Intent) bool {
	return t.playback.Busy() && skipsPlayback(in)
}

// back leaves the targeting mode, if there is one.
func (t *turnDriver) back(*Manager) bool { return t.ctl.ui.cancelMode() }

// decided reports the rules' verdict: a battle played ends with its
// result, a draw included.
func (t *turnDriver) decided() (rules.Side, bool) {
	v := t.state.Verdict()
	return v.Winner, v.Over
}

// play queues the order of the player at this machine whose side is to
// move, then has the match take the side's next command: the computer
// thinks (think), any other controller answers at once.
func (t *turnDriver) play(in []systems.Intent, _ float64) {
	if inbox := t.inbox[t.state.Side]; inbox != nil {
		if cmd := t.ctl.command(in); cmd != nil {
			inbox.Push(cmd)
		}
	}
	if c, ok := t.computerToMove(); ok {
		t.think(c)
	} else {
		t.steps.step()
	}
}

// skipsPlayback reports whether in holds a press that gives an order: a
// left click, Space, Enter, E, Tab or an action key. Panning, zooming, the
// log key and right clicks do not.
func skipsPlayback(in []systems.Intent) bool {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentClick, systems.IntentSkip, systems.IntentConfirm, systems.IntentEndTurn, systems.IntentCycle:
			return true
		case systems.IntentKey:
			if _, ok := actions.ForKey(systems.KeyOf(it)); ok {
				return true
			}
		}
	}
	return false
}

// sides names who controls each side, for replays.
func (t *turnDriver) sides() [2]string {
	var sides [2]string
	for side := range sides {
		switch {
		case t.players[side] == Computer:
			sides[side] = playerName(Computer, t.profile.Name)
		case t.inbox[side] != nil:
			sides[side] = playerName(Human, "")
		default:
			sides[side] = "replay"
		}
	}
	return sides
}

// hotSeat reports whether both sides are played at this machine.
func (t *turnDriver) hotSeat() bool {
	return t.inbox[rules.SideBlue] != nil && t.inbox[rules.SideRed] != nil
}

// handoverDue reports whether the side to move must wait behind the
// handover screen for its view: in hot-seat, once the events have
// played, when the fog last showed the other side.
func (t *turnDriver) handoverDue() bool {
	shown, all := t.fog.Viewer()
	return t.watch == nil && !t.env.NoHandover && t.hotSeat() && !all && shown != t.state.Side && !t.playback.Busy()
}
