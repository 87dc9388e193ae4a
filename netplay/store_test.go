//go:build !js

package netplay

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// openSQLite opens a new SQLite store in the test's temporary folder.
func openSQLite(t *testing.T) Store {
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
	storeSuite(t, func(t *testing.T) Store {
		s, err := OpenSQLiteSynced(context.Background(), filepath.Join(t.TempDir(), "matches.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// storeSuite checks a Store: what open returns must be empty. Every
// database the server supports runs it.
func storeSuite(t *testing.T, open func(*testing.T) Store) {
	ctx := context.Background()
	rec := MatchRecord{ID: "m1", Level: "crossroads", Sources: `[{"path":"maps/crossroads.tmx","sha256":"ab"}]`,
		Seed: 1<<63 | 12345, TurnLimit: 30, Created: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), Turn: 1, ToMove: "blue"}
	seats := [2]string{TokenHash("blue-token"), TokenHash("red-token")}

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
		for side, h := range seats {
			sr, err := s.Seat(ctx, h)
			if want := (SeatRecord{Match: "m1", Side: side}); err != nil || sr != want {
				t.Errorf("seat %d: have %+v, %v; want %+v", side, sr, err, want)
			}
		}
		if err := s.Create(ctx, rec, [2]string{TokenHash("x"), TokenHash("y")}); err == nil {
			t.Error("a second match with the same ID was stored")
		}
	})

	t.Run("unknown match and seat", func(t *testing.T) {
		s := open(t)
		if _, err := s.Match(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown match: error %v, want ErrNotFound", err)
		}
		if _, err := s.Seat(ctx, TokenHash("nope")); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown seat: error %v, want ErrNotFound", err)
		}
	})

	t.Run("append in order, refuse out of order", func(t *testing.T) {
		s := open(t)
		if err := s.Create(ctx, rec, seats); err != nil {
			t.Fatal(err)
		}
		after := rec
		var want []StoredCommand
		for i, c := range []StoredCommand{
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
			c    StoredCommand
		}{
			{"replayed index", StoredCommand{Index: 1, Side: 1, Seq: 1, Spec: `{"do":"end_turn"}`}},
			{"skipped index", StoredCommand{Index: 5, Side: 1, Seq: 1, Spec: `{"do":"end_turn"}`}},
		} {
			bad := after
			bad.Commands = tc.c.Index + 1
			if err := s.Append(ctx, tc.c, bad); !errors.Is(err, ErrConflict) {
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
		if err := s.Append(ctx, StoredCommand{Index: 0, Spec: `{"do":"end_turn"}`}, after); err != nil {
			t.Fatal(err)
		}
		after.Commands = 2
		if err := s.Append(ctx, StoredCommand{Index: 1, Side: 1, Spec: `{"do":"end_turn"}`}, after); !errors.Is(err, ErrConflict) {
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
		if err := s.Create(ctx, other, [2]string{TokenHash("b2"), TokenHash("r2")}); err != nil {
			t.Fatal(err)
		}
		after := other
		after.Commands = 1
		if err := s.Append(ctx, StoredCommand{Index: 0, Spec: `{"do":"end_turn"}`}, after); err != nil {
			t.Fatal(err)
		}
		if cs, err := s.Commands(ctx, "m1"); err != nil || len(cs) != 0 {
			t.Errorf("m1 holds %d commands (%v), want none", len(cs), err)
		}
	})
}
