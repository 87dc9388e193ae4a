//go:build js

package match

import (
	"bytes"
	"errors"
	"fmt"
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
func (s *Store) Put(name string, r *Replay) (err error) {
	defer func() {
		if e := recover(); e != nil { // localStorage throws when full
			err = fmt.Errorf("%s: %v", s.Where(name), e)
		}
	}()
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		return err
	}
	ls := js.Global().Get("localStorage")
	if old := ls.Call("getItem", s.prefix+name); !old.IsNull() {
		ls.Call("setItem", s.prefix+name+".bak", old)
	}
	ls.Call("setItem", s.prefix+name, buf.String())
	return nil
}

// Get reads the replay kept under name.
func (s *Store) Get(name string) (*Replay, error) {
	v := js.Global().Get("localStorage").Call("getItem", s.prefix+name)
	if v.IsNull() {
		return nil, fmt.Errorf("%s: not found", s.Where(name))
	}
	r, err := ReadReplay(strings.NewReader(v.String()))
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
