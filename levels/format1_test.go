package levels_test

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/match"
)

// format1Golden returns the path of the format-1 copy of a level's random
// replay.
func format1Golden(file string) string {
	return filepath.Join("..", "testdata", "format1", strings.TrimSuffix(path.Base(file), ".tmx")+".replay.json")
}

// asFormat1 re-plays r on the level it names and returns it with the
// digests of replay format 1 (match.HashOf(1)), as a build before digest
// format 2 wrote it.
func asFormat1(t *testing.T, r *match.Replay) *match.Replay {
	t.Helper()
	lv, err := levels.Find(r.Level.File, r.Level.Path, r.Level.Digests())
	if err != nil {
		t.Fatal(err)
	}
	return levels.Format1Of(t, lv.State, r)
}

// Replays of format 1 (the random replays as builds before digest format
// 2 recorded them, testdata/format1) still verify, with the digests of
// format 1, natively, under js/wasm and on arm64 (make test's cross runs
// take "Golden"). `go test ./levels -run Format1Golden -update` writes
// them again from the random replays, when a shipped map changed.
func TestFormat1Golden(t *testing.T) {
	entries := levels.List(levels.Embedded())
	if len(entries) == 0 {
		t.Fatal("no shipped levels")
	}
	verified := 0
	for _, e := range entries {
		t.Run(e.Name, func(t *testing.T) {
			if e.Err != nil {
				t.Fatal(e.Err)
			}
			file := format1Golden(e.Path)
			if *update {
				r, err := match.ReadFile(randomGolden(e.Path))
				if err != nil {
					t.Skipf("no random replay to write it from: %v", err)
				}
				if err := match.WriteFile(file, asFormat1(t, r)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := os.Stat(file); os.IsNotExist(err) {
				t.Skipf("no format-1 replay for %s (go test ./levels -run Format1Golden -update writes it)", e.Path)
			}
			r, err := match.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if r.Format != 1 {
				t.Fatalf("%s is of format %d, want 1", file, r.Format)
			}
			m, err := verify(r)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Turns) < 4 || len(m.Log()) != len(r.Commands) {
				t.Errorf("re-played %d commands of %d over %d turns", len(m.Log()), len(r.Commands), len(r.Turns))
			}
			verified++
		})
	}
	if verified == 0 {
		t.Fatal("no shipped level has a format-1 replay")
	}
}
