package netplay

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// MemoryStore is a Store in memory: what it holds is lost with the
// process. The host's tests use it; package netplay/store runs the same
// storage suite on it as on SQLite and PostgreSQL.
type MemoryStore struct {
	mu       sync.Mutex
	matches  map[string]MatchRecord
	seats    map[string]SeatRecord
	commands map[string][]StoredCommand
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{
		matches:  map[string]MatchRecord{},
		seats:    map[string]SeatRecord{},
		commands: map[string][]StoredCommand{},
	}
}

// Create implements Store: a match whose ID or a seat whose token hash
// is stored already is refused and nothing is stored.
func (s *MemoryStore) Create(ctx context.Context, m MatchRecord, seats []SeatToken) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[m.ID]; ok {
		return fmt.Errorf("store: create match %s: the ID is taken", clip(m.ID))
	}
	fresh := map[string]bool{}
	for _, st := range seats {
		if _, ok := s.seats[st.Hash]; ok || fresh[st.Hash] {
			return fmt.Errorf("store: create seat: the token is taken")
		}
		fresh[st.Hash] = true
	}
	s.matches[m.ID] = m
	for _, st := range seats {
		s.seats[st.Hash] = SeatRecord{Match: m.ID, Side: st.Side}
	}
	return nil
}

// Match implements Store.
func (s *MemoryStore) Match(ctx context.Context, id string) (MatchRecord, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return m, fmt.Errorf("match %s: %w", clip(id), ErrNotFound)
	}
	return m, nil
}

// Seat implements Store.
func (s *MemoryStore) Seat(ctx context.Context, tokenHash string) (SeatRecord, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.seats[tokenHash]
	if !ok {
		return r, fmt.Errorf("seat: %w", ErrNotFound)
	}
	return r, nil
}

// Commands implements Store.
func (s *MemoryStore) Commands(ctx context.Context, id string) ([]StoredCommand, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.commands[id]), nil
}

// Append implements Store: like the SQL stores, it stores the command
// only when the match holds c.Index commands and is not over.
func (s *MemoryStore) Append(ctx context.Context, c StoredCommand, after MatchRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[after.ID]
	if !ok || m.Commands != c.Index || m.Winner != "" || len(s.commands[after.ID]) != c.Index {
		return fmt.Errorf("match %s, command %d: %w", clip(after.ID), c.Index, ErrConflict)
	}
	m.Commands, m.Turn, m.ToMove, m.Winner, m.End = c.Index+1, after.Turn, after.ToMove, after.Winner, after.End
	s.matches[after.ID] = m
	s.commands[after.ID] = append(s.commands[after.ID], c)
	return nil
}

// Close implements Store; the store stays readable.
func (s *MemoryStore) Close() error { return nil }
