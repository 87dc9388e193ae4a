//go:build !js

package store

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"sightline/netplay"
)

// postgresBin returns the folder of Debian's PostgreSQL server binaries,
// or "" when none is installed.
func postgresBin() string {
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		return ""
	}
	return filepath.Dir(found[len(found)-1])
}

// testMaxConns is how many connections the test's PostgreSQL takes: a
// few stores' worth, far fewer than the requests a test makes at once.
const testMaxConns = 4*postgresConns + 2

// startPostgres starts a PostgreSQL server of its own in a temporary
// folder on a free loopback port (as the postgres user when the test runs
// as root) and returns the URL of its postgres database; the server stops
// with the test.
func startPostgres(t *testing.T) string {
	t.Helper()
	bin := postgresBin()
	if bin == "" && os.Getenv("SIGHTLINE_REQUIRE_POSTGRES") == "1" {
		t.Fatal("PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb) and SIGHTLINE_REQUIRE_POSTGRES=1: .ci/deps.sh test installs it")
	}
	if bin == "" {
		t.Skip("PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql")
	}
	dir, err := os.MkdirTemp("", "sightline-pg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var as []string // the command prefix that runs as the postgres user
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root with no postgres user to run PostgreSQL as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		as = []string{"runuser", "-u", "postgres", "--"}
	}
	run := func(args ...string) *exec.Cmd {
		all := append(append([]string{}, as...), args...)
		return exec.Command(all[0], all[1:]...)
	}
	data := filepath.Join(dir, "data")
	if out, err := run(filepath.Join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	opts := fmt.Sprintf("-k %s -h 127.0.0.1 -p %d -c fsync=off -c max_connections=%d", dir, port, testMaxConns)
	if out, err := run(filepath.Join(bin, "pg_ctl"), "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start").CombinedOutput(); err != nil {
		logs, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("pg_ctl start: %v\n%s%s", err, out, logs)
	}
	t.Cleanup(func() {
		if out, err := run(filepath.Join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop").CombinedOutput(); err != nil {
			t.Errorf("pg_ctl stop: %v\n%s", err, out)
		}
	})
	url := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if err = db.Ping(); err == nil {
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("PostgreSQL did not answer in 30 s: %v", err)
		}
	}
}

// The storage suite and the grouped appends on PostgreSQL: each subtest
// gets a database of its own on one server.
func TestPostgresStore(t *testing.T) {
	base := startPostgres(t)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	n := 0
	// fresh makes a new database and returns a function that opens a
	// store on it, closed with the test.
	fresh := func(t *testing.T) func() *SQLStore {
		n++
		name := fmt.Sprintf("suite%d", n)
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
			t.Fatal(err)
		}
		url := base[:len(base)-len("postgres?sslmode=disable")] + name + "?sslmode=disable"
		return func() *SQLStore {
			s, err := OpenPostgres(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}
	}
	t.Run("store", func(t *testing.T) {
		storeSuite(t, func(t *testing.T) netplay.Store { return fresh(t)() })
	})
	// More requests at once than PostgreSQL takes connections wait for
	// one of the store's.
	t.Run("requests at once", func(t *testing.T) {
		s := fresh(t)()
		rec := netplay.MatchRecord{ID: "m1", Level: "crossroads", Sources: "[]", TurnLimit: 30, Created: time.Now(), Turn: 1, ToMove: "blue"}
		if err := s.Create(context.Background(), rec, []netplay.SeatToken{{Hash: netplay.TokenHash("blue"), Side: 0}}); err != nil {
			t.Fatal(err)
		}
		const n = 10 * testMaxConns
		errs := make(chan error, n)
		for range n {
			go func() {
				_, err := s.Seat(context.Background(), netplay.TokenHash("blue"))
				if err == nil {
					_, err = s.Commands(context.Background(), "m1")
				}
				errs <- err
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Run("batches", func(t *testing.T) {
		batchSuite(t, func(t *testing.T) (*SQLStore, func() *SQLStore) {
			again := fresh(t)
			return again(), again
		})
	})
}
