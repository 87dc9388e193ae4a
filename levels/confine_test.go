//go:build unix

package levels

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A map named by a replay is found relative to the replay's folder and
// only there or in the level folders given: an absolute path elsewhere,
// an escape by "..", a symlink pointing out, or a file that is not a map
// are refused before anything is opened.
func TestConfine(t *testing.T) {
	root := t.TempDir()
	shared := filepath.Join(root, "shared")
	user := filepath.Join(root, "user")
	secret := filepath.Join(root, "secret")
	for _, d := range []string{shared, user, secret, filepath.Join(shared, "maps")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(shared, "maps", "a.tmx"), filepath.Join(user, "b.tmx"), filepath.Join(secret, "c.tmx")} {
		if err := os.WriteFile(f, []byte("<map/>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(secret, "c.tmx"), filepath.Join(shared, "link.tmx")); err != nil {
		t.Fatal(err)
	}
	from := filepath.Join(shared, "r.replay.json")
	for _, tc := range []struct {
		name, path, want, fails string
	}{
		{"relative to the replay, not the current folder", "maps/a.tmx", filepath.Join(shared, "maps", "a.tmx"), ""},
		{"absolute, inside the user's level folder", filepath.Join(user, "b.tmx"), filepath.Join(user, "b.tmx"), ""},
		{"absolute, elsewhere", filepath.Join(secret, "c.tmx"), "", ErrOutside.Error()},
		{"escaping by ..", "../secret/c.tmx", "", ErrOutside.Error()},
		{"a symlink pointing out", "link.tmx", "", ErrOutside.Error()},
		{"not a map", "/etc/passwd", "", "not a map"},
		{"missing", "maps/none.tmx", "", "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Confine(tc.path, from, user)
			switch {
			case tc.fails == "" && (err != nil || got != tc.want):
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			case tc.fails != "" && (err == nil || !strings.Contains(err.Error(), tc.fails) || !strings.Contains(err.Error(), "level.path")):
				t.Errorf("got %q, %v; want an error about level.path saying %q", got, err, tc.fails)
			case tc.fails == ErrOutside.Error() && !errors.Is(err, ErrOutside):
				t.Errorf("%v is not ErrOutside", err)
			}
		})
	}
}
