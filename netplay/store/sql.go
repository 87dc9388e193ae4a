package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"sightline/match"
	"sightline/netplay"
)

// SQLStore is a netplay.Store over database/sql. Its statements use $1-style
// parameters and types that SQLite and PostgreSQL both read.
type SQLStore struct {
	db *sql.DB // writes, and reads when read is nil
	// read, when not nil, serves the reads on connections of their own,
	// so that they never wait for a write (SQLite's one writer).
	read *sql.DB
	// stop, when not nil, stops the store's background work (the
	// SQLite checkpoints) and waits for it.
	stop func()
	// batch, when not nil, commits the appends that wait for the
	// writer together.
	batch *batcher
}

// reader returns the database the store reads from.
func (s *SQLStore) reader() *sql.DB {
	if s.read != nil {
		return s.read
	}
	return s.db
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

// Close stops the store's background work and closes the database.
func (s *SQLStore) Close() error {
	if s.batch != nil {
		s.batch.close()
	}
	if s.stop != nil {
		s.stop()
	}
	if s.read != nil {
		s.read.Close()
	}
	return s.db.Close()
}

// Create implements netplay.Store.
func (s *SQLStore) Create(ctx context.Context, m netplay.MatchRecord, seats []netplay.SeatToken) error {
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
	for _, st := range seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (token_hash, match_id, side) VALUES ($1, $2, $3)`, st.Hash, m.ID, st.Side); err != nil {
			return fmt.Errorf("store: create seat: %w", err)
		}
	}
	return tx.Commit()
}

// Match implements netplay.Store.
func (s *SQLStore) Match(ctx context.Context, id string) (netplay.MatchRecord, error) {
	var m netplay.MatchRecord
	var seed int64
	var created string
	err := s.reader().QueryRowContext(ctx, `SELECT id, level, sources, seed, turn_limit, created, commands, turn, to_move, winner, end_hash
		FROM matches WHERE id = $1`, id).Scan(&m.ID, &m.Level, &m.Sources, &seed, &m.TurnLimit, &created, &m.Commands, &m.Turn, &m.ToMove, &m.Winner, &m.End)
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("match %s: %w", clip(id), netplay.ErrNotFound)
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

// Seat implements netplay.Store.
func (s *SQLStore) Seat(ctx context.Context, tokenHash string) (netplay.SeatRecord, error) {
	var r netplay.SeatRecord
	err := s.reader().QueryRowContext(ctx, `SELECT match_id, side FROM seats WHERE token_hash = $1`, tokenHash).Scan(&r.Match, &r.Side)
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("seat: %w", netplay.ErrNotFound)
	}
	if err != nil {
		return r, fmt.Errorf("store: seat: %w", err)
	}
	return r, nil
}

// Commands implements netplay.Store.
func (s *SQLStore) Commands(ctx context.Context, id string) ([]netplay.StoredCommand, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT idx, side, seq, spec FROM commands WHERE match_id = $1 ORDER BY idx`, id)
	if err != nil {
		return nil, fmt.Errorf("store: commands: %w", err)
	}
	defer rows.Close()
	var out []netplay.StoredCommand
	for rows.Next() {
		var c netplay.StoredCommand
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

// Append implements netplay.Store: the match's row is updated only when it holds
// c.Index commands and is not over, so two servers appending to one match
// cannot both succeed. The appends that wait for the store's writer (one
// a server: SQLite has only one, and PostgreSQL's commits are cheaper
// grouped) are committed together, each still before its Append returns.
func (s *SQLStore) Append(ctx context.Context, c netplay.StoredCommand, after netplay.MatchRecord) error {
	if s.batch != nil {
		return s.batch.append(c, after)
	}
	return s.appendOne(ctx, c, after)
}

// appendOne commits one command in a transaction of its own.
func (s *SQLStore) appendOne(ctx context.Context, c netplay.StoredCommand, after netplay.MatchRecord) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	conflict, err := appendIn(ctx, tx, c, after)
	if err != nil {
		if isUnique(err) {
			return conflictError(c, after)
		}
		return err
	}
	if conflict {
		return conflictError(c, after)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: append: commit: %w", err)
	}
	return nil
}

// appendIn stores command c and the match's state after it in tx:
// conflict when the match does not hold c.Index commands or is over, in
// which case tx is unchanged. On an error tx must be rolled back.
func appendIn(ctx context.Context, tx *sql.Tx, c netplay.StoredCommand, after netplay.MatchRecord) (conflict bool, err error) {
	res, err := tx.ExecContext(ctx, `UPDATE matches SET commands = $1, turn = $2, to_move = $3, winner = $4, end_hash = $5
		WHERE id = $6 AND commands = $7 AND winner = ''`, c.Index+1, after.Turn, after.ToMove, after.Winner, after.End, after.ID, c.Index)
	if err != nil {
		return false, fmt.Errorf("store: append: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return true, nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO commands (match_id, idx, side, seq, spec) VALUES ($1, $2, $3, $4, $5)`,
		after.ID, c.Index, c.Side, c.Seq, c.Spec); err != nil {
		return false, fmt.Errorf("store: append: %w", err)
	}
	return false, nil
}

// conflictError is the error of a command the match cannot take.
func conflictError(c netplay.StoredCommand, after netplay.MatchRecord) error {
	return fmt.Errorf("match %s, command %d: %w", after.ID, c.Index, netplay.ErrConflict)
}

// isUnique reports whether err is a unique or primary key violation.
func isUnique(err error) bool {
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "unique") || strings.Contains(s, "duplicate key")
}

// clip returns s made safe to print and cut to 80 bytes, for messages
// that quote what a caller gave.
func clip(s string) string {
	s = match.SafeText(s)
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}
