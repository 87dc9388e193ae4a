package runtool

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBuilt: the executable of a package never built before (a program
// of its own, new each run, so its first go run links it), found and
// kept: the same path twice, which runs; a package that does not build is
// an error naming it.
func TestBuilt(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":         "module hello\n\ngo 1.24\n",
		"main.go":        fmt.Sprintf("package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() { fmt.Println(\"hello\", os.Args[1], %d) }\n", time.Now().UnixNano()),
		"broken/main.go": "package main\n\nfunc main() { undefined() }\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tests := []struct {
		pkg     string
		errWant string // "" for a package that builds
	}{
		{".", ""},
		{"./broken", "undefined"},
	}
	for _, tc := range tests {
		first, err := Built(ctx, goTool, dir, tc.pkg)
		if tc.errWant != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errWant) {
				t.Errorf("Built(%s) = %q, %v; want an error naming %q", tc.pkg, first, err, tc.errWant)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Built(%s): %v", tc.pkg, err)
		}
		again, err := Built(ctx, goTool, dir, tc.pkg)
		if err != nil || again != first {
			t.Errorf("Built(%s) again = %q, %v; want the kept %q", tc.pkg, again, err, first)
		}
		out, _, code := Cmd{Bin: first}.Run(t, "there")
		if code != 0 || !strings.HasPrefix(string(out), "hello there ") {
			t.Errorf("%s: exit %d, %q; want hello there", first, code, out)
		}
	}
}
