package netplay

import (
	"strings"
	"testing"
)

// A link made for a seat reads back as that seat, on the browser build's
// page or the server's address; what is not a link says why.
func TestLinkRoundTrips(t *testing.T) {
	l := Link{Server: "http://127.0.0.1:8090", Match: "0a1b2c", Seat: "00112233445566778899aabbccddeeff"}
	for _, page := range []string{"", "https://play.example.org/sightline/index.html?x=1", "http://127.0.0.1:8080/"} {
		s := l.String(page)
		have, err := ParseLink("  " + s + "\n")
		if err != nil || have != l {
			t.Errorf("page %q: %s reads as %+v, %v; want %+v", page, s, have, err, l)
		}
	}
	for _, tc := range []struct{ name, link, want string }{
		{"no query", "http://127.0.0.1:8080/", "names no server"},
		{"ftp server", "http://x/?server=ftp://h&match=ab&seat=cd", "http:// or https://"},
		{"no host", "http://x/?server=http://&match=ab&seat=cd", "http:// or https://"},
		{"bad match", "http://x/?server=http://h&match=../etc&seat=cd", "match's ID"},
		{"no seat", "http://x/?server=http://h&match=ab", "seat's token"},
		{"not a url", "%zz", "not a link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLink(tc.link)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: %v, want an error saying %q", tc.link, err, tc.want)
			}
		})
	}
}
