//go:build !js

package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
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

// Put writes r under name, keeping the file it replaces as NAME.bak
// when that file reads as a replay (a corrupt one is replaced, and the
// backup before it kept).
func (s *Store) Put(name string, r *Replay) error {
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		return err
	}
	return s.put(name, buf.Bytes(), func(p string) bool { _, err := ReadFile(p); return err == nil })
}

// PutData writes data (JSON) under name, keeping the file it replaces as
// NAME.bak when that file is JSON (a corrupt one is replaced, and the
// backup before it kept). At every moment NAME is a whole file, the old
// one or the new: the new one is written and synced beside it first, the
// old one gets its second name as the backup, and a rename puts the new
// one in its place. Temporary files a killed writer left are removed.
func (s *Store) PutData(name string, data []byte) error {
	return s.put(name, data, func(p string) bool {
		b, err := readRegular(p)
		return err == nil && json.Valid(b)
	})
}

// put is PutData, keeping the old file as the backup when good says it
// is worth keeping.
func (s *Store) put(name string, data []byte, good func(path string) bool) error {
	p := s.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	cleanTemps(filepath.Dir(p), time.Now())
	tmp, err := writeTemp(p, data)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && good(p) {
		if err := backup(p); err != nil {
			os.Remove(tmp)
			return err
		}
	}
	return commit(tmp, p)
}

// staleTemp is the age past which a temporary file beside the store's
// files is a killed writer's leftover: no write takes this long.
const staleTemp = 10 * time.Minute

// cleanTemps removes the temporary files in dir ("." + NAME + ".tmp...",
// NAME + ".bak.tmp") older than staleTemp at now.
func cleanTemps(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		temp := strings.HasPrefix(n, ".") && strings.Contains(n, ".json.tmp") || strings.HasSuffix(n, ".json.bak.tmp")
		if !temp || !e.Type().IsRegular() {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > staleTemp {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// GetData reads the data kept under name (a regular file of at most
// MaxReplayBytes); when there is none, the error wraps fs.ErrNotExist.
func (s *Store) GetData(name string) ([]byte, error) { return readRegular(s.path(name)) }

// GetBackup reads the backup of name, the data it held before the last
// write.
func (s *Store) GetBackup(name string) ([]byte, error) { return readRegular(s.path(name) + ".bak") }

// backup makes p+".bak" a copy of p, leaving p in place: a hard link
// renamed over the old backup, or where links are refused, a copy.
func backup(p string) error {
	link := p + ".bak.tmp"
	os.Remove(link)
	if err := os.Link(p, link); err == nil {
		return commit(link, p+".bak")
	}
	data, err := readRegular(p)
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

// Get reads the replay kept under name. When it cannot be read but its
// backup can, the backup is returned, its Note saying so once.
func (s *Store) Get(name string) (*Replay, error) {
	r, err := ReadFile(s.path(name))
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return r, err
	}
	b, berr := ReadFile(s.path(name) + ".bak")
	if berr != nil {
		return nil, err
	}
	b.Note = fmt.Sprintf("%s could not be read (%s): its backup, as saved the time before, was loaded", name, reason(err))
	return b, nil
}

// reason is an error's message without the file it names.
func reason(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ".json: "); i >= 0 {
		msg = msg[i+len(".json: "):]
	}
	return msg
}

// List returns the names kept under folder (for example "replays"),
// newest name last. Only regular files are named (a named pipe or a
// device is left out without being opened); stale temporary files are
// removed.
func (s *Store) List(folder string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(s.dir, filepath.FromSlash(folder)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(s.dir, filepath.FromSlash(folder))
	cleanTemps(dir, time.Now())
	var out []string
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".json") || strings.HasPrefix(n, ".") {
			continue
		}
		if fi, err := os.Stat(filepath.Join(dir, n)); err != nil || !fi.Mode().IsRegular() {
			continue // a symlink followed to a device or a pipe, a folder
		}
		out = append(out, folder+"/"+strings.TrimSuffix(n, ".json"))
	}
	sort.Strings(out)
	return out, nil
}
