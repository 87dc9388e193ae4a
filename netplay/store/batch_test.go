//go:build !js

package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"sightline/netplay"
)

// openBatched opens an empty store of a database that groups its appends,
// and, when the database may be shared by several servers, again opens
// another store on the same database (nil otherwise).
type openBatched func(t *testing.T) (s *SQLStore, again func() *SQLStore)

func TestSQLiteBatches(t *testing.T) {
	batchSuite(t, func(t *testing.T) (*SQLStore, func() *SQLStore) {
		s, err := openSQLiteEvery(context.Background(), filepath.Join(t.TempDir(), "matches.db"), "NORMAL", 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, nil
	})
}

// batchSuite checks the appends grouped into one transaction. Every
// database that groups them runs it.
func batchSuite(t *testing.T, open openBatched) {
	ctx := context.Background()
	create := func(t *testing.T, s *SQLStore, id string) netplay.MatchRecord {
		t.Helper()
		rec := netplay.MatchRecord{ID: id, Level: "crossroads", Sources: "[]", TurnLimit: 30, Created: time.Now(), Turn: 1, ToMove: "blue"}
		if err := s.Create(ctx, rec, []netplay.SeatToken{{Hash: netplay.TokenHash(id), Side: 0}}); err != nil {
			t.Fatal(err)
		}
		return rec
	}

	// A batch commits its appends in one transaction: each conflict
	// refuses its append alone, a later append may build on an earlier
	// one, and a failing statement sends every append to a transaction of
	// its own, which stores the others. The batch need not come in the
	// matches' order.
	t.Run("a batch commits together", func(t *testing.T) {
		type step struct {
			match string
			index int
			over  bool // the command ends the match
		}
		for _, tc := range []struct {
			name   string
			broken bool // m2's command 0 is stored already, its row says none
			batch  []step
			want   []bool         // each append stored
			stored map[string]int // commands stored by match afterwards
		}{
			{"all stored", false, []step{{"m1", 0, false}, {"m2", 0, false}, {"m1", 1, false}}, []bool{true, true, true}, map[string]int{"m1": 2, "m2": 1}},
			{"matches out of order", false, []step{{"m2", 0, false}, {"m1", 0, false}, {"m2", 1, false}, {"m1", 1, false}}, []bool{true, true, true, true}, map[string]int{"m1": 2, "m2": 2}},
			{"a command twice", false, []step{{"m1", 0, false}, {"m1", 0, false}, {"m2", 0, false}}, []bool{true, false, true}, map[string]int{"m1": 1, "m2": 1}},
			{"a gap", false, []step{{"m1", 1, false}, {"m2", 0, false}}, []bool{false, true}, map[string]int{"m1": 0, "m2": 1}},
			{"after the end", false, []step{{"m1", 0, true}, {"m1", 1, false}, {"m2", 0, false}}, []bool{true, false, true}, map[string]int{"m1": 1, "m2": 1}},
			{"a failing statement", true, []step{{"m1", 0, false}, {"m2", 0, false}, {"m1", 1, false}}, []bool{true, false, true}, map[string]int{"m1": 2, "m2": 1}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s, _ := open(t)
				for _, id := range []string{"m1", "m2"} {
					create(t, s, id)
				}
				if tc.broken {
					if _, err := s.db.ExecContext(ctx, `INSERT INTO commands (match_id, idx, side, seq, spec) VALUES ('m2', 0, 0, 0, '{}')`); err != nil {
						t.Fatal(err)
					}
				}
				var batch []*pending
				for _, st := range tc.batch {
					after := netplay.MatchRecord{ID: st.match, Commands: st.index + 1, Turn: 1, ToMove: "red"}
					if st.over {
						after.Winner, after.End = "blue", "end"
					}
					batch = append(batch, &pending{c: netplay.StoredCommand{Index: st.index, Spec: fmt.Sprintf(`{"n":%d}`, st.index)}, after: after, answer: make(chan error, 1)})
				}
				s.commit(ctx, batch)
				for i, p := range batch {
					err := <-p.answer
					if stored := err == nil; stored != tc.want[i] {
						t.Errorf("append %d (%s command %d): %v, want stored %v", i, tc.batch[i].match, tc.batch[i].index, err, tc.want[i])
					}
					if err != nil && !errors.Is(err, netplay.ErrConflict) {
						t.Errorf("append %d: %v, want a conflict", i, err)
					}
				}
				for id, n := range tc.stored {
					if tc.broken && id == "m2" {
						continue // its row and its commands disagree on purpose
					}
					cs, err := s.Commands(ctx, id)
					m, merr := s.Match(ctx, id)
					if err != nil || merr != nil || len(cs) != n || m.Commands != n {
						t.Errorf("%s: %d commands stored, its row says %d (%v, %v); want %d", id, len(cs), m.Commands, err, merr, n)
					}
					for i, c := range cs {
						if want := fmt.Sprintf(`{"n":%d}`, i); c.Index != i || c.Spec != want {
							t.Errorf("%s: command %d stored as %d %s, want %s", id, i, c.Index, c.Spec, want)
						}
					}
				}
			})
		}
	})

	// The appends that arrive while a commit is under way wait for it,
	// then one of them commits them all in one transaction.
	t.Run("appends wait for the writer together", func(t *testing.T) {
		s, _ := open(t)
		b := s.batch
		if b == nil {
			t.Fatal("the store commits each append alone")
		}
		const n = 5
		b.mu.Lock()
		b.busy = true // a commit under way
		b.mu.Unlock()
		errs := make(chan error, n)
		for m := range n {
			after := create(t, s, fmt.Sprintf("m%d", m))
			after.Commands = 1
			go func() { errs <- s.Append(ctx, netplay.StoredCommand{Index: 0, Spec: `{}`}, after) }()
		}
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
			b.mu.Lock()
			queued := len(b.queue)
			b.mu.Unlock()
			if queued == n {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d appends queued, want %d", queued, n)
			}
		}
		b.commitQueue() // the commit under way ends, and hands on the writer
		for m := range n {
			if cs, err := s.Commands(ctx, fmt.Sprintf("m%d", m)); err != nil || len(cs) != 1 {
				t.Errorf("m%d after one commit: %d commands stored (%v), want 1", m, len(cs), err)
			}
		}
		for range n {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.busy || len(b.queue) != 0 {
			t.Errorf("after the commit: writer busy %v, %d appends queued; want it free and none", b.busy, len(b.queue))
		}
	})

	// Appends from many connections at once are each committed before
	// they return: on every match exactly one of two rival appends of a
	// command is stored, and the commands are stored in order. Where the
	// database may be shared, the rivals come from two servers' stores.
	t.Run("appends at once", func(t *testing.T) {
		s, again := open(t)
		rival := s
		if again != nil {
			rival = again()
		}
		const matches, commands = 20, 10
		var wg sync.WaitGroup
		for m := range matches {
			rec := create(t, s, fmt.Sprintf("m%d", m))
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range commands {
					after := rec
					after.Commands = i + 1
					c := netplay.StoredCommand{Index: i, Spec: fmt.Sprintf(`{"n":%d}`, i)}
					errs := make(chan error, 2)
					for _, to := range []*SQLStore{s, rival} {
						go func() { errs <- to.Append(ctx, c, after) }()
					}
					a, b := <-errs, <-errs
					if (a == nil) == (b == nil) || !errors.Is(a, netplay.ErrConflict) && !errors.Is(b, netplay.ErrConflict) {
						t.Errorf("%s command %d: rival appends answered %v and %v, want one stored and one conflict", rec.ID, i, a, b)
						return
					}
				}
			}()
		}
		wg.Wait()
		for m := range matches {
			for _, from := range []*SQLStore{s, rival} {
				cs, err := from.Commands(ctx, fmt.Sprintf("m%d", m))
				if err != nil || len(cs) != commands {
					t.Errorf("m%d: %d commands stored (%v), want %d", m, len(cs), err, commands)
				}
			}
		}
		s.Close()
		if err := s.Append(ctx, netplay.StoredCommand{Index: commands}, netplay.MatchRecord{ID: "m0", Commands: commands + 1}); !errors.Is(err, errClosed) {
			t.Errorf("an append to the closed store: %v, want %v", err, errClosed)
		}
	})
}
