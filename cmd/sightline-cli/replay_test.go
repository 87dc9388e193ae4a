//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sightline/match"
)

// goldenReplay is a replay of a whole battle on a shipped level.
var goldenReplay = filepath.Join("..", "..", "testdata", "replays", "outpost.replay.json")

// tempWriter makes a temporary folder and a function that writes a file
// of the given text into it, returning the file's path.
func tempWriter(t *testing.T) (dir string, write func(name, data string) string) {
	dir = t.TempDir()
	return dir, func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// TestReplayVerify: a golden replay verifies with status 0; one with a
// turn's hash changed fails with status 1 naming the turn; one with the
// map's digest changed names the map file; a file that is not a replay
// exits 2.
func TestReplayVerify(t *testing.T) {
	bin := buildCLI(t)
	good, err := os.ReadFile(goldenReplay)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(goldenReplay)
	if err != nil {
		t.Fatal(err)
	}
	_, write := tempWriter(t)
	text := string(good)
	var doc map[string]any
	if err := json.Unmarshal(good, &doc); err != nil {
		t.Fatal(err)
	}
	doc["turns"].([]any)[0] = strings.Repeat("0", 64)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	turnTampered := string(b)
	at := strings.Index(text, `"sha256": "`) + len(`"sha256": "`)
	mapTampered := text[:at] + "0000" + text[at+4:] // still 64 digits, not the map's
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		out, err string
	}{
		{"golden", []string{"replay", "verify", abs}, 0, fmt.Sprintf("verified: %d commands", len(doc["commands"].([]any))), ""},
		{"info", []string{"replay", "info", abs}, 0, "level    Outpost (maps/outpost.tmx)", ""},
		{"a turn's hash changed", []string{"replay", "verify", write("turn.json", turnTampered)}, 1, "", "Blue's turn 1: the state at its end differs"},
		{"the map changed", []string{"replay", "verify", write("map.json", mapTampered)}, 1, "", "maps/outpost.tmx: the file has changed"},
		{"not a replay", []string{"replay", "verify", write("junk.json", "{\"format\": 1, \"seed\": ")}, 2, "", "not a replay"},
		{"a future format", []string{"replay", "info", write("future.json", strings.Replace(text, fmt.Sprintf(`"format": %d`, match.ReplayFormat), fmt.Sprintf(`"format": %d`, match.ReplayFormat+1), 1))}, 2, "", fmt.Sprintf("format %d", match.ReplayFormat+1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, bin, t.TempDir(), nil, tc.args...)
			if code != tc.code || !strings.Contains(string(out), tc.out) || !strings.Contains(stderr, tc.err) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q", code, out, stderr, tc.code, tc.out, tc.err)
			}
		})
	}
}
