//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sightline/sound"
)

// TestSounds: sounds -out writes every cue as a WAV file of the length it
// prints, with one line of levels per cue; an unknown cue is status 2.
func TestSounds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "made")
	var out, errOut bytes.Buffer
	if code := run([]string{"sounds", "-out", dir}, nil, &out, &errOut); code != 0 {
		t.Fatalf("status %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+len(sound.Names()) {
		t.Fatalf("%d lines, want a header and one a cue:\n%s", len(lines), out.String())
	}
	for i, n := range sound.Names() {
		f := strings.Fields(lines[i+1])
		if f[0] != n || len(f) < 5 {
			t.Errorf("line %q, want cue %s, its seconds, peak, RMS and file", lines[i+1], n)
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, n+".wav"))
		if err != nil {
			t.Fatal(err)
		}
		if string(data[:4]) != "RIFF" || string(data[8:12]) != "WAVE" {
			t.Errorf("%s.wav is not a WAV file", n)
			continue
		}
		secs := float64(binary.LittleEndian.Uint32(data[40:])) / (4 * sound.Rate)
		if got := fmt.Sprintf("%.3f", secs); got != f[1] {
			t.Errorf("%s: printed %s s, the file holds %.3f s", n, f[1], secs)
		}
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"sounds", "kazoo"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), `no cue "kazoo"`) {
		t.Errorf("an unknown cue: status %d, stderr %q; want 2 naming it", code, errOut.String())
	}
}
