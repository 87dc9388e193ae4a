package runtool

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestBuilt: the executable of a package, built once and kept: the same
// path twice, which runs; a package that does not build is an error
// naming it.
func TestBuilt(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tests := []struct {
		pkg     string
		errWant string // "" for a package that builds
	}{
		{"./testdata/hello", ""},
		{"./testdata/nowhere", "testdata/nowhere"},
	}
	for _, tc := range tests {
		first, err := Built(ctx, goTool, ".", tc.pkg)
		if tc.errWant != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errWant) {
				t.Errorf("Built(%s) = %q, %v; want an error naming %q", tc.pkg, first, err, tc.errWant)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Built(%s): %v", tc.pkg, err)
		}
		again, err := Built(ctx, goTool, ".", tc.pkg)
		if err != nil || again != first {
			t.Errorf("Built(%s) again = %q, %v; want the kept %q", tc.pkg, again, err, first)
		}
		out, _, code := Cmd{Bin: first}.Run(t, "there")
		if code != 0 || string(out) != "hello there\n" {
			t.Errorf("%s: exit %d, %q; want hello there", first, code, out)
		}
	}
}
