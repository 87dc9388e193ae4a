//go:build !js

package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"time"

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

// SQLite's connections: one writer, readers beside it.
const (
	// readConns bounds the connections that read while the writer
	// commits (WAL lets them).
	readConns = 4
	// checkpointEvery is how often the write-ahead log is copied into
	// the database file (a checkpoint, which syncs the file), off the
	// writer's connection: done by SQLite itself at the commit that
	// fills the log, it would hold every other commit meanwhile.
	checkpointEvery = time.Second
)

// openSQLiteSync opens the database with the given synchronous setting.
func openSQLiteSync(ctx context.Context, path, sync string) (*SQLStore, error) {
	return openSQLiteEvery(ctx, path, sync, checkpointEvery)
}

// sqliteDSN returns the data source name of file path with the pragmas.
func sqliteDSN(path string, pragmas ...string) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	return "file:" + path + "?" + q.Encode()
}

// openSQLiteEvery opens the database with the given synchronous setting
// and checkpoints its write-ahead log every so often.
func openSQLiteEvery(ctx context.Context, path, sync string, every time.Duration) (*SQLStore, error) {
	db, err := sql.Open("sqlite", sqliteDSN(path, "journal_mode(WAL)", "synchronous("+sync+")", "busy_timeout(10000)",
		"foreign_keys(1)", "wal_autocheckpoint(0)"))
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
		return nil, err
	}
	read, err := sql.Open("sqlite", sqliteDSN(path, "synchronous("+sync+")", "busy_timeout(10000)", "query_only(1)"))
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	read.SetMaxOpenConns(readConns)
	s.read = read
	s.stop = checkpoints(read, every)
	s.batch = newBatcher(s)
	return s, nil
}

// checkpoints copies the write-ahead log of db into its file every so
// often until the returned stop is called. A passive checkpoint waits for
// no reader or writer; one that fails is tried again at the next tick,
// the log holding the commits meanwhile.
func checkpoints(db *sql.DB, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
			}
		}
	}()
	return func() { cancel(); <-done }
}
