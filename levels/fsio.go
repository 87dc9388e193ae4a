package levels

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// readFile reads name from fsys, refusing files over MaxFileBytes without
// reading more than one byte past the bound.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, fmt.Errorf("%s: not a valid path inside the level folder", name)
	}
	// A named pipe or device would block the open or never end.
	if st, err := fs.Stat(fsys, name); err == nil && !st.IsDir() && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: file is %d bytes, more than the limit of %d bytes", name, st.Size(), MaxFileBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: file is more than the limit of %d bytes", name, MaxFileBytes)
	}
	return data, nil
}

// resolveRef turns ref, a reference written in the file from, into a path
// inside the FS. Absolute references and references that climb above the
// FS root are refused with an error naming both.
func resolveRef(from, what, ref string) (string, error) {
	if ref == "" {
		return "", fmt.Errorf("%s: empty %s", from, what)
	}
	r := strings.ReplaceAll(ref, `\`, "/")
	if path.IsAbs(r) || (len(r) > 1 && r[1] == ':') {
		return "", fmt.Errorf("%s: %s %q is an absolute path (only paths inside the level folder are allowed)", from, what, ref)
	}
	p := path.Clean(path.Join(path.Dir(from), r))
	if !fs.ValidPath(p) {
		return "", fmt.Errorf("%s: %s %q escapes the level folder", from, what, ref)
	}
	return p, nil
}

// guardFS is the file system go-tiled reads tilesets and templates through:
// it refuses invalid paths, bounds file sizes and the bytes read in all,
// and pre-scans every tileset and template before go-tiled parses it.
type guardFS struct {
	fsys fs.FS
	// budget is what is left of MaxLoadBytes for this load.
	budget *int64
	// read lists the files read for this load, each once.
	sources *[]Source
}

// read reads a file for one load, charging it to the load's budget and
// noting its digest.
func (g guardFS) read(name string) ([]byte, error) {
	data, err := readFile(g.fsys, name)
	if err != nil {
		return nil, err
	}
	if *g.budget -= int64(len(data)); *g.budget < 0 {
		return nil, fmt.Errorf("%s: the files read for this map add up to more than %d bytes", name, MaxLoadBytes)
	}
	if g.sources != nil && !slices.ContainsFunc(*g.sources, func(s Source) bool { return s.Path == name }) {
		sum := sha256.Sum256(data)
		*g.sources = append(*g.sources, Source{Path: name, SHA256: hex.EncodeToString(sum[:])})
	}
	return data, nil
}

// Open implements fs.FS.
func (g guardFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	data, err := g.read(name)
	if err != nil {
		return nil, err
	}
	// go-tiled opens only tilesets and templates (the loader reads the
	// images): whatever the name, the file must be one. One in Tiled's JSON
	// format is handed to go-tiled as the TMX it stands for.
	if isJSON(data) {
		if data, err = jsonToTMX(name, auxRoot(name), data); err != nil {
			return nil, err
		}
	}
	if err := prescanAux(g.fsys, name, data); err != nil {
		return nil, err
	}
	st, err := fs.Stat(g.fsys, name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(data), info: st}, nil
}

// memFile is a file already read into memory.
type memFile struct {
	*bytes.Reader
	info fs.FileInfo
}

// Stat implements fs.File.
func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }

// Close implements fs.File.
func (f *memFile) Close() error { return nil }
