//go:build !js

package store

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, "pgx"
)

// postgresConns bounds a server's connections to PostgreSQL, which are
// kept open: requests beyond it wait for one. A PostgreSQL connection is
// a process of its own, and PostgreSQL takes 100 by default: a
// connection for each request at a busy moment would be too many, and a
// dozen servers share the default.
const postgresConns = 8

// OpenPostgres connects to the PostgreSQL database at url
// ("postgres://user:password@host:5432/db"), creates the tables when
// they are missing and returns its Store. Several servers may share it:
// a command is stored only on top of the commands its server built on
// (Store.Append), so no two servers apply one match's command twice.
//
// A server commits its appends one transaction at a time: those that
// arrive while one commits are committed together in the next (each
// still before its Append returns), so that a busy server pays
// PostgreSQL's commit, a sync of its log, once for many commands.
func OpenPostgres(ctx context.Context, url string) (*SQLStore, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	db.SetMaxOpenConns(postgresConns)
	db.SetMaxIdleConns(postgresConns)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
	s, err := NewSQLStore(ctx, db)
	if err != nil {
		db.Close()
		return nil, err
	}
	s.batch = newBatcher(s)
	return s, nil
}
