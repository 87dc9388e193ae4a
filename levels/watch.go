package levels

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// maxWatched bounds the files one Watch follows: a hostile map cannot
// make a poll stat thousands of files.
const maxWatched = 256

// Watch is the set of files on disk that one load of a map read or tried
// to read (the map, its project file, tilesets, templates and images),
// each with a fingerprint of what the load saw, so that a designer's save
// can be noticed. It is the hot reload of `sightline -level`: the game
// polls Changed and loads the map again with OpenFileWatch.
//
// A Watch reads only inside the map's level folder, through os.Root, and
// only regular files of at most MaxFileBytes. It is not safe for
// concurrent use.
type Watch struct {
	// Path is the map's path on disk, as given to OpenFileWatch.
	Path string
	// root is the level folder; files are slash paths inside it.
	root  string
	files []watched
}

// watched is one file a load read, or looked for and did not find.
type watched struct {
	name string
	// missing says the load found no readable file there.
	missing bool
	// size and mod are the file's as last seen; sum is the SHA-256 of
	// the bytes the load read.
	size int64
	mod  time.Time
	sum  [sha256.Size]byte
	// torn says the load read two different contents of the file (it was
	// saved mid-load): the next poll reports it changed.
	torn bool
}

// OpenFileWatch loads a map like OpenFile and also returns the files the
// load read, to poll for changes. The Watch comes back even when the load
// fails (it then holds the files read up to the failure, so fixing any of
// them is noticed); it is nil only when the map's folder cannot be found.
func OpenFileWatch(file string) (*Level, *Watch, error) {
	abs, root, rel, err := locate(file)
	if err != nil {
		return nil, nil, err
	}
	w := &Watch{Path: file, root: root}
	r, err := os.OpenRoot(root)
	if err != nil {
		w.files = append(w.files, watched{name: rel, missing: true})
		return nil, w, err
	}
	defer r.Close()
	lv, err := Load(recordFS{fsys: r.FS(), w: w}, rel)
	var es Errors
	if errors.As(err, &es) {
		for i := range es { // each line names the file on disk
			es[i].File = filepath.Join(root, filepath.FromSlash(es[i].File))
		}
		return nil, w, Errors(explainRoot(es, root))
	}
	if err != nil {
		if strings.Contains(err.Error(), "escapes the level folder") {
			return nil, w, fmt.Errorf("%s: %w (fix: %s)", root, err, clip(rootHint(root)))
		}
		return nil, w, fmt.Errorf("%s: %w", root, err)
	}
	lv.Path = abs
	return lv, w, nil
}

// Files returns the slash paths, inside the level folder, of the files
// the load read or looked for, in the order first opened.
func (w *Watch) Files() []string {
	out := make([]string, len(w.files))
	for i, f := range w.files {
		out[i] = f.name
	}
	return out
}

// Changed reports the first watched file whose content differs from what
// the load read, or that appeared or vanished since, and its slash path.
// It stats every file and reads one only when its size or modification
// time moved, so a save that rewrites a file unchanged reports nothing.
// A level folder that cannot be opened any more reports nothing either.
func (w *Watch) Changed() (string, bool) {
	r, err := os.OpenRoot(w.root)
	if err != nil {
		return "", false
	}
	defer r.Close()
	for i := range w.files {
		if w.changed(r, &w.files[i]) {
			return w.files[i].name, true
		}
	}
	return "", false
}

// changed compares one file with its fingerprint, noting a new size and
// time when the content is the same.
func (w *Watch) changed(r *os.Root, f *watched) bool {
	st, err := r.Stat(f.name)
	if err != nil || !st.Mode().IsRegular() {
		return !f.missing
	}
	switch {
	case f.missing || f.torn:
		return true
	case st.Size() == f.size && st.ModTime().Equal(f.mod):
		return false
	}
	file, err := r.Open(f.name)
	if err != nil {
		return true
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, MaxFileBytes+1))
	if err != nil || sha256.Sum256(data) != f.sum {
		return true
	}
	f.size, f.mod = st.Size(), st.ModTime()
	return false
}

// note records what a load saw of name: its content, or that it found no
// file there (data nil, st nil).
func (w *Watch) note(name string, st fs.FileInfo, data []byte) {
	for i := range w.files {
		f := &w.files[i]
		if f.name != name {
			continue
		}
		if st == nil {
			f.torn = f.torn || !f.missing
		} else {
			f.torn = f.torn || f.missing || sha256.Sum256(data) != f.sum
		}
		return
	}
	if len(w.files) >= maxWatched {
		return
	}
	f := watched{name: name, missing: st == nil}
	if st != nil {
		f.size, f.mod, f.sum = st.Size(), st.ModTime(), sha256.Sum256(data)
	}
	w.files = append(w.files, f)
}

// recordFS is the level folder as a load sees it, noting each regular
// file opened (and each one looked for in vain) in a Watch. It reads a
// file whole, within MaxFileBytes+1 bytes, to fingerprint the very bytes
// the loader parses; directories pass through unrecorded.
type recordFS struct {
	fsys fs.FS
	w    *Watch
}

// Open implements fs.FS. It refuses what is neither a regular file nor a
// folder before opening it: opening a named pipe would block the game.
func (r recordFS) Open(name string) (fs.File, error) {
	if st, err := fs.Stat(r.fsys, name); err == nil && !st.IsDir() && !st.Mode().IsRegular() {
		r.w.note(name, nil, nil)
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("not a regular file")}
	}
	f, err := r.fsys.Open(name)
	if err != nil {
		if fs.ValidPath(name) && name != "." {
			r.w.note(name, nil, nil)
		}
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return f, nil
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	f.Close()
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	r.w.note(name, st, data)
	return &memFile{Reader: bytes.NewReader(data), info: st}, nil
}
