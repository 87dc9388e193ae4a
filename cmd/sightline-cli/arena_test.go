//go:build !js

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestArena: the arena prints one JSON object per opponent with the
// promised fields, a readable table without -json, and exits 2 naming a
// bad opponent or level.
func TestArena(t *testing.T) {
	bin := buildCLI(t)
	out, errText, code := runCLI(t, bin, "", nil, "arena", "-n", "2", "-levels", "maps/outpost.tmx", "-json")
	if code != 0 {
		t.Fatalf("arena -json: exit %d: %s", code, errText)
	}
	var seen []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var st map[string]any
		if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
			t.Fatalf("not JSON: %q: %v", sc.Text(), err)
		}
		for _, k := range []string{"opponent", "matches", "wins", "losses", "draws", "winRate", "thinkP95ms"} {
			if _, ok := st[k]; !ok {
				t.Errorf("%s: no %q field", sc.Text(), k)
			}
		}
		if st["matches"] != 2.0 || st["wins"].(float64)+st["losses"].(float64)+st["draws"].(float64) != 2 {
			t.Errorf("%s: want 2 matches, all accounted for", sc.Text())
		}
		if st["winsAsBlue"].(float64)+st["winsAsRed"].(float64) != st["wins"] {
			t.Errorf("%s: wins as Blue and as Red do not add up to the wins", sc.Text())
		}
		if _, ok := st["commands"].(map[string]any)["end_turn"]; !ok {
			t.Errorf("%s: no end_turn among the commands counted", sc.Text())
		}
		seen = append(seen, st["opponent"].(string))
	}
	if strings.Join(seen, ",") != "random,greedy" {
		t.Errorf("opponents %v, want random then greedy", seen)
	}

	// The runs below check the command's output and flags, not the arena's
	// statistics (the -json run above and package arena do): a turn limit
	// of 2 keeps their matches short.
	out, _, code = runCLI(t, bin, "", nil, "arena", "-n", "1", "-turns", "2", "-levels", "maps/outpost.tmx", "-opponents", "greedy,computer:easy")
	if code != 0 || !strings.Contains(string(out), "95% CI") || !strings.Contains(string(out), "computer:easy: the computer's commands: ") || !strings.Contains(string(out), "turn limit 2") {
		t.Errorf("arena table: exit %d:\n%s", code, out)
	}
	// A Tiled map on disk, as a level designer's new level.
	out, errText, code = runCLI(t, bin, "", nil, "arena", "-n", "1", "-levels", "../../levels/maps/crossroads.tmx", "-opponents", "random")
	if code != 0 || !strings.Contains(string(out), "1 level(s) x 1 matches") {
		t.Errorf("arena on a map on disk: exit %d: %s\n%s", code, errText, out)
	}
	// Each level's row, and a ladder's pairs.
	out, errText, code = runCLI(t, bin, "", nil, "arena", "-n", "2", "-turns", "2", "-levels", "maps/outpost.tmx,maps/crossroads.tmx", "-opponents", "greedy", "-by-level")
	for _, want := range []string{"computer:normal against greedy, by level:", "Blue won", "maps/outpost.tmx  ", "maps/crossroads.tmx  "} {
		if code != 0 || !strings.Contains(string(out), want) {
			t.Errorf("arena -by-level: exit %d: %s\n%s\nwant %q", code, errText, out, want)
		}
	}
	out, errText, code = runCLI(t, bin, "", nil, "arena", "-n", "1", "-turns", "2", "-levels", "maps/outpost.tmx", "-ladder", "easy,normal,easy", "-json")
	var pairs []string
	sc = bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r struct{ Player, Opponent string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("not JSON: %q: %v", sc.Text(), err)
		}
		pairs = append(pairs, r.Player+" v "+r.Opponent)
	}
	if want := "computer:normal v computer:easy,computer:easy v computer:normal"; code != 0 || strings.Join(pairs, ",") != want {
		t.Errorf("arena -ladder: exit %d: %s: pairs %q, want %q", code, errText, pairs, want)
	}
	out, _, code = runCLI(t, bin, "", nil, "arena", "-n", "1", "-turns", "2", "-levels", "maps/outpost.tmx", "-ladder", "easy,normal")
	if code != 0 || !strings.Contains(string(out), "arena ladder easy,normal") || !strings.Contains(string(out), "computer:normal  computer:easy") {
		t.Errorf("arena -ladder table: exit %d:\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"arena", "-ladder", "normal"}, "a ladder needs at least two profiles"},
		{[]string{"arena", "-ladder", "easy,godlike"}, `no computer profile "godlike"`},
		{[]string{"arena", "-opponents", "chess"}, `unknown opponent "chess"`},
		{[]string{"arena", "-opponents", "computer:godlike"}, `unknown opponent "computer:godlike"`},
		{[]string{"arena", "-levels", "maps/nowhere.tmx"}, `"maps/nowhere.tmx" is neither a shipped level nor a map on disk`},
		{[]string{"arena", "-levels", "../../testdata/levels/maps/garbage.tmx"}, "garbage.tmx: XML syntax error"},
		{[]string{"arena", "-n", "0"}, "usage: sightline-cli arena"},
		{[]string{"arena", "-profile", "godlike"}, `no computer profile "godlike"`},
	} {
		_, errText, code := runCLI(t, bin, "", nil, c.args...)
		if code != 2 || !strings.Contains(errText, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errText, c.want)
		}
	}
}
