package match

import (
	"errors"
	"fmt"

	"sightline/rules"
)

// A re-play's time grows with its commands and, per command, with the
// board's tiles (a move redoes the mover's field of view over the whole
// board) and with the units (the fog asks every pair of a side's unit and
// an enemy). MaxCommands bounds the commands while a file is decoded,
// before its level is known. Once it is, CommandLimit bounds them by the
// level: never below the most its rules let a battle reach
// (rules.State.CommandBound: a save the game wrote is never refused), and
// below MaxCommands only where those rules end every battle sooner; there
// it is at least what MaxWork allows on its board (about 1.6 s of
// re-play on the dearest terrain measured; docs/PERFORMANCE.md, "The
// heaviest file").
const (
	// MaxWork bounds a replay's commands times the work of one command on
	// its level (CommandWork).
	MaxWork = 8_000_000
	// commandBase is the work of a command on an empty board without
	// units, in tiles: the checks, the digests, the memory.
	commandBase = 2000
)

// ErrTooLong: the replay holds more commands than its level allows
// (CommandLimit), refused before any is re-played.
var ErrTooLong = errors.New("too long")

// CommandWork returns the work of re-playing one command on a board of
// tiles tiles with units units, in tiles: commandBase, the tiles, and
// twice the square of the units.
func CommandWork(tiles, units int) int {
	return commandBase + max(tiles, 0) + 2*units*units
}

// CommandLimit returns the most commands a replay of a battle starting
// at s may hold. A battle its rules end by a deadline may hold the most
// commands they allow (rules.State.CommandBound) or MaxWork over the work
// of one command on its board, whichever is more, never more than
// MaxCommands; one they do not end (no deadline) may hold MaxCommands.
func CommandLimit(s *rules.State) int {
	bound, ok := s.CommandBound()
	if !ok {
		return MaxCommands
	}
	w := CommandWork(s.Board.Width*s.Board.Height, len(s.Units))
	return max(1, min(MaxCommands, max(bound, MaxWork/w)))
}

// checkLength refuses a replay holding more commands than its level
// allows, naming the limit and what it comes from.
func (r *Replay) checkLength(start *rules.State) error {
	limit := CommandLimit(start)
	if len(r.Commands) <= limit {
		return nil
	}
	return fmt.Errorf("%w: commands: %d, at most %d on this level (%d×%d tiles, %d units)", ErrTooLong, len(r.Commands), limit, start.Board.Width, start.Board.Height, len(start.Units))
}
