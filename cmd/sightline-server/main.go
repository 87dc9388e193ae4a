//go:build !js

// Command sightline-server serves online matches: it holds each match's
// state and dice and tells each player only what their side knows
// (package netplay; docs/ONLINE.md).
//
//	sightline-server [-addr 127.0.0.1:8090] [-db FILE|postgres://...] [-fsync] [-origin HOSTS]
//
// -db is the SQLite file the matches are kept in (default server.db under
// the user's config folder, beside the game's saves), or the URL of a
// PostgreSQL database (postgres://user:password@host/db), which several
// servers behind one load balancer may share. An acknowledged command is
// committed: it survives the server killed; with -fsync, SQLite syncs
// each commit to disk, so it survives a power loss too. -origin lists, comma
// separated, the hosts of web pages allowed to open a game's WebSocket
// and to read the HTTP API's answers (CORS) besides the server's own. It
// prints "listening on http://ADDR" once it
// accepts connections, and stops on SIGINT or SIGTERM.
package main

import (
	"context"
	"flag"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"sightline/internal/httpserve"
	"sightline/netplay"
	"sightline/netplay/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// defaultDB returns server.db under the user's config folder, where the
// game keeps its saves.
func defaultDB() string {
	base, err := os.UserConfigDir()
	if err != nil {
		return "server.db"
	}
	return filepath.Join(base, "sightline", "server.db")
}

// run serves until ctx ends and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sightline-server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8090", "the address to listen on")
	db := fs.String("db", defaultDB(), "the SQLite file the matches are kept in, or a postgres:// URL")
	origins := fs.String("origin", "", "comma-separated hosts of web pages allowed to play and to make and list matches, besides the server's own")
	fsync := fs.Bool("fsync", false, "SQLite: sync every commit to disk, so acknowledged commands survive a power loss too (slower)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		return 2
	}
	logger := log.New(stderr, "sightline-server: ", log.LstdFlags)
	if err := serve(ctx, *addr, *db, *origins, *fsync, stdout, logger); err != nil {
		logger.Print(err)
		return 1
	}
	return 0
}

// open opens the store: PostgreSQL for a postgres:// or postgresql://
// URL, else the SQLite file db, its folder made when missing, synced to
// disk at every commit with fsync.
func open(ctx context.Context, db string, fsync bool) (*store.SQLStore, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return store.OpenPostgres(ctx, db)
	}
	if dir := filepath.Dir(db); dir != "." {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
	}
	// The file holds the matches' seeds: only its owner may read it.
	f, err := os.OpenFile(db, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	f.Close()
	if fsync {
		return store.OpenSQLiteSynced(ctx, db)
	}
	return store.OpenSQLite(ctx, db)
}

// serve opens the store and serves the matches on addr until ctx ends.
func serve(ctx context.Context, addr, db, origins string, fsync bool, stdout io.Writer, logger *log.Logger) error {
	st, err := open(ctx, db, fsync)
	if err != nil {
		return err
	}
	defer st.Close()
	srv := netplay.NewServer(netplay.NewHost(st))
	srv.Log = logger
	for _, o := range strings.Split(origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			srv.Origins = append(srv.Origins, o)
		}
	}
	return httpserve.Serve(ctx, addr, srv.Handler(), stdout, "listening on http://%s\n", logger)
}
