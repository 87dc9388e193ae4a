//go:build !js

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestScenarioSubcommand runs `sightline scenario FILE` as a person would,
// with and without an X display: events come out as JSON lines, and a bad
// scenario exits with status 2 naming the field.
func TestScenarioSubcommand(t *testing.T) {
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "sightline")
	goBuild(t, nil, "-o", bin, ".")
	bad := filepath.Join(tmp, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"seed": 1, "map": ["B..R"], "units": [{"side": "blue", "at": [1, 0], "type": "ninja"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, display := range []string{"with display", "headless"} {
		t.Run(display, func(t *testing.T) {
			if display == "with display" && os.Getenv("DISPLAY") == "" {
				t.Skip("no X display (the Makefile runs the tests under xvfb-run)")
			}
			env := os.Environ()
			if display == "headless" {
				env = withoutDisplay(env)
			}
			out, stderr, code := runScenarioBinary(t, bin, env, filepath.Join("rules", "scenario", "testdata", "fence.json"))
			if code != 0 {
				t.Fatalf("exit status %d, want 0; stderr:\n%s", code, stderr)
			}
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
			_, stderr, code = runScenarioBinary(t, bin, env, bad)
			if code != 2 {
				t.Errorf("bad scenario: exit status %d, want 2", code)
			}
			if !strings.Contains(stderr, "units[0].type") || !strings.Contains(stderr, "ninja") {
				t.Errorf("bad scenario: stderr %q does not name the field and value", stderr)
			}
		})
	}
}

func runScenarioBinary(t *testing.T, bin string, env []string, file string) (stdout []byte, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "scenario", file)
	cmd.Env = env
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%s scenario %s: %v", bin, file, err)
	}
	return so.Bytes(), se.String(), code
}

func withoutDisplay(env []string) []string {
	var out []string
	for _, kv := range env {
		if strings.HasPrefix(kv, "DISPLAY=") || strings.HasPrefix(kv, "WAYLAND_DISPLAY=") || strings.HasPrefix(kv, "SIGHTLINE_") {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// TestNoDisplay runs the game binary without a display as a designer on a
// server might: a broken map still gets its error and status 2, a good map
// and a plain start get a one-line explanation, never a panic trace.
func TestNoDisplay(t *testing.T) {
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "sightline")
	goBuild(t, nil, "-o", bin, ".")
	broken := filepath.Join(tmp, "broken.tmx")
	if err := os.WriteFile(broken, []byte(`<map version="1.8" orientation="orthogonal" width="-4" height="4" tilewidth="32" tileheight="32" infinite="0"></map>`), 0o644); err != nil {
		t.Fatal(err)
	}
	env := withoutDisplay(os.Environ())
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"broken map", []string{"-level", broken}, 2, "broken.tmx"},
		{"good map", []string{"-level=" + filepath.Join("levels", "maps", "outpost.tmx")}, 1, "loads fine, but the game needs a display"},
		{"plain start", nil, 1, "no display (DISPLAY is not set)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, tc.args...)
			cmd.Env = env
			var se bytes.Buffer
			cmd.Stderr = &se
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || !strings.Contains(se.String(), tc.want) || strings.Contains(se.String(), "panic") {
				t.Errorf("exit %d, stderr %q; want exit %d saying %q and no panic", code, se.String(), tc.code, tc.want)
			}
		})
	}
}

// TestBuildsInAFolderWithADash: a checkout in a folder such as
// "sightline-main" (a downloaded archive's name) builds, and its binary,
// run without a display from elsewhere, still finds its source for the
// headless hand-over. cgo refuses build flags with a '-' in a folder's
// name, so no flag may carry the source path.
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
	broken := filepath.Join(tmp, "broken.tmx")
	if err := os.WriteFile(broken, []byte(`<map version="1.8" orientation="orthogonal" width="-4" height="4" tilewidth="32" tileheight="32" infinite="0"></map>`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, bin, "-level", broken)
	cmd.Dir, cmd.Env = tmp, withoutDisplay(os.Environ())
	var se bytes.Buffer
	cmd.Stderr = &se
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(se.String(), "broken.tmx") {
		t.Errorf("without a display: %v, stderr %q; want exit status 2 naming broken.tmx", err, se.String())
	}
}
