//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"sightline/levels"
	"sightline/match"
)

// TestReplayHostile: files from a stranger are refused with a message
// naming the file and the field, with escape sequences never printed raw,
// a named pipe or /dev/zero never read, a map outside the replay's folder
// never opened, and -timeout bounding the re-play.
func TestReplayHostile(t *testing.T) {
	bin := buildCLI(t)
	good, err := os.ReadFile(goldenReplay)
	if err != nil {
		t.Fatal(err)
	}
	text := string(good)
	var golden struct{ Commands []json.RawMessage }
	if err := json.Unmarshal(good, &golden); err != nil {
		t.Fatal(err)
	}
	dir, write := tempWriter(t)
	fifo := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(t.TempDir(), "secret.tmx")
	if err := os.WriteFile(secret, []byte("<map/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	onDisk := func(path string) string { // a replay of a map on disk at path
		return strings.Replace(strings.Replace(text, `"file": "maps/outpost.tmx"`, `"file": "maps/elsewhere.tmx", "path": "`+path+`"`, 1), `"maps/outpost.tmx"`, `"maps/elsewhere.tmx"`, -1)
	}
	// More commands than a level with a deadline holds (corners: its
	// rules allow fewer than its board does, so the board's limit holds),
	// fewer than MaxCommands: its golden replay's moves and shots again
	// and again, no turn ended.
	corners, err := levels.Load(levels.Embedded(), "maps/corners.tmx")
	if err != nil {
		t.Fatal(err)
	}
	limit := match.CommandLimit(corners.State)
	if limit >= match.MaxCommands {
		t.Fatalf("corners holds %d commands, want fewer than MaxCommands", limit)
	}
	cornersGood, err := os.ReadFile(filepath.Join(filepath.Dir(goldenReplay), "corners.replay.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(cornersGood, &doc); err != nil {
		t.Fatal(err)
	}
	var cornersCommands []json.RawMessage
	if err := json.Unmarshal(doc["commands"], &cornersCommands); err != nil {
		t.Fatal(err)
	}
	long := make([]json.RawMessage, 0, limit+1)
	for len(long) <= limit {
		for _, c := range cornersCommands {
			var spec struct{ Do string }
			if err := json.Unmarshal(c, &spec); err != nil {
				t.Fatal(err)
			}
			if spec.Do != "end_turn" {
				long = append(long, c)
			}
		}
	}
	if doc["commands"], err = json.Marshal(long[:limit+1]); err != nil {
		t.Fatal(err)
	}
	doc["turns"] = json.RawMessage("[]")
	tooLong, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"a named pipe", []string{"replay", "verify", fifo}, 2, "a named pipe, refused without reading it"},
		{"a symlink to /dev/zero", []string{"replay", "info", zero}, 2, "a device, refused without reading it"},
		{"an escape sequence in the file's name", []string{"replay", "info", write("evil\x1b[2J.json", "{")}, 2, `evil\x1b[2J.json: not a replay this version can read: not JSON`},
		{"/etc/passwd as the map", []string{"replay", "verify", write("passwd.json", onDisk("/etc/passwd"))}, 2, `level.path: "/etc/passwd" is not the path of a map`},
		{"a map outside the replay's folder", []string{"replay", "verify", write("outside.json", onDisk(secret))}, 1, "outside the folders a replay may name a map in"},
		{"a map by .. out of the replay's folder", []string{"replay", "verify", write("dotdot.json", onDisk("../"+filepath.Base(filepath.Dir(secret))+"/secret.tmx"))}, 1, "outside the folders"},
		{"a level name that is not the level's", []string{"replay", "verify", write("name.json", strings.Replace(text, `"name": "Outpost"`, `"name": "Fortress"`, 1))}, 1, `level.name "Fortress": the level loaded from maps/outpost.tmx is named "Outpost"`},
		{"more commands than the level holds", []string{"replay", "verify", write("long.json", string(tooLong))}, 1, fmt.Sprintf("long.json: too long: commands: %d, at most %d on this level (%d×%d tiles, %d units)", limit+1, limit, corners.Width, corners.Height, len(corners.State.Units))},
		{"a re-play over its time", []string{"replay", "verify", "-timeout", "1ns", write("slow.json", text)}, 1, fmt.Sprintf("gave up after 1 of %d commands", len(golden.Commands))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, bin, t.TempDir(), nil, tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.says) || strings.ContainsRune(stderr, 0x1b) {
				t.Errorf("exit %d, stderr %q; want exit %d, stderr with %q and no raw escape", code, stderr, tc.code, tc.says)
			}
		})
	}
}
