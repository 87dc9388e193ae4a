//go:build !js

package store

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, "pgx"
)

// OpenPostgres connects to the PostgreSQL database at url
// ("postgres://user:password@host:5432/db"), creates the tables when
// they are missing and returns its Store. Several servers may share it:
// a command is stored only on top of the commands its server built on
// (Store.Append), so no two servers apply one match's command twice.
func OpenPostgres(ctx context.Context, url string) (*SQLStore, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: postgres: %w", err)
	}
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
