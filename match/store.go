//go:build !js

package match

import (
	"bytes"
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

// Put writes r under name, keeping the file it replaces as NAME.bak.
func (s *Store) Put(name string, r *Replay) error {
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		return err
	}
	return s.PutData(name, buf.Bytes())
}

// PutData writes data (JSON) under name, keeping the file it replaces as
// NAME.bak. At every moment NAME is a whole file, the old one or the new:
// the new one is written and synced beside it first, the old one gets its
// second name as the backup, and a rename puts the new one in its place.
func (s *Store) PutData(name string, data []byte) error {
	p := s.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := writeTemp(p, data)
	if err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		if err := backup(p); err != nil {
			os.Remove(tmp)
			return err
		}
	}
	return commit(tmp, p)
}

// GetData reads the data kept under name; when there is none, the error
// wraps fs.ErrNotExist.
func (s *Store) GetData(name string) ([]byte, error) { return os.ReadFile(s.path(name)) }

// GetBackup reads the backup of name, the data it held before the last
// write.
func (s *Store) GetBackup(name string) ([]byte, error) { return os.ReadFile(s.path(name) + ".bak") }

// backup makes p+".bak" a copy of p, leaving p in place: a hard link
// renamed over the old backup, or where links are refused, a copy.
func backup(p string) error {
	link := p + ".bak.tmp"
	os.Remove(link)
	if err := os.Link(p, link); err == nil {
		return commit(link, p+".bak")
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	return writeAtomic(p+".bak", data)
}

// Delete removes the file kept under name and its backup; a name with
// nothing kept is no error.
func (s *Store) Delete(name string) error {
	p := s.path(name)
	for _, f := range []string{p + ".bak", p} {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
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
