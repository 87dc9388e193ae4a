package netplay

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Link is what a player sends a friend to join a match: the server, the
// match and the seat's token. As text it is a URL the browser build opens
// directly (its page with ?server=...&match=...&seat=...); the desktop
// game reads the same text (`sightline -join URL`, or pasted).
type Link struct {
	Server, Match, Seat string
}

// linkID is what a match ID or a seat token may be: hex.
var linkID = regexp.MustCompile(`^[0-9a-f]{1,64}$`)

// String returns the link as a URL on page, the address of the browser
// build ("" for the server's own address).
func (l Link) String(page string) string {
	if page == "" {
		page = l.Server
	}
	q := url.Values{}
	q.Set("server", l.Server)
	q.Set("match", l.Match)
	q.Set("seat", l.Seat)
	return strings.TrimSuffix(strings.SplitN(page, "?", 2)[0], "/") + "/?" + q.Encode()
}

// ParseLink reads a link: a URL whose query names the server (an
// http:// or https:// address), the match and the seat's token. Text
// around it (a pasted line) is trimmed.
func ParseLink(s string) (Link, error) {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil {
		return Link{}, fmt.Errorf("not a link: %v", clip(err.Error()))
	}
	q := u.Query()
	l := Link{Server: strings.TrimSuffix(q.Get("server"), "/"), Match: q.Get("match"), Seat: q.Get("seat")}
	if l.Server == "" && l.Match == "" && l.Seat == "" {
		return Link{}, errors.New("not a link to a match: it names no server, match and seat")
	}
	su, err := url.Parse(l.Server)
	switch {
	case err != nil || su.Host == "" || su.Scheme != "http" && su.Scheme != "https":
		return Link{}, fmt.Errorf("the link's server %q: want an http:// or https:// address", clip(l.Server))
	case !linkID.MatchString(l.Match):
		return Link{}, fmt.Errorf("the link's match %q: want the match's ID", clip(l.Match))
	case !linkID.MatchString(l.Seat):
		return Link{}, errors.New("the link's seat: want the seat's token")
	}
	return l, nil
}
