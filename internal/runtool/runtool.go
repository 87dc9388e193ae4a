package runtool

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// DefaultTimeout bounds a run whose Cmd sets no Timeout.
const DefaultTimeout = 2 * time.Minute

// Cmd is one run of a binary.
type Cmd struct {
	// Bin is the binary's path.
	Bin string
	// Dir is the working directory ("" for the test's).
	Dir string
	// Env is the environment (nil for the test's).
	Env []string
	// Stdin is fed to the binary's standard input.
	Stdin []byte
	// Timeout bounds the run (0: DefaultTimeout).
	Timeout time.Duration
}

// Run runs c with args and returns what it printed and its exit status;
// a binary that cannot be started or is killed at the deadline fails t.
func (c Cmd) Run(t testing.TB, args ...string) (stdout []byte, stderr string, code int) {
	t.Helper()
	limit := c.Timeout
	if limit <= 0 {
		limit = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.Bin, args...)
	cmd.Dir, cmd.Env = c.Dir, c.Env
	cmd.Stdin = bytes.NewReader(c.Stdin)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s %s: killed after %s", c.Bin, strings.Join(args, " "), limit)
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%s %s: %v", c.Bin, strings.Join(args, " "), err)
	}
	return so.Bytes(), se.String(), code
}

// WithoutDisplay returns env without the variables that point at a
// display (DISPLAY, WAYLAND_DISPLAY, XAUTHORITY).
func WithoutDisplay(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") && !strings.HasPrefix(kv, "XAUTHORITY=") {
			out = append(out, kv)
		}
	}
	return out
}

// Built returns the path of the executable of the package pkg (an import
// path, or a path relative to dir), built as `go run` builds one: kept in
// the go command's build cache, so the tests of several packages and each
// run of them share one link until a source changes, where `go build -o`
// into a new folder links anew each time (a CPU second for sightline-cli).
// goTool is the go command. The file is the cache's: run it, never write
// or remove it.
func Built(ctx context.Context, goTool, dir, pkg string) (string, error) {
	// go run -exec X runs X with the executable's path: echo prints it.
	// A go run that links it runs it from its work folder, removed as it
	// ends, and keeps it in the cache: the next finds it there.
	var path string
	for range 2 {
		cmd := exec.CommandContext(ctx, goTool, "run", "-exec", "echo", pkg)
		cmd.Dir = dir
		var so, se bytes.Buffer
		cmd.Stdout, cmd.Stderr = &so, &se
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("go run %s: %v\n%s", pkg, err, se.String())
		}
		path = strings.TrimSuffix(so.String(), "\n")
		if !filepath.IsAbs(path) {
			return "", fmt.Errorf("go run -exec echo %s printed %q, not an executable's path", pkg, so.String())
		}
		if _, err := os.Stat(path); err == nil {
			return path, nil
		}
	}
	return "", fmt.Errorf("go run %s: its executable %s is not kept in the build cache", pkg, path)
}
