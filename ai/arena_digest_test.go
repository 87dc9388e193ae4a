package ai

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"sightline/match"
	"sightline/rules"
)

// arenaDigestsFile holds the digest of the commands of each arena match
// in arenaPairs on every shipped level that is not big, as a native run
// recorded it. TestArenaPlaysLegally compares the matches it plays with
// it on every platform, so the short run under js/wasm, which plays only
// those matches, shows that they are the native run's move for move (and
// so as legal and as short as the native run finds them). A change to the
// computer's play changes them on purpose: record them again with
// `go test ./ai -run ArenaPlaysLegally -update` and say why in the commit.
const arenaDigestsFile = "testdata/arena.txt"

// arenaPairs are the arena matches a short run plays on each level that
// is not big: the computer as Blue against the greedy baseline (seed 1)
// and as Red against the random one (seed 2).
var arenaPairs = []struct {
	opp  string
	seed uint64
}{{"greedy", 1}, {"random", 2}}

// writeMatchLog writes the commands of the match named name to w, a line
// each: the turn, the side and the command's spec.
func writeMatchLog(w io.Writer, name string, m *match.Match) {
	for _, e := range m.Log() {
		spec, _ := json.Marshal(rules.SpecOf(e.Command))
		fmt.Fprintf(w, "%s %d %s %s\n", name, e.Turn, e.Side, spec)
	}
}

// matchDigest is the SHA-256 of writeMatchLog's lines, in hex.
func matchDigest(name string, m *match.Match) string {
	h := sha256.New()
	writeMatchLog(h, name, m)
	return fmt.Sprintf("%x", h.Sum(nil))
}

// readDigests reads lines of "NAME DIGEST" (the digest the last word) into
// a map by name.
func readDigests(text string) (map[string]string, error) {
	out := map[string]string{}
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if line == "" {
			continue
		}
		k := strings.LastIndexByte(line, ' ')
		if k <= 0 {
			return nil, fmt.Errorf("line %d: %q: want a name, a space and a digest", i+1, line)
		}
		out[line[:k]] = line[k+1:]
	}
	return out, nil
}

// checkDigests compares have (digests by name) with the ones recorded in
// file, or records them with -update (hint names the test that records
// them). A name with no digest recorded is reported, not failed (a new
// map breaks nothing until recorded); at least one must be compared.
// differ, if given, runs once before the first name whose digest is
// missing or differs is reported (to tell a changed computer from one
// that does not play the same twice).
func checkDigests(t *testing.T, file, hint string, have map[string]string, names []string, differ func()) {
	t.Helper()
	record := fmt.Sprintf("go test ./ai -run %s -update records it", hint)
	if *update {
		var b strings.Builder
		for _, n := range names {
			fmt.Fprintf(&b, "%s %s\n", n, have[n])
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (%s)", err, record)
	}
	want, err := readDigests(string(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	checked, differed := 0, false
	for _, n := range names {
		w, ok := want[n]
		if (!ok || w != have[n]) && differ != nil && !differed {
			differed = true
			differ()
		}
		switch {
		case !ok:
			t.Logf("%s: no digest recorded in %s (%s)", n, file, record)
		case w != have[n]:
			t.Errorf("%s: digest %s, want %s: the computer played otherwise (on this platform?); if the map or the computer changed on purpose, record it again with -update", n, have[n], w)
		default:
			checked++
		}
	}
	if checked == 0 {
		t.Errorf("nothing was compared with a digest in %s", file)
	}
}

// TestReadDigests: the digest files' lines, names with spaces in them,
// and a line without a digest refused.
func TestReadDigests(t *testing.T) {
	tests := []struct {
		text string
		want map[string]string
		err  bool
	}{
		{"maps/a.tmx vs greedy seed 1 ab12\nmaps/b.tmx cd34\n", map[string]string{"maps/a.tmx vs greedy seed 1": "ab12", "maps/b.tmx": "cd34"}, false},
		{"\n", map[string]string{}, false},
		{"maps/a.tmx vs greedy seed 1 ab12\nnodigest\n", nil, true},
	}
	for _, tc := range tests {
		have, err := readDigests(tc.text)
		if (err != nil) != tc.err {
			t.Errorf("readDigests(%q): error %v, want one: %v", tc.text, err, tc.err)
			continue
		}
		if !tc.err && fmt.Sprint(have) != fmt.Sprint(tc.want) {
			t.Errorf("readDigests(%q) = %v, want %v", tc.text, have, tc.want)
		}
	}
}
