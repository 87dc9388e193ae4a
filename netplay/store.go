package netplay

import (
	"context"
	"errors"
	"time"
)

// Errors of a Store; test them with errors.Is.
var (
	// ErrNotFound: no such match or seat.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the match's stored commands are not the ones the
	// caller built on (another server appended first, or the match ended).
	ErrConflict = errors.New("the match changed meanwhile")
)

// MatchRecord is a match as stored.
type MatchRecord struct {
	// ID names the match; Level the level it is played on and Sources
	// the JSON of the level's files and their digests when it was made.
	ID, Level, Sources string
	// Seed seeds the gameplay RNG: the server's secret.
	Seed uint64
	// TurnLimit is the last turn; a match not decided by then is a draw.
	TurnLimit int
	// Created is when the match was made.
	Created time.Time
	// Commands counts the commands stored; Turn and ToMove ("blue" or
	// "red") are the turn and side to move after them.
	Commands, Turn int
	ToMove         string
	// Winner is "" while the match is played, then "blue", "red" or
	// "draw"; End the match's digest at its end.
	Winner, End string
}

// SeatRecord is one seat of a match: the side its token plays (0 Blue,
// 1 Red), or a spectator's Spectator* value.
type SeatRecord struct {
	Match string
	Side  int
}

// Spectator seats: a match's third token, which plays no side.
const (
	// SpectatorAtEnd sees nothing of the match until it ends, then its
	// whole replay (the default).
	SpectatorAtEnd = 2
	// SpectatorProgress sees, while the match is played, its level, turn
	// and side to move (no board, no unit), then its whole replay.
	SpectatorProgress = 3
)

// SeatToken is a seat to store: its token's hash and its side.
type SeatToken struct {
	Hash string
	Side int
}

// StoredCommand is one applied command as stored.
type StoredCommand struct {
	// Index is the command's place in the match, from 0; Side the side
	// that gave it and Seq its place among that seat's commands.
	Index, Side, Seq int
	// Spec is the JSON of its rules.CommandSpec.
	Spec string
}

// Store keeps matches, seats and each match's append-only commands. Every
// method is safe for concurrent use. Seat tokens are never stored: only
// their SHA-256 (TokenHash). Package netplay/store keeps them in SQLite
// or PostgreSQL; MemoryStore keeps them in memory.
type Store interface {
	// Create stores a new match with its seats.
	Create(ctx context.Context, m MatchRecord, seats []SeatToken) error
	// Match returns the stored match with the given ID (ErrNotFound).
	Match(ctx context.Context, id string) (MatchRecord, error)
	// Seat returns the seat whose token has the given hash (ErrNotFound).
	Seat(ctx context.Context, tokenHash string) (SeatRecord, error)
	// Commands returns the match's commands in order.
	Commands(ctx context.Context, id string) ([]StoredCommand, error)
	// Append commits one command and the match's state after it in one
	// transaction. c.Index must be the number of commands stored and the
	// match must not be over, else ErrConflict and nothing is stored.
	Append(ctx context.Context, c StoredCommand, after MatchRecord) error
	// Close releases the database.
	Close() error
}
