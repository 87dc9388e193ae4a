package ai

import (
	"fmt"

	"sightline/match"
	"sightline/rules"
)

// Step is one answer of a controller in Play: the side that gave it, what
// it did, or the rules' refusal.
type Step struct {
	Side   rules.Side
	Result *match.Result
	Err    error
}

// thinker is a controller that may answer nil while it thinks.
type thinker interface{ Thinking() bool }

// maxSteps bounds a match in Play: far more answers than any turn limit
// needs, so a controller that never ends its turn is caught.
const maxSteps = 1000000

// Play runs m with its controllers until it is over or turn turnLimit has
// ended (a draw), calling watch (when not nil) after every command. A
// controller that is still thinking (Thinking) is asked again. It returns
// an error when a controller gives no command or never stops.
func Play(m *match.Match, turnLimit int, watch func(Step)) error {
	for range maxSteps {
		s := m.State()
		if over := m.Over(); over || s.Turn > turnLimit {
			return nil
		}
		side := s.Side
		res, err := m.Step()
		if t, ok := m.Controller(side).(thinker); ok && res == nil && err == nil && t.Thinking() {
			continue
		}
		if res == nil && err == nil {
			return fmt.Errorf("turn %d: %s's controller gave no command", s.Turn, side)
		}
		if watch != nil {
			watch(Step{Side: side, Result: res, Err: err})
		}
	}
	return fmt.Errorf("no end after %d answers", maxSteps)
}
