//go:build unix

package match

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test when f takes longer than d: a read that blocks
// is a failure, not a hung test.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still reading after %v", d)
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// Files that are not regular (a symlink to /dev/zero, a named pipe with
// no writer, a folder) and files over the limit are refused at once,
// without reading them, naming the file and why.
func TestReadFileRefusesWithoutReading(t *testing.T) {
	dir := t.TempDir()
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, MaxReplayBytes+1); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path string
		is         error
		says       string
	}{
		{"a symlink to /dev/zero", zero, ErrNotRegular, "a device, refused without reading it"},
		{"a named pipe with no writer", fifo, ErrNotRegular, "a named pipe, refused without reading it"},
		{"a folder", dir, ErrNotRegular, "a folder"},
		{"a file over the limit", huge, ErrTooLarge, "16777217 bytes, more than the 16777216 (16 MiB) a replay or save may have"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			within(t, time.Minute, func() { _, err = ReadFile(tc.path) })
			if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), tc.path) {
				t.Errorf("got %v; want %v saying %q and naming the file", err, tc.is, tc.says)
			}
			if errors.Is(err, ErrReplayFormat) {
				t.Errorf("%v blames the format", err)
			}
		})
	}
}

// endless is a reader of whitespace that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// A stream that never ends is read only to the limit: memory is bounded
// by MaxReplayBytes, not by the stream.
func TestReadReplayStopsAtTheLimit(t *testing.T) {
	var err error
	n := allocated(func() { _, err = ReadReplay(io.MultiReader(strings.NewReader(`{"format": 1`), endless{})) })
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("got %v; want ErrTooLarge", err)
	}
	if n > 3*MaxReplayBytes {
		t.Errorf("reading took %d MB; want at most %d", n>>20, 3*MaxReplayBytes>>20)
	}
}

// A file under the size limit that holds millions of empty commands (or
// a hundred thousand turns) is refused when the count passes the limit,
// before any command is kept: little memory, little time.
func TestReadFileCountsWhileDecoding(t *testing.T) {
	head := `{"format": 1, "game": "0.5.0", "seed": 1, "commands": [`
	for _, tc := range []struct {
		name, body, says string
	}{
		{"5.5 million empty commands", strings.Repeat("{},", 5_500_000) + "{}]}", fmt.Sprintf("commands: more than %d, the most a replay may hold", MaxCommands)},
		{"160,000 turns", `], "turns": [` + strings.Repeat(`"`+strings.Repeat("0", 64)+`",`, 160_000) + `""]}`, fmt.Sprintf("turns: more than %d,", MaxTurns)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "r.json")
			data := head + tc.body
			if len(data) > MaxReplayBytes {
				t.Fatalf("the file is %d bytes, over the limit: it would not test the count", len(data))
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			var err error
			start := time.Now()
			n := allocated(func() { _, err = ReadFile(p) })
			took := time.Since(start)
			if !errors.Is(err, ErrReplayFormat) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("got %v; want an error saying %q", err, tc.says)
			}
			if n > 4*MaxReplayBytes {
				t.Errorf("reading took %d MB; want at most %d", n>>20, 4*MaxReplayBytes>>20)
			}
			t.Logf("%d bytes refused in %v, %d MB allocated", len(data), took, n>>20)
		})
	}
}
