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
// before its level is known; once it is, MaxWork bounds them by the
// level's size and units (CommandLimit: 4000 on the least board, fewer on
// a larger one or with more units), so that the heaviest file a level may
// hold re-plays in under 2 s (docs/PERFORMANCE.md, "The heaviest file").
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
// at s may hold: MaxWork over the work of one command on its board,
// never more than MaxCommands (at least 1).
func CommandLimit(s *rules.State) int {
	w := CommandWork(s.Board.Width*s.Board.Height, len(s.Units))
	return max(1, min(MaxCommands, MaxWork/w))
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
