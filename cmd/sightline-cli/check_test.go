//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyLevelFolder copies the shipped level folder's project, tilesets
// and templates under dir, with maps (name to contents) in maps/.
func copyLevelFolder(t *testing.T, dir string, maps map[string]string) {
	t.Helper()
	src := filepath.Join(repoRoot, "levels")
	for _, sub := range []string{"tilesets", "templates", "maps"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"sightline.tiled-project", "tilesets/terrain.tsx", "tilesets/terrain.png", "templates/sandbags.tx", "templates/crate.tx", "templates/barrel.tx", "templates/tree.tx"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range maps {
		if err := os.WriteFile(filepath.Join(dir, "maps", name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCheck: check prints every problem with the file and exits 0 for a
// clean map (and for the shipped levels), 1 for warnings only and 2 for
// errors.
func TestCheck(t *testing.T) {
	bin := buildCLI(t)
	good, err := os.ReadFile(filepath.Join(repoRoot, "levels", "maps", "corners.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	nameless := strings.Replace(string(good), `<property name="name" value="Corners"/>`, "", 1)
	broken := strings.Replace(string(good), `propertytype="Side" value="blue"`, `propertytype="Side" value="green"`, 1)
	typo := strings.Replace(string(good), `type="Spawn"`, `type="Spwan"`, 1)
	dir := t.TempDir()
	copyLevelFolder(t, dir, map[string]string{"good.tmx": string(good), "nameless.tmx": nameless, "broken.tmx": broken, "typo.tmx": typo})
	m := func(name string) string { return filepath.Join(dir, "maps", name) }
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string // in stdout
	}{
		{"the shipped levels", []string{"check", "-strict"}, 0, []string{"0 errors, 0 warnings"}},
		{"a clean map", []string{"check", "-strict", m("good.tmx")}, 0, []string{"0 errors, 0 warnings"}},
		{"warnings", []string{"check", m("nameless.tmx")}, 1, []string{`maps/nameless.tmx: warning: the map has no "name" property`, "0 errors, 1 warnings"}},
		{"warnings, strict", []string{"check", "-strict", m("nameless.tmx"), m("good.tmx")}, 1, []string{"0 errors, 1 warnings"}},
		{"an error", []string{"check", m("broken.tmx"), m("nameless.tmx")}, 2, []string{`maps/broken.tmx: error: object `, `unknown Side "green"`, "1 errors, 1 warnings"}},
		{"a class the project lacks, strict", []string{"check", "-strict", m("typo.tmx")}, 1, []string{`maps/typo.tmx: warning: object 38 "Hale"`, `class "Spwan" is not one the project defines`, "0 errors, 1 warnings"}},
		{"a missing file", []string{"check", m("absent.tmx")}, 2, []string{"maps/absent.tmx: error: ", "1 errors, 0 warnings"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, bin, repoRoot, nil, tc.args...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d; stdout:\n%s\nstderr:\n%s", code, tc.code, out, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("stdout %q does not say %q", out, w)
				}
			}
		})
	}
}
