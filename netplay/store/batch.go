//go:build !js

package store

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"sightline/netplay"
)

// batcher commits the appends of an SQLStore with one writer: those that
// arrive while a transaction commits wait for the next one, which takes
// them all. The writer's cost per commit (beginning, the log's pages,
// committing) is then paid once for them, and no append waits for more
// than the commit under way and its own.
type batcher struct {
	s    *SQLStore
	wake chan struct{} // holds a token when the queue may hold appends
	done chan struct{} // closed when the loop stopped

	mu     sync.Mutex
	queue  []*pending
	closed bool
}

// pending is one append waiting for its commit, and its answer.
type pending struct {
	c      netplay.StoredCommand
	after  netplay.MatchRecord
	answer chan error
}

// errClosed answers an append to a closed store.
var errClosed = errors.New("store: closed")

// newBatcher starts committing s's appends together.
func newBatcher(s *SQLStore) *batcher {
	b := &batcher{s: s, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go b.loop()
	return b
}

// append queues an append and returns once it is committed, or refused.
// The commit goes on when the caller's context ends: the host needs to
// know whether the command was stored.
func (b *batcher) append(c netplay.StoredCommand, after netplay.MatchRecord) error {
	p := &pending{c: c, after: after, answer: make(chan error, 1)}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return errClosed
	}
	b.queue = append(b.queue, p)
	select { // under the lock: close closes wake under it
	case b.wake <- struct{}{}:
	default: // a token waits already
	}
	b.mu.Unlock()
	return <-p.answer
}

// close commits what is queued and stops the loop.
func (b *batcher) close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.wake)
	}
	b.mu.Unlock()
	<-b.done
}

// loop commits the queued appends until the batcher is closed.
func (b *batcher) loop() {
	defer close(b.done)
	for range b.wake {
		b.mu.Lock()
		batch := b.queue
		b.queue = nil
		b.mu.Unlock()
		b.s.commit(context.Background(), batch)
	}
	b.mu.Lock()
	batch := b.queue // appended before close, after the last token was taken
	b.queue = nil
	b.mu.Unlock()
	b.s.commit(context.Background(), batch)
}

// commit stores the batch's appends in one transaction, in order, and
// answers each: a conflict refuses that append alone (a later one may
// build on an earlier one of the same batch). When a statement fails
// otherwise, the transaction is rolled back and each append is committed
// alone, as if none had been batched.
func (s *SQLStore) commit(ctx context.Context, batch []*pending) {
	if len(batch) == 0 {
		return
	}
	if len(batch) == 1 {
		batch[0].answer <- s.appendOne(ctx, batch[0].c, batch[0].after)
		return
	}
	alone := func() {
		for _, p := range batch {
			p.answer <- s.appendOne(ctx, p.c, p.after)
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		alone()
		return
	}
	answers := make([]error, len(batch))
	for i, p := range batch {
		conflict, err := appendIn(ctx, tx, p.c, p.after)
		if err != nil {
			tx.Rollback()
			alone()
			return
		}
		if conflict {
			answers[i] = conflictError(p.c, p.after)
		}
	}
	if err := tx.Commit(); err != nil {
		for _, p := range batch {
			p.answer <- fmt.Errorf("store: append: commit: %w", err)
		}
		return
	}
	for i, p := range batch {
		p.answer <- answers[i]
	}
}
