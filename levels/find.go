package levels

import (
	"errors"
	"fmt"
	"io/fs"
)

// ErrChanged says a level's files are not the ones a replay or save
// recorded.
var ErrChanged = errors.New("the level has changed")

// Find loads the level a replay or save names and checks that it reads
// exactly the files want lists (path to hex SHA-256), with the same
// digests: the embedded level at file when it matches, else the map on
// disk at path (when path is not ""). The error wraps ErrChanged and names
// the first file that differs.
func Find(file, path string, want map[string]string) (*Level, error) {
	var tried error
	if _, err := fs.Stat(Embedded(), file); err == nil || path == "" {
		lv, err := Load(Embedded(), file)
		if err == nil {
			if err = sameSources(lv, want); err == nil {
				return lv, nil
			}
		}
		tried = err
	}
	if path == "" {
		return nil, tried
	}
	lv, err := OpenFile(path)
	if err != nil {
		return nil, err
	}
	if err := sameSources(lv, want); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lv, nil
}

// sameSources compares the files lv was loaded from with want, in the
// order lv read them.
func sameSources(lv *Level, want map[string]string) error {
	for _, s := range lv.Sources {
		switch w, ok := want[s.Path]; {
		case !ok:
			return fmt.Errorf("%w: %s: the level reads this file now, not when recorded", ErrChanged, s.Path)
		case w != s.SHA256:
			return fmt.Errorf("%w: %s: the file has changed since (sha256 %.12s, recorded %.12s)", ErrChanged, s.Path, s.SHA256, w)
		}
	}
	if len(lv.Sources) != len(want) {
		return fmt.Errorf("%w: %s: the level reads %d files now, %d when recorded", ErrChanged, lv.File, len(lv.Sources), len(want))
	}
	return nil
}
