//go:build !js

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sightline/internal/tiledcmd"
)

// TestTiledCheckCommand: the project's "Check map" command, expanded as
// Tiled 1.8 expands it for a map open in the editor, runs this very
// command's check from the repository root: exit 0 on a shipped map, 2
// with the error on a broken one.
func TestTiledCheckCommand(t *testing.T) {
	levels, err := filepath.Abs(filepath.Join(repoRoot, "levels"))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := tiledcmd.Read(filepath.Join(levels, "sightline.tiled-project"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := tiledcmd.Find(cmds, "Check map")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Enabled || !c.ShowOutput || !c.SaveBeforeExecute {
		t.Errorf("Check map: enabled %v, showOutput %v, saveBeforeExecute %v; want all three", c.Enabled, c.ShowOutput, c.SaveBeforeExecute)
	}
	broken := t.TempDir()
	good, err := os.ReadFile(filepath.Join(levels, "maps", "crossroads.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	copyLevelFolder(t, broken, map[string]string{"broken.tmx": strings.Replace(string(good), `propertytype="Side" value="blue"`, `propertytype="Side" value="green"`, 1)})
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mapFile, project string
		code             int
		want             string
	}{
		{filepath.Join(levels, "maps", "crossroads.tmx"), levels, 0, "0 errors, 0 warnings"},
		{filepath.Join(broken, "maps", "broken.tmx"), levels, 2, `unknown Side "green"`},
	} {
		v := tiledcmd.Vars{MapFile: tc.mapFile, MapPath: filepath.Dir(tc.mapFile), ProjectPath: tc.project}
		argv, dir := c.Argv(v), c.Dir(v)
		// The command names this package, from the working directory.
		if len(argv) < 4 || argv[0] != "go" || argv[1] != "run" {
			t.Fatalf("Check map runs %q, want go run PACKAGE check MAP", argv)
		}
		if pkg := filepath.Join(dir, argv[2]); !sameDir(t, pkg, here) {
			t.Errorf("Check map runs the package %s, want this command (%s)", pkg, here)
		}
		if want := []string{"check", tc.mapFile}; !reflect.DeepEqual(argv[3:], want) {
			t.Errorf("Check map's arguments are %q, want %q", argv[3:], want)
		}
		ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
		cmd := exec.CommandContext(ctx, goTool(t), argv[1:]...)
		cmd.Dir = dir
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		cancel()
		code := 0
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		} else if err != nil {
			t.Fatalf("%q in %s: %v", argv, dir, err)
		}
		// go run reports a program's non-zero exit as its own status 1.
		if (code == 0) != (tc.code == 0) || !strings.Contains(out.String(), tc.want) {
			t.Errorf("%q in %s: exit %d, output:\n%s\nwant exit %d and %q", argv, dir, code, out.String(), tc.code, tc.want)
		}
	}
}

// sameDir reports whether a and b name the same folder.
func sameDir(t *testing.T, a, b string) bool {
	t.Helper()
	sa, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	return os.SameFile(sa, sb)
}
