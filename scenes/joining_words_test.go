package scenes

import (
	"strings"
	"testing"

	"sightline/levels"
	"sightline/netplay"
)

// TestJoiningWords: the joining screen names the match as a player knows
// it (a friend's, then the level), never by the link's match code, and
// names the server only when it did not answer or the joining failed.
func TestJoiningWords(t *testing.T) {
	env := testEnv(t)
	env.Levels = levels.Embedded()
	link := netplay.Link{Server: "https://play.example.org/", Match: "4f9c2a7e", Seat: "8e7d6c5b"}
	hello := &netplay.Message{Side: "Blue", Level: "crossroads"}
	tests := []struct {
		name           string
		hello          *netplay.Message
		silent, failed bool
		sub, server    string
	}{
		{"connecting", nil, false, false, "A friend's match", ""},
		{"no answer", nil, true, false, "A friend's match", "Server: play.example.org"},
		{"joined", hello, false, false, "Crossroads", ""},
		{"refused", hello, false, true, "Crossroads", "Server: play.example.org"},
	}
	for _, tc := range tests {
		j := &Joining{env: env, link: link, hello: tc.hello, silent: tc.silent, failed: tc.failed, status: "Connecting ..."}
		if have := j.subtitle(); have != tc.sub {
			t.Errorf("%s: subtitle %q, want %q", tc.name, have, tc.sub)
		}
		if have := j.serverLine(); have != tc.server {
			t.Errorf("%s: server line %q, want %q", tc.name, have, tc.server)
		}
		for _, l := range j.uprightLines(390, 844) {
			if strings.Contains(l.s, link.Match) {
				t.Errorf("%s: the screen shows the match code: %q", tc.name, l.s)
			}
		}
	}
}
