//go:build !js

package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"sightline/netplay"
)

// openSQLite opens a new SQLite store in the test's temporary folder.
func openSQLite(t *testing.T) netplay.Store {
	t.Helper()
	s, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "matches.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSQLiteStore(t *testing.T) { storeSuite(t, openSQLite) }

// The store synced to disk at every commit passes the same suite.
func TestSQLiteSyncedStore(t *testing.T) {
	storeSuite(t, func(t *testing.T) netplay.Store {
		s, err := OpenSQLiteSynced(context.Background(), filepath.Join(t.TempDir(), "matches.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// storeSuite checks a netplay.Store: what open returns must be empty. Every
// database the server supports runs it.
func storeSuite(t *testing.T, open func(*testing.T) netplay.Store) {
	ctx := context.Background()
	rec := netplay.MatchRecord{ID: "m1", Level: "crossroads", Sources: `[{"path":"maps/crossroads.tmx","sha256":"ab"}]`,
		Seed: 1<<63 | 12345, TurnLimit: 30, Created: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), Turn: 1, ToMove: "blue"}
	seats := []netplay.SeatToken{{Hash: netplay.TokenHash("blue-token"), Side: 0}, {Hash: netplay.TokenHash("red-token"), Side: 1}, {Hash: netplay.TokenHash("spectator-token"), Side: netplay.SpectatorAtEnd}}

	t.Run("create and read back", func(t *testing.T) {
		s := open(t)
		if err := s.Create(ctx, rec, seats); err != nil {
			t.Fatal(err)
		}
		have, err := s.Match(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(have, rec) {
			t.Errorf("match read back as %+v, want %+v", have, rec)
		}
		for _, st := range seats {
			sr, err := s.Seat(ctx, st.Hash)
			if want := (netplay.SeatRecord{Match: "m1", Side: st.Side}); err != nil || sr != want {
				t.Errorf("seat %d: have %+v, %v; want %+v", st.Side, sr, err, want)
			}
		}
		if err := s.Create(ctx, rec, []netplay.SeatToken{{Hash: netplay.TokenHash("x"), Side: 0}, {Hash: netplay.TokenHash("y"), Side: 1}}); err == nil {
			t.Error("a second match with the same ID was stored")
		}
	})

	t.Run("unknown match and seat", func(t *testing.T) {
		s := open(t)
		if _, err := s.Match(ctx, "nope"); !errors.Is(err, netplay.ErrNotFound) {
			t.Errorf("unknown match: error %v, want ErrNotFound", err)
		}
		if _, err := s.Seat(ctx, netplay.TokenHash("nope")); !errors.Is(err, netplay.ErrNotFound) {
			t.Errorf("unknown seat: error %v, want ErrNotFound", err)
		}
	})

	t.Run("append in order, refuse out of order", func(t *testing.T) {
		s := open(t)
		if err := s.Create(ctx, rec, seats); err != nil {
			t.Fatal(err)
		}
		after := rec
		var want []netplay.StoredCommand
		for i, c := range []netplay.StoredCommand{
			{Index: 0, Side: 0, Seq: 0, Spec: `{"do":"end_turn"}`},
			{Index: 1, Side: 1, Seq: 0, Spec: `{"do":"end_turn"}`},
			{Index: 2, Side: 0, Seq: 1, Spec: `{"do":"take_cover","unit":1}`},
		} {
			after.Commands, after.Turn = i+1, 1+i/2
			if err := s.Append(ctx, c, after); err != nil {
				t.Fatalf("command %d: %v", i, err)
			}
			want = append(want, c)
		}
		for _, tc := range []struct {
			name string
			c    netplay.StoredCommand
		}{
			{"replayed index", netplay.StoredCommand{Index: 1, Side: 1, Seq: 1, Spec: `{"do":"end_turn"}`}},
			{"skipped index", netplay.StoredCommand{Index: 5, Side: 1, Seq: 1, Spec: `{"do":"end_turn"}`}},
		} {
			bad := after
			bad.Commands = tc.c.Index + 1
			if err := s.Append(ctx, tc.c, bad); !errors.Is(err, netplay.ErrConflict) {
				t.Errorf("%s: error %v, want ErrConflict", tc.name, err)
			}
		}
		have, err := s.Commands(ctx, "m1")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(have, want) {
			t.Errorf("commands stored:\n%+v\nwant\n%+v", have, want)
		}
		m, err := s.Match(ctx, "m1")
		if err != nil || m != after {
			t.Errorf("match after the refused appends: %+v, %v; want %+v", m, err, after)
		}
	})

	t.Run("nothing appends to a finished match", func(t *testing.T) {
		s := open(t)
		if err := s.Create(ctx, rec, seats); err != nil {
			t.Fatal(err)
		}
		after := rec
		after.Commands, after.Winner, after.End = 1, "draw", "e0"
		if err := s.Append(ctx, netplay.StoredCommand{Index: 0, Spec: `{"do":"end_turn"}`}, after); err != nil {
			t.Fatal(err)
		}
		after.Commands = 2
		if err := s.Append(ctx, netplay.StoredCommand{Index: 1, Side: 1, Spec: `{"do":"end_turn"}`}, after); !errors.Is(err, netplay.ErrConflict) {
			t.Errorf("append after the end: error %v, want ErrConflict", err)
		}
		if cs, err := s.Commands(ctx, "m1"); err != nil || len(cs) != 1 {
			t.Errorf("commands after the end: %d, %v; want 1", len(cs), err)
		}
	})

	t.Run("matches keep their own commands", func(t *testing.T) {
		s := open(t)
		other := rec
		other.ID = "m2"
		if err := s.Create(ctx, rec, seats); err != nil {
			t.Fatal(err)
		}
		if err := s.Create(ctx, other, []netplay.SeatToken{{Hash: netplay.TokenHash("b2"), Side: 0}, {Hash: netplay.TokenHash("r2"), Side: 1}}); err != nil {
			t.Fatal(err)
		}
		after := other
		after.Commands = 1
		if err := s.Append(ctx, netplay.StoredCommand{Index: 0, Spec: `{"do":"end_turn"}`}, after); err != nil {
			t.Fatal(err)
		}
		if cs, err := s.Commands(ctx, "m1"); err != nil || len(cs) != 0 {
			t.Errorf("m1 holds %d commands (%v), want none", len(cs), err)
		}
	})
}

// The store in memory, which the host's tests use, passes the same suite.
func TestMemoryStore(t *testing.T) {
	storeSuite(t, func(t *testing.T) netplay.Store { return netplay.NewMemoryStore() })
}

// The write-ahead log reaches the database file through the store's own
// checkpoints, off the commit path: with none due the file stays as it
// was opened, with one due soon it fills, and the reads beside the writer see every
// commit meanwhile.
func TestSQLiteCheckpointsOffTheCommitPath(t *testing.T) {
	ctx := context.Background()
	rec := netplay.MatchRecord{ID: "m1", Level: "crossroads", Sources: "[]", TurnLimit: 30, Created: time.Now(), Turn: 1, ToMove: "blue"}
	for _, tc := range []struct {
		name  string
		every time.Duration
		fills bool
	}{
		{"none due", time.Hour, false},
		{"due soon", 20 * time.Millisecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "matches.db")
			s, err := openSQLiteEvery(ctx, path, "NORMAL", tc.every)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			size := func() int64 {
				fi, err := os.Stat(path)
				if err != nil {
					t.Fatal(err)
				}
				return fi.Size()
			}
			opened := size() // the file's header: the tables are in the log
			if err := s.Create(ctx, rec, []netplay.SeatToken{{Hash: netplay.TokenHash("blue"), Side: 0}}); err != nil {
				t.Fatal(err)
			}
			after := rec
			for i := range 50 {
				after.Commands = i + 1
				if err := s.Append(ctx, netplay.StoredCommand{Index: i, Side: i % 2, Seq: i / 2, Spec: `{"do":"end_turn"}`}, after); err != nil {
					t.Fatal(err)
				}
				if m, err := s.Match(ctx, "m1"); err != nil || m.Commands != i+1 {
					t.Fatalf("read after command %d: %d commands, %v", i, m.Commands, err)
				}
			}
			deadline := time.Now().Add(time.Minute) // a hang guard: generous for a loaded machine
			for size() == opened && tc.fills && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if filled := size() > opened; filled != tc.fills {
				t.Errorf("the database file holds %d bytes, %d when opened: filled %v, want %v", size(), opened, filled, tc.fills)
			}
		})
	}
}
