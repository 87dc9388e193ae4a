//go:build !js

package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// OpenSQLite opens (creating it when missing) the SQLite database in file
// path in WAL mode and returns its Store. A commit returns once it is in
// the write-ahead log: a command acknowledged survives the server killed
// (even with SIGKILL), and the last ones may be lost if the machine loses
// power; OpenSQLiteSynced trades speed for that too.
func OpenSQLite(ctx context.Context, path string) (*SQLStore, error) {
	return openSQLiteSync(ctx, path, "NORMAL")
}

// OpenSQLiteSynced is OpenSQLite with every commit synced to disk before
// it returns, so an acknowledged command survives a power loss too. On a
// busy disk a sync can take a tenth of a second.
func OpenSQLiteSynced(ctx context.Context, path string) (*SQLStore, error) {
	return openSQLiteSync(ctx, path, "FULL")
}

// openSQLiteSync opens the database with the given synchronous setting.
func openSQLiteSync(ctx context.Context, path, sync string) (*SQLStore, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(" + sync + ")", "busy_timeout(10000)", "foreign_keys(1)"} {
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
