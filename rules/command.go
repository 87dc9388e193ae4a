package rules

import (
	"errors"
	"fmt"
)

// Sentinel errors for illegal commands. Apply wraps them with the detail a
// player can read; test them with errors.Is.
var (
	ErrUnknownUnit = errors.New("no such unit")
	ErrNotYourTurn = errors.New("not this side's turn")
	ErrDead        = errors.New("unit is out of the fight")
	ErrNoAP        = errors.New("not enough AP")
	ErrUnreachable = errors.New("cannot get there")
	ErrGameOver    = errors.New("the battle is over")
	ErrUnknownCmd  = errors.New("unknown command")
)

// Command is something a side asks the rules to do.
type Command interface {
	// CommandName returns the command's name as scenarios write it.
	CommandName() string
}

// Move walks a unit along a shortest path to To.
type Move struct {
	Unit int
	To   Point
}

// CommandName returns "move".
func (Move) CommandName() string { return "move" }

// EndTurn passes play to the other side.
type EndTurn struct{}

// CommandName returns "end_turn".
func (EndTurn) CommandName() string { return "end_turn" }

// Event is something that happened, in the order it happened.
type Event interface {
	// EventName returns the event's name as logs and scenarios write it.
	EventName() string
}

// Moved says a unit walked Path (each tile entered, in order) and spent AP.
type Moved struct {
	Unit int
	From Point
	Path []Point
	AP   int
}

// EventName returns "moved".
func (Moved) EventName() string { return "moved" }

// TurnEnded says Side finished its turn and Next, on turn Turn, begins.
type TurnEnded struct {
	Side Side
	Next Side
	Turn int
}

// EventName returns "turn_ended".
func (TurnEnded) EventName() string { return "turn_ended" }

// Apply checks cmd against the state and, when it is legal, carries it out
// and returns what happened. An illegal command returns an error wrapping
// one of the sentinel errors and leaves the state unchanged. All randomness
// comes from rng.
func Apply(s *State, cmd Command, rng *RNG) ([]Event, error) {
	if _, over := s.Winner(); over {
		return nil, ErrGameOver
	}
	switch c := cmd.(type) {
	case Move:
		return applyMove(s, c)
	case EndTurn:
		return applyEndTurn(s), nil
	}
	return nil, fmt.Errorf("%w: %T", ErrUnknownCmd, cmd)
}

// actor returns the unit with the given id when it may act now.
func actor(s *State, id int) (*Unit, error) {
	u := s.Unit(id)
	if u == nil {
		return nil, fmt.Errorf("%w: %d", ErrUnknownUnit, id)
	}
	if !u.Alive() {
		return nil, fmt.Errorf("%w: %s", ErrDead, u.Name)
	}
	if u.Side != s.Side {
		return nil, fmt.Errorf("%w: %s belongs to %s, %s is playing", ErrNotYourTurn, u.Name, u.Side, s.Side)
	}
	return u, nil
}

// MoveBudget returns how far, in half tiles, the unit can still walk.
func MoveBudget(u *Unit) int { return u.AP * u.Speed * stepOrth }

func applyMove(s *State, c Move) ([]Event, error) {
	u, err := actor(s, c.Unit)
	if err != nil {
		return nil, err
	}
	if c.To == u.Pos {
		return nil, fmt.Errorf("%w: %s is already there", ErrUnreachable, u.Name)
	}
	if u.AP <= 0 {
		return nil, fmt.Errorf("%w: %s has no AP left", ErrNoAP, u.Name)
	}
	r := s.Reach(u.ID, MoveBudget(u))
	if !r.Reachable(c.To) {
		return nil, fmt.Errorf("%w: %s cannot reach (%d,%d) with %d AP", ErrUnreachable, u.Name, c.To.X, c.To.Y, u.AP)
	}
	path := r.Path(c.To)
	ap := MoveAP(r.Cost(c.To), u.Speed)
	from := u.Pos
	u.AP -= ap
	prev := from
	for _, p := range path {
		u.Facing = DirTo(prev, p)
		prev = p
	}
	u.Pos = c.To
	return []Event{Moved{Unit: u.ID, From: from, Path: path, AP: ap}}, nil
}

func applyEndTurn(s *State) []Event {
	ended := s.Side
	s.Side = s.Side.Other()
	if s.Side == SideBlue {
		s.Turn++
	}
	for _, u := range s.Units {
		if u.Side == s.Side && u.Alive() {
			u.AP = u.MaxAP
		}
	}
	return []Event{TurnEnded{Side: ended, Next: s.Side, Turn: s.Turn}}
}
