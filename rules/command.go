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

// Command is something a side asks the rules to do. Each command kind
// carries out itself and reads and writes its own CommandSpec, so a new
// kind is its type, these methods and one line in commandKinds.
type Command interface {
	// CommandName returns the command's name as scenarios write it.
	CommandName() string
	// apply checks the command against s and, when it is legal, carries
	// it out (see Apply).
	apply(s *State, rng *RNG) ([]Event, error)
	// spec returns the command's arguments as scenarios write them (Do
	// is filled in by SpecOf).
	spec() CommandSpec
	// parse turns a spec of this kind into the command, checking its
	// fields (see CommandSpec.Command); the spec's unit is checked.
	parse(cs CommandSpec, s *State) (Command, error)
}

// Event is something that happened, in the order it happened.
type Event interface {
	// EventName returns the event's name as logs and scenarios write it.
	EventName() string
	// Actor returns the unit the event is about (0: none), which is
	// what a side must see to witness it.
	Actor() int
}

// Moved says a unit walked Path (each tile entered, in order) and spent AP.
type Moved struct {
	Unit int     `json:"unit"`
	From Point   `json:"from"`
	Path []Point `json:"path"`
	AP   int     `json:"ap"`
	// Aside is the diving unit that moved this one a tile aside to make
	// room where it lands (seed 004, Flanking); 0 for a move of its own.
	Aside int `json:"aside,omitempty"`
}

// EventName returns "moved".
func (Moved) EventName() string { return "moved" }

// Actor returns the unit the event is about.
func (e Moved) Actor() int { return e.Unit }

// MoveInterrupted says a move ran into a unit its side did not know of (a
// hidden enemy, planned as absent): Unit stopped at At, the last free tile
// before it, in contact with By, which its side now sees.
type MoveInterrupted struct {
	Unit int   `json:"unit"`
	By   int   `json:"by"`
	At   Point `json:"at"`
}

// EventName returns "move_interrupted".
func (MoveInterrupted) EventName() string { return "move_interrupted" }

// Actor returns the unit the event is about.
func (e MoveInterrupted) Actor() int { return e.Unit }

// TurnEnded says Side finished its turn and Next, on turn Turn, begins.
type TurnEnded struct {
	Side Side `json:"side"`
	Next Side `json:"next"`
	Turn int  `json:"turn"`
}

// EventName returns "turn_ended".
func (TurnEnded) EventName() string { return "turn_ended" }

// Actor is 0: the event is about no one unit.
func (TurnEnded) Actor() int { return 0 }

// Apply checks cmd against the state and, when it is legal, carries it out
// and returns what happened. An illegal command returns an error wrapping
// one of the sentinel errors and leaves the state unchanged. All randomness
// comes from rng.
func Apply(s *State, cmd Command, rng *RNG) ([]Event, error) {
	if over := s.Over(); over {
		return nil, ErrGameOver
	}
	return apply(s, cmd, rng)
}

// apply is Apply once the battle is known to go on.
func apply(s *State, cmd Command, rng *RNG) ([]Event, error) {
	if cmd == nil {
		return nil, fmt.Errorf("%w: %T", ErrUnknownCmd, cmd)
	}
	return cmd.apply(s, rng)
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

// MoveBudget returns how far, in half tiles, the unit can still walk on
// open ground (half speed while aiming or suppressed; nothing once a
// failed pile-through halted it this turn).
func MoveBudget(u *Unit) int {
	if u.Status.Halted {
		return 0
	}
	return u.AP * moveSpeed(u) * stepOrth
}

// DashBudget is MoveBudget for a Move with Dash: a suppressed unit's full
// speed (still halved while aiming).
func DashBudget(u *Unit) int {
	if u.Status.Halted {
		return 0
	}
	return u.AP * speedOf(u, true) * stepOrth
}
