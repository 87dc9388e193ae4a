//go:build js

package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"syscall/js"
)

// Store keeps replay and save files by name ("replays/2026-11-24-outpost"):
// in the browser in the page's localStorage under "sightline/NAME", on the
// desktop as files. A write replaces an entry and keeps the previous one
// as NAME.bak.
type Store struct {
	prefix string
}

// DefaultStore returns the store in the page's localStorage.
func DefaultStore() (*Store, error) {
	if ls := js.Global().Get("localStorage"); ls.IsUndefined() || ls.IsNull() {
		return nil, errors.New("this browser keeps no local storage")
	}
	return &Store{prefix: "sightline/"}, nil
}

// NewStore returns a store of localStorage entries named prefix+NAME.
func NewStore(prefix string) *Store { return &Store{prefix: prefix} }

// Where returns where the named entry is kept, for messages.
func (s *Store) Where(name string) string { return "the browser's storage (" + s.prefix + name + ")" }

// Put writes r under name, keeping the entry it replaces as a backup.
func (s *Store) Put(name string, r *Replay) error {
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		return err
	}
	return s.PutData(name, buf.Bytes())
}

// PutData writes data under name, keeping the entry it replaces as a
// backup when it is JSON (a corrupt one is replaced, and the backup
// before it kept).
func (s *Store) PutData(name string, data []byte) (err error) {
	defer func() {
		if e := recover(); e != nil { // localStorage throws when full
			err = fmt.Errorf("%s: %v", s.Where(name), e)
		}
	}()
	ls := js.Global().Get("localStorage")
	if old := ls.Call("getItem", s.prefix+name); !old.IsNull() && json.Valid([]byte(old.String())) {
		ls.Call("setItem", s.prefix+name+".bak", old)
	}
	ls.Call("setItem", s.prefix+name, string(data))
	return nil
}

// GetData reads the data kept under name; when there is none, the error
// wraps fs.ErrNotExist.
func (s *Store) GetData(name string) ([]byte, error) {
	v := js.Global().Get("localStorage").Call("getItem", s.prefix+name)
	if v.IsNull() {
		return nil, fmt.Errorf("%s: %w", s.Where(name), fs.ErrNotExist)
	}
	// A JavaScript string has no Length for syscall/js (not an object);
	// the browser bounds what localStorage holds to a few MB anyway.
	data := v.String()
	if n := len(data); n > MaxReplayBytes {
		return nil, fmt.Errorf("%s: %w", s.Where(name), tooLarge(int64(n)))
	}
	return []byte(data), nil
}

// GetBackup reads the backup of name, the data it held before the last
// write.
func (s *Store) GetBackup(name string) ([]byte, error) { return s.GetData(name + ".bak") }

// Delete removes the entry kept under name and its backup; a name with
// nothing kept is no error.
func (s *Store) Delete(name string) error {
	ls := js.Global().Get("localStorage")
	ls.Call("removeItem", s.prefix+name+".bak")
	ls.Call("removeItem", s.prefix+name)
	return nil
}

// Get reads the replay kept under name. When it cannot be read but its
// backup can, the backup is returned, its Note saying so once.
func (s *Store) Get(name string) (*Replay, error) {
	r, err := s.read(name)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return r, err
	}
	b, berr := s.read(name + ".bak")
	if berr != nil {
		return nil, err
	}
	msg := err.Error()
	if i := strings.Index(msg, "): "); i >= 0 {
		msg = msg[i+3:] // the reason, not where
	}
	b.Note = fmt.Sprintf("%s could not be read (%s): its backup, as saved the time before, was loaded", name, msg)
	return b, nil
}

// read reads the replay kept under name, without a fallback.
func (s *Store) read(name string) (*Replay, error) {
	data, err := s.GetData(name)
	if err != nil {
		return nil, err
	}
	r, err := ReadReplay(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Where(name), err)
	}
	return r, nil
}

// List returns the names kept under folder, newest name last.
func (s *Store) List(folder string) ([]string, error) {
	ls := js.Global().Get("localStorage")
	var out []string
	for i := 0; i < ls.Get("length").Int(); i++ {
		k := ls.Call("key", i).String()
		if n, ok := strings.CutPrefix(k, s.prefix+folder+"/"); ok && !strings.HasSuffix(n, ".bak") {
			out = append(out, folder+"/"+n)
		}
	}
	sort.Strings(out)
	return out, nil
}
