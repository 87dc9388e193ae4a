//go:build !js

package match

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Store keeps replay and save files by name ("replays/2026-11-24-outpost"):
// on the desktop as files under a folder (os.UserConfigDir()/sightline by
// default), in the browser in the page's localStorage. A write replaces a
// file atomically and keeps the previous one as NAME.bak.
type Store struct {
	dir string
}

// DefaultStore returns the store under os.UserConfigDir()/sightline.
func DefaultStore() (*Store, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return nil, err
	}
	return NewStore(filepath.Join(base, "sightline")), nil
}

// NewStore returns a store of files under dir.
func NewStore(dir string) *Store { return &Store{dir: dir} }

// Where returns where the named file is kept, for messages.
func (s *Store) Where(name string) string { return s.path(name) }

func (s *Store) path(name string) string {
	return filepath.Join(s.dir, filepath.FromSlash(name)+".json")
}

// Put writes r under name, keeping the file it replaces as a backup.
func (s *Store) Put(name string, r *Replay) error {
	p := s.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		if err := os.Rename(p, p+".bak"); err != nil {
			return err
		}
	}
	return WriteFile(p, r)
}

// Get reads the replay kept under name.
func (s *Store) Get(name string) (*Replay, error) { return ReadFile(s.path(name)) }

// List returns the names kept under folder (for example "replays"),
// newest name last.
func (s *Store) List(folder string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, filepath.FromSlash(folder)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".json") && !strings.HasPrefix(n, ".") {
			out = append(out, folder+"/"+strings.TrimSuffix(n, ".json"))
		}
	}
	sort.Strings(out)
	return out, nil
}
