package levels

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutside says a replay or save names a map outside the folders a
// file from a stranger may name.
var ErrOutside = errors.New("outside the folders a replay may name a map in")

// UserFolder returns the user's level folder, os.UserConfigDir()/
// sightline/levels: maps put there can be named by any replay or save.
func UserFolder() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "sightline", "levels"), nil
}

// Confine resolves path, the map a replay or save read from the file from
// names, as a file from a stranger must be: a relative path from from's
// folder (never the current one), a .tmx file, and, once symlinks are
// followed, inside from's folder or one of folders (the user's level
// folder, the folder of a map opened this run). Anything else, /etc/passwd
// or ../../secret.tmx, is refused with ErrOutside, without being opened.
func Confine(path, from string, folders ...string) (string, error) {
	if filepath.Ext(path) != ".tmx" {
		return "", fmt.Errorf("level.path %q: not a map (a .tmx file)", path)
	}
	base, err := filepath.Abs(filepath.Dir(from))
	if err != nil {
		return "", err
	}
	p := path
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	real, err := filepath.EvalSymlinks(filepath.Clean(p))
	if err != nil {
		return "", fmt.Errorf("level.path %q: %w", path, err)
	}
	for _, f := range append([]string{base}, folders...) {
		if f == "" {
			continue
		}
		if abs, err := filepath.Abs(f); err == nil {
			if rf, err := filepath.EvalSymlinks(abs); err == nil && inside(rf, real) {
				return real, nil
			}
		}
	}
	return "", fmt.Errorf("level.path %q: %w (the replay's own folder and %s)", path, ErrOutside, strings.Join(quoted(folders), ", "))
}

// inside reports whether path lies in folder (both absolute, resolved).
func inside(folder, path string) bool {
	rel, err := filepath.Rel(folder, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// quoted quotes each non-empty name, for a message.
func quoted(names []string) []string {
	var out []string
	for _, n := range names {
		if n != "" {
			out = append(out, fmt.Sprintf("%q", n))
		}
	}
	if len(out) == 0 {
		return []string{"no level folder"}
	}
	return out
}

// Named is what a replay or save says about its level: the level's name,
// its map's path inside the level folder, the map on disk when it was not
// an embedded one, and the files it was loaded from with their SHA-256.
type Named struct {
	Name, File, Path string
	Sources          map[string]string
}

// FindNamed loads the level a replay or save read from the file from
// names: Find, with a path on disk confined (Confine: from's folder and
// folders; from "" is a replay made in this run, whose path is trusted),
// and the level's name checked against the one recorded.
func FindNamed(n Named, from string, folders ...string) (*Level, error) {
	path := n.Path
	if path != "" && from != "" {
		if _, err := fs.Stat(Embedded(), n.File); err != nil { // the embedded level is not tried: the path must do
			var cerr error
			if path, cerr = Confine(path, from, folders...); cerr != nil {
				return nil, cerr
			}
		} else if p, err := Confine(path, from, folders...); err == nil {
			path = p
		} else {
			path = "" // the embedded level, or nothing
		}
	}
	lv, err := Find(n.File, path, n.Sources)
	if err != nil {
		return nil, err
	}
	if lv.Name != n.Name {
		return nil, fmt.Errorf("level.name %q: the level loaded from %s is named %q", n.Name, n.File, lv.Name)
	}
	return lv, nil
}
