//go:build !js

package netplay

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// OpenSQLite opens (creating it when missing) the SQLite database in file
// path in WAL mode, each commit synced to disk before it returns, and
// returns its Store.
func OpenSQLite(ctx context.Context, path string) (*SQLStore, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	// One writer at a time: SQLite serialises writes anyway, and one
	// connection keeps them from waiting on each other's locks.
	db.SetMaxOpenConns(1)
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	if mode != "wal" {
		db.Close()
		return nil, fmt.Errorf("store: %s: journal mode %q, want wal", path, mode)
	}
	s, err := NewSQLStore(ctx, db)
	if err != nil {
		db.Close()
	}
	return s, err
}
