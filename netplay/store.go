package netplay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
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

// SeatRecord is one seat of a match: the side its token plays.
type SeatRecord struct {
	Match string
	Side  int
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
// their SHA-256 (TokenHash).
type Store interface {
	// Create stores a new match with its two seats' token hashes, Blue's
	// first.
	Create(ctx context.Context, m MatchRecord, seats [2]string) error
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

// SQLStore is a Store over database/sql. Its statements use $1-style
// parameters and types that SQLite and PostgreSQL both read.
type SQLStore struct {
	db *sql.DB
}

// schema creates the tables. The seed is a BIGINT holding the uint64's
// bits.
var schema = []string{
	`CREATE TABLE IF NOT EXISTS matches (
		id TEXT PRIMARY KEY,
		level TEXT NOT NULL,
		sources TEXT NOT NULL,
		seed BIGINT NOT NULL,
		turn_limit INTEGER NOT NULL,
		created TEXT NOT NULL,
		commands INTEGER NOT NULL,
		turn INTEGER NOT NULL,
		to_move TEXT NOT NULL,
		winner TEXT NOT NULL,
		end_hash TEXT NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS seats (
		token_hash TEXT PRIMARY KEY,
		match_id TEXT NOT NULL REFERENCES matches(id),
		side INTEGER NOT NULL)`,
	`CREATE TABLE IF NOT EXISTS commands (
		match_id TEXT NOT NULL REFERENCES matches(id),
		idx INTEGER NOT NULL,
		side INTEGER NOT NULL,
		seq INTEGER NOT NULL,
		spec TEXT NOT NULL,
		PRIMARY KEY (match_id, idx))`,
}

// NewSQLStore creates the tables when they are missing and returns the
// store over db, which it owns from now on.
func NewSQLStore(ctx context.Context, db *sql.DB) (*SQLStore, error) {
	for _, q := range schema {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return nil, fmt.Errorf("store: schema: %w", err)
		}
	}
	return &SQLStore{db: db}, nil
}

// Close closes the database.
func (s *SQLStore) Close() error { return s.db.Close() }

// Create implements Store.
func (s *SQLStore) Create(ctx context.Context, m MatchRecord, seats [2]string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO matches (id, level, sources, seed, turn_limit, created, commands, turn, to_move, winner, end_hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		m.ID, m.Level, m.Sources, int64(m.Seed), m.TurnLimit, m.Created.UTC().Format(time.RFC3339Nano), m.Commands, m.Turn, m.ToMove, m.Winner, m.End); err != nil {
		return fmt.Errorf("store: create match: %w", err)
	}
	for side, h := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (token_hash, match_id, side) VALUES ($1, $2, $3)`, h, m.ID, side); err != nil {
			return fmt.Errorf("store: create seat: %w", err)
		}
	}
	return tx.Commit()
}

// Match implements Store.
func (s *SQLStore) Match(ctx context.Context, id string) (MatchRecord, error) {
	var m MatchRecord
	var seed int64
	var created string
	err := s.db.QueryRowContext(ctx, `SELECT id, level, sources, seed, turn_limit, created, commands, turn, to_move, winner, end_hash
		FROM matches WHERE id = $1`, id).Scan(&m.ID, &m.Level, &m.Sources, &seed, &m.TurnLimit, &created, &m.Commands, &m.Turn, &m.ToMove, &m.Winner, &m.End)
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("match %s: %w", clip(id), ErrNotFound)
	}
	if err != nil {
		return m, fmt.Errorf("store: match: %w", err)
	}
	m.Seed = uint64(seed)
	if m.Created, err = time.Parse(time.RFC3339Nano, created); err != nil {
		return m, fmt.Errorf("store: match %s: created: %w", m.ID, err)
	}
	return m, nil
}

// Seat implements Store.
func (s *SQLStore) Seat(ctx context.Context, tokenHash string) (SeatRecord, error) {
	var r SeatRecord
	err := s.db.QueryRowContext(ctx, `SELECT match_id, side FROM seats WHERE token_hash = $1`, tokenHash).Scan(&r.Match, &r.Side)
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("seat: %w", ErrNotFound)
	}
	if err != nil {
		return r, fmt.Errorf("store: seat: %w", err)
	}
	return r, nil
}

// Commands implements Store.
func (s *SQLStore) Commands(ctx context.Context, id string) ([]StoredCommand, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT idx, side, seq, spec FROM commands WHERE match_id = $1 ORDER BY idx`, id)
	if err != nil {
		return nil, fmt.Errorf("store: commands: %w", err)
	}
	defer rows.Close()
	var out []StoredCommand
	for rows.Next() {
		var c StoredCommand
		if err := rows.Scan(&c.Index, &c.Side, &c.Seq, &c.Spec); err != nil {
			return nil, fmt.Errorf("store: commands: %w", err)
		}
		if c.Index != len(out) {
			return nil, fmt.Errorf("store: match %s: command %d stored where %d was expected", id, c.Index, len(out))
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Append implements Store: the match's row is updated only when it holds
// c.Index commands and is not over, so two servers appending to one match
// cannot both succeed.
func (s *SQLStore) Append(ctx context.Context, c StoredCommand, after MatchRecord) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE matches SET commands = $1, turn = $2, to_move = $3, winner = $4, end_hash = $5
		WHERE id = $6 AND commands = $7 AND winner = ''`, c.Index+1, after.Turn, after.ToMove, after.Winner, after.End, after.ID, c.Index)
	if err != nil {
		return fmt.Errorf("store: append: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("match %s, command %d: %w", after.ID, c.Index, ErrConflict)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO commands (match_id, idx, side, seq, spec) VALUES ($1, $2, $3, $4, $5)`,
		after.ID, c.Index, c.Side, c.Seq, c.Spec); err != nil {
		if isUnique(err) {
			return fmt.Errorf("match %s, command %d: %w", after.ID, c.Index, ErrConflict)
		}
		return fmt.Errorf("store: append: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: append: commit: %w", err)
	}
	return nil
}

// isUnique reports whether err is a unique or primary key violation.
func isUnique(err error) bool {
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "unique") || strings.Contains(s, "duplicate key")
}
