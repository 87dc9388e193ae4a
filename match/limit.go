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

// MaxFormat1Bytes bounds the bytes a format-1 file's digests may hash
// (turns × the state's JSON; rules.State.HashFormat1): about 0.5 s of
// encoding and SHA-256 on this machine, so that a re-play of any file
// within the limits takes under 2 s (the dearest, the command limit on
// 256×256 over the most turns this allows, 1.6 s:
// levels.BenchmarkVerifyFormat1File; at 1.6 GB it took 2.4 s). All
// MaxTurns turns fit up to 64×64 tiles, about 98 on 256×256. Files of
// format 2 (digests that do not grow with the board) have no such bound;
// only builds before it wrote format 1.
const MaxFormat1Bytes = 600_000_000

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

// checkFormat1 refuses a format-1 replay whose digests would hash more
// than limit bytes (MaxFormat1Bytes): its start, end and every turn's
// end, each estimated as the starting state's JSON, before any command
// is re-played. A turn past the recorded ones stops the re-play (Step),
// so the recorded turns bound the digests made.
func (r *Replay) checkFormat1(start *rules.State, limit int64) error {
	if r.Format != 1 {
		return nil
	}
	per := start.HashFormat1Size()
	n := int64(len(r.Turns)+2) * per
	if n <= limit {
		return nil
	}
	return fmt.Errorf("%w: format 1, %d turns on %d×%d tiles: its digests would hash %.2f GB (%.1f MB a turn), more than the %.2f GB a format-1 file may; files of format 2, written by newer builds, have no such bound",
		ErrTooLong, len(r.Turns), start.Board.Width, start.Board.Height, float64(n)/1e9, float64(per)/1e6, float64(limit)/1e9)
}
