//go:build linux && !android

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sightline/internal/runtool"
)

// noServer is a display no X server answers (xvfb-run -a starts at :99).
const noServer = ":77"

// usageLines are in the game's usage text.
var usageLines = []string{"usage: sightline [flags]", "-level MAP.tmx", "-screenshot OUT.png", "-frames N", "-briefing=false", "-seed N", "-scene NAME", "-replay FILE", "-join LINK", "-vs SIDE", "sightline-cli scenario FILE.json", "sightline-cli arena"}

// TestNoDisplay runs the game binary as on a server: with DISPLAY unset
// and with DISPLAY naming a display with no server. -h prints the usage
// and exits 0; anything else exits 1 with one line on stderr pointing at
// sightline-cli, never a panic trace.
func TestNoDisplay(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/tmp/.X11-unix/X" + noServer[1:]); err == nil {
		t.Skipf("an X server runs on %s", noServer)
	}
	bin := buildGame(t)
	for _, display := range []string{"", noServer} {
		env := runtool.WithoutDisplay(os.Environ())
		name := "DISPLAY unset"
		if display != "" {
			env = append(env, "DISPLAY="+display)
			name = "DISPLAY=" + display
		}
		t.Run(name, func(t *testing.T) {
			for _, help := range []string{"-h", "-help", "--help"} {
				out, stderr, code := runBinary(t, bin, env, "-level", "x.tmx", help)
				if code != 0 || stderr != "" {
					t.Errorf("%s: exit %d, stderr %q; want 0 and nothing", help, code, stderr)
				}
				checkUsage(t, help, out)
			}
			for _, args := range [][]string{nil, {"-level", "levels/maps/outpost.tmx"}, {"scenario", "x.json"}} {
				out, stderr, code := runBinary(t, bin, env, args...)
				lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
				if code != 1 || len(out) != 0 || len(lines) != 1 || !strings.HasSuffix(stderr, "\n") ||
					!strings.HasPrefix(stderr, "sightline: no display") || !strings.Contains(stderr, "sightline-cli scenario FILE") ||
					strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine") {
					t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and one line on stderr saying there is no display and naming sightline-cli, no panic", args, code, out, stderr)
				}
			}
		})
	}
}

// TestWithDisplay: with a display, -h prints the same usage as without
// one, a bad flag exits 2 with the usage on stderr, and `scenario` points
// at sightline-cli with status 2.
func TestWithDisplay(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display (the Makefile runs the tests under xvfb-run)")
	}
	t.Parallel()
	bin := buildGame(t)
	out, stderr, code := runBinary(t, bin, os.Environ(), "-h")
	if code != 0 || stderr != "" {
		t.Errorf("-h: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	checkUsage(t, "-h", out)
	headless, _, _ := runBinary(t, bin, runtool.WithoutDisplay(os.Environ()), "-h")
	if !bytes.Equal(out, headless) {
		t.Errorf("-h with a display printed\n%s\nwithout one\n%s", out, headless)
	}
	out, stderr, code = runBinary(t, bin, os.Environ(), "-frobnicate")
	if code != 2 || len(out) != 0 || !strings.Contains(stderr, "-frobnicate") || !strings.Contains(stderr, "usage: sightline") {
		t.Errorf("-frobnicate: exit %d, stdout %q, stderr %q; want 2, the error and the usage on stderr", code, out, stderr)
	}
	out, stderr, code = runBinary(t, bin, os.Environ(), "scenario", "x.json")
	if code != 2 || len(out) != 0 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "sightline-cli scenario FILE") {
		t.Errorf("scenario: exit %d, stdout %q, stderr %q; want 2 and one line naming sightline-cli scenario", code, out, stderr)
	}
}

// TestBuildsInAFolderWithADash: a checkout in a folder such as
// "sightline-main" (a downloaded archive's name) builds, since no cgo
// flag carries a path (cgo refuses a '-' in one), and the binary answers
// -h without a display.
func TestBuildsInAFolderWithADash(t *testing.T) {
	src, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	link := filepath.Join(tmp, "sightline-main")
	if err := os.Symlink(src, link); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "sightline")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	if out, err := exec.CommandContext(ctx, goTool(t), "-C", link, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build in %s: %v\n%s", link, err, out)
	}
	out, stderr, code := runBinary(t, bin, runtool.WithoutDisplay(os.Environ()), "-h")
	if code != 0 {
		t.Errorf("-h without a display: exit %d, stderr %q; want 0", code, stderr)
	}
	checkUsage(t, "-h", out)
}

func checkUsage(t *testing.T, args string, out []byte) {
	t.Helper()
	for _, l := range usageLines {
		if !strings.Contains(string(out), l) {
			t.Errorf("%s: stdout does not say %q:\n%s", args, l, out)
		}
	}
}

// buildGame returns the game binary the package's tests share.
func buildGame(t *testing.T) string {
	t.Helper()
	return sharedGame.build(t)
}

// runBinary runs bin with env and args and returns what it printed and
// its exit status.
func runBinary(t *testing.T, bin string, env []string, args ...string) (stdout []byte, stderr string, code int) {
	t.Helper()
	return runtool.Cmd{Bin: bin, Env: env, Timeout: runTimeout}.Run(t, args...)
}
