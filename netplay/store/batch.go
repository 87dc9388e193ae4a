package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"sightline/netplay"
)

// batcher commits the appends of an SQLStore with one writer: those that
// arrive while a transaction commits wait for the next one, which takes
// them all. The writer's cost per commit (beginning, the log's pages,
// committing) is then paid once for them, and no append waits for more
// than the commit under way and its own. No goroutine of its own: the
// first append to find the writer free commits, and hands the writer on
// to the first of those that queued meanwhile.
type batcher struct {
	s *SQLStore

	mu     sync.Mutex
	idle   *sync.Cond // signalled when busy turns false
	queue  []*pending
	busy   bool // an append leads: it commits the queue, or will
	closed bool
}

// pending is one append waiting for its commit, and its answer; lead
// tells it to commit the queue.
type pending struct {
	c      netplay.StoredCommand
	after  netplay.MatchRecord
	answer chan error
	lead   chan struct{}
}

// errClosed answers an append to a closed store.
var errClosed = errors.New("store: closed")

// newBatcher returns the batcher of s's appends.
func newBatcher(s *SQLStore) *batcher {
	b := &batcher{s: s}
	b.idle = sync.NewCond(&b.mu)
	return b
}

// append queues an append and returns once it is committed, or refused.
// The commit goes on when the caller's context ends: the host needs to
// know whether the command was stored.
func (b *batcher) append(c netplay.StoredCommand, after netplay.MatchRecord) error {
	p := &pending{c: c, after: after, answer: make(chan error, 1), lead: make(chan struct{}, 1)}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return errClosed
	}
	b.queue = append(b.queue, p)
	if !b.busy {
		b.busy = true
		p.lead <- struct{}{}
	}
	b.mu.Unlock()
	for {
		select {
		case err := <-p.answer:
			return err
		case <-p.lead:
			b.commitQueue()
		}
	}
}

// commitQueue commits the queued appends (the leader's among them), then
// hands the lead to the first append queued meanwhile, or ends it.
func (b *batcher) commitQueue() {
	b.mu.Lock()
	batch := b.queue
	b.queue = nil
	b.mu.Unlock()
	b.s.commit(context.Background(), batch)
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.queue) > 0 {
		b.queue[0].lead <- struct{}{}
		return
	}
	b.busy = false
	b.idle.Broadcast()
}

// close refuses the appends to come and waits for the queued ones.
func (b *batcher) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for b.busy {
		b.idle.Wait()
	}
}

// commit stores the batch's appends in one transaction and answers each:
// a conflict refuses that append alone (a later one may build on an
// earlier one of the same batch). When a statement fails otherwise, the
// transaction is rolled back and each append is committed alone, as if
// none had been batched.
//
// The appends are stored by match ID, each match's in the order given,
// so that servers sharing a PostgreSQL database lock the matches' rows
// in one order and never wait on each other in a circle.
func (s *SQLStore) commit(ctx context.Context, batch []*pending) {
	if len(batch) == 0 {
		return
	}
	if len(batch) == 1 {
		batch[0].answer <- s.appendOne(ctx, batch[0].c, batch[0].after)
		return
	}
	batch = slices.Clone(batch)
	slices.SortStableFunc(batch, func(a, b *pending) int { return strings.Compare(a.after.ID, b.after.ID) })
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
