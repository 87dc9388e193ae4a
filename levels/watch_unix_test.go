//go:build unix

package levels

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe where a tileset should be is an error, not a game that
// hangs opening it: when polled, and loaded with or without a Watch.
func TestOpenFileWatchPipe(t *testing.T) {
	dir := t.TempDir()
	copyEmbedded(t, dir)
	mapPath := filepath.Join(dir, "maps", "crossroads.tmx")
	_, w, err := OpenFileWatch(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	ts := filepath.Join(dir, "tilesets", "terrain.tsx")
	if err := syscall.Unlink(ts); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(ts, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		if f, ok := w.Changed(); !ok || f != "tilesets/terrain.tsx" {
			t.Errorf("after the tileset became a pipe: Changed says %q, %v", f, ok)
		}
		_, _, err := OpenFileWatch(mapPath)
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("OpenFileWatch of a map whose tileset is a pipe: %v", err)
		}
		_, err = OpenFile(mapPath)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("OpenFile of a map whose tileset is a pipe: %v", err)
		}
	case <-time.After(time.Minute): // a hang guard: generous for a loaded machine
		t.Fatal("the load hangs on a pipe")
	}
}
