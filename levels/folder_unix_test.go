//go:build unix

package levels

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The check (Folder) and the game (OpenFile) read a level folder by one
// policy: a symbolic link inside it that leads out of it is refused by
// both, and a folder without one loads in both.
func TestFolderAndOpenFileAgreeOnSymlinks(t *testing.T) {
	top := t.TempDir()
	inside, linked := filepath.Join(top, "inside"), filepath.Join(top, "linked")
	copyEmbedded(t, inside)
	copyEmbedded(t, linked)
	// linked/tilesets points at a copy outside the level folder.
	outside := filepath.Join(top, "outside")
	if err := os.Rename(filepath.Join(linked, "tilesets"), outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(linked, "tilesets")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	for _, tc := range []struct {
		name, dir string
		ok        bool
	}{
		{"a plain folder", inside, true},
		{"tilesets/ a link out of the folder", linked, false},
	} {
		file := filepath.Join(tc.dir, "maps", "crossroads.tmx")
		_, openErr := OpenFile(file)
		fsys, rel, err := Folder(file)
		if err != nil {
			t.Fatal(err)
		}
		var checkErrs []string
		for _, p := range Check(fsys, rel) {
			if !p.Warning {
				checkErrs = append(checkErrs, p.String())
			}
		}
		if tc.ok != (openErr == nil) || tc.ok != (len(checkErrs) == 0) {
			t.Errorf("%s: the game says %v, the check %q; want both to %s", tc.name, openErr, checkErrs, map[bool]string{true: "load it", false: "refuse it"}[tc.ok])
		}
		if !tc.ok && (!strings.Contains(openErr.Error(), "terrain.tsx") || !strings.Contains(strings.Join(checkErrs, "\n"), "terrain.tsx")) {
			t.Errorf("%s: the errors do not name the tileset: %v; %q", tc.name, openErr, checkErrs)
		}
	}
}
