package levels

import (
	"fmt"
	"io/fs"
)

// Find loads the level a replay or save names and checks that it reads
// exactly the files want lists, with the same digests: the embedded level
// at file when it matches, else the map on disk at path (when path is not
// ""). The error names the first file that differs.
func Find(file, path string, want []Source) (*Level, error) {
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

// sameSources compares the files lv was loaded from with want.
func sameSources(lv *Level, want []Source) error {
	have := map[string]string{}
	for _, s := range lv.Sources {
		have[s.Path] = s.SHA256
	}
	for _, s := range want {
		switch h, ok := have[s.Path]; {
		case !ok:
			return fmt.Errorf("%s: the level does not read this file now", s.Path)
		case h != s.SHA256:
			return fmt.Errorf("%s: the file has changed since (sha256 %.12s, recorded %.12s)", s.Path, h, s.SHA256)
		}
	}
	if len(lv.Sources) != len(want) {
		return fmt.Errorf("%s: the level reads %d files now, %d when recorded", lv.File, len(lv.Sources), len(want))
	}
	return nil
}
