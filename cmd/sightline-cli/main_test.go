//go:build !js

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"sightline/internal/runtool"
)

// The tests build the real binary and run it as a person would, without
// a display: sightline-cli must never need one.

const (
	buildTimeout = 5 * time.Minute
	runTimeout   = 3 * time.Minute
	repoRoot     = "../.."
)

// TestScenario: events come out as JSON lines, from a relative path (taken
// from the working directory), an absolute one or standard input; a bad
// scenario and a missing file exit with status 2 naming what is wrong.
func TestScenario(t *testing.T) {
	bin := buildCLI(t)
	fence, err := filepath.Abs(filepath.Join(repoRoot, "cmd", "internal", "scenario", "testdata", "fence.json"))
	if err != nil {
		t.Fatal(err)
	}
	fenceText, err := os.ReadFile(fence)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, dir, file string
		stdin           []byte
	}{
		{"relative to the working directory", repoRoot, filepath.Join("cmd", "internal", "scenario", "testdata", "fence.json"), nil},
		{"absolute", t.TempDir(), fence, nil},
		{"standard input", t.TempDir(), "-", fenceText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, bin, tc.dir, tc.stdin, "scenario", tc.file)
			if code != 0 {
				t.Fatalf("exit status %d, want 0; stderr:\n%s", code, stderr)
			}
			checkEvents(t, out)
		})
	}

	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"seed": 1, "map": ["B..R"], "units": [{"side": "blue", "at": [1, 0], "type": "ninja"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string // in stderr
	}{
		{"bad scenario", []string{"scenario", bad}, []string{"units[0].type", "ninja"}},
		{"missing file", []string{"scenario", "missing.json"}, []string{"missing.json"}},
		{"no file", []string{"scenario"}, []string{"usage: sightline-cli scenario FILE"}},
		{"two files", []string{"scenario", bad, bad}, []string{"usage: sightline-cli scenario FILE"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, bin, tmp, nil, tc.args...)
			if code != 2 || len(out) != 0 {
				t.Errorf("exit status %d, stdout %q; want 2 and nothing", code, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q does not say %q", stderr, w)
				}
			}
		})
	}
}

// TestUsage: help goes to stdout with status 0; no command or an unknown
// one puts the usage on stderr with status 2.
func TestUsage(t *testing.T) {
	bin := buildCLI(t)
	for _, tc := range []struct {
		name       string
		args       []string
		code       int
		out, errIn string // substrings of stdout and stderr; "" for empty
	}{
		{"help", []string{"help"}, 0, "replay verify FILE", ""},
		{"-h", []string{"-h"}, 0, "scenario FILE.json", ""},
		{"--help", []string{"--help"}, 0, "scenario FILE.json", ""},
		{"no command", nil, 2, "", "usage: sightline-cli COMMAND"},
		{"unknown command", []string{"play"}, 2, "", `unknown command "play"`},
		{"replay without verb", []string{"replay"}, 2, "", "usage: sightline-cli replay verify [-timeout D] [-levels DIR] FILE"},
		{"replay of a missing file", []string{"replay", "verify", "x.replay"}, 2, "", "x.replay: no such file"},
		{"netplay without a match or a level", []string{"netplay"}, 2, "", "usage: sightline-cli netplay -server URL -new LEVEL"},
		{"netplay with both", []string{"netplay", "-new", "crossroads", "-match", "m", "-seat", "s"}, 2, "", "usage: sightline-cli netplay"},
		{"netplay without a seat", []string{"netplay", "-match", "m"}, 2, "", "usage: sightline-cli netplay"},
		{"netplay with no server", []string{"netplay", "-server", "http://127.0.0.1:1", "-new", "crossroads"}, 1, "", "connection refused"},
		{"netplay with an unknown profile", []string{"netplay", "-match", "m", "-seat", "s", "-ai", "godlike"}, 2, "", "godlike"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, bin, t.TempDir(), nil, tc.args...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d", code, tc.code)
			}
			for _, c := range []struct{ stream, got, want string }{{"stdout", string(out), tc.out}, {"stderr", stderr, tc.errIn}} {
				if (c.want == "") != (c.got == "") || !strings.Contains(c.got, c.want) {
					t.Errorf("%s %q, want %q", c.stream, c.got, c.want)
				}
			}
		})
	}
}

// TestNoEbiten: the command must build and run where no window library
// can start, so nothing it imports may reach ebiten.
func TestNoEbiten(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, goTool(t), "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "hajimehoshi/ebiten") {
			t.Errorf("sightline-cli depends on %s", p)
		}
	}
}

// checkEvents checks out is the fence scenario's log: JSON lines, each
// with an "event", including an attack with its hit chance.
func checkEvents(t *testing.T, out []byte) {
	t.Helper()
	events := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("line %q is not JSON: %v", sc.Text(), err)
		}
		if _, ok := ev["event"]; !ok {
			t.Fatalf("line %q has no \"event\"", sc.Text())
		}
		events++
	}
	if events < 5 {
		t.Errorf("have %d events, want the scenario's whole log (at least 5)", events)
	}
	if !strings.Contains(string(out), `"event":"attacked"`) || !strings.Contains(string(out), `"chance":`) {
		t.Errorf("no attack with its hit chance in:\n%s", out)
	}
}

// built is the sightline-cli the tests run, found once: the go command's
// kept executable (runtool.Built), linked once for every test, package and
// run until a source changes, where each test's own `go build -o` into a
// new folder linked it anew (a CPU second each, six tests).
var built = sync.OnceValues(func() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	return runtool.Built(ctx, "go", ".", ".")
})

// buildCLI returns sightline-cli built from this folder (a failed build
// fails each test that asks for it).
func buildCLI(t *testing.T) string {
	t.Helper()
	bin, err := built()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// runCLI runs bin with args in dir, without a display, and returns what
// it printed and its exit status.
func runCLI(t *testing.T, bin, dir string, stdin []byte, args ...string) (stdout []byte, stderr string, code int) {
	t.Helper()
	c := runtool.Cmd{Bin: bin, Dir: dir, Env: runtool.WithoutDisplay(os.Environ()), Stdin: stdin, Timeout: runTimeout}
	return c.Run(t, args...)
}

// goTool finds the go command.
func goTool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found in PATH: %v", err)
	}
	return p
}
