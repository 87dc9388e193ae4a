//go:build !js

package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"sightline/match"
	"sightline/netplay"
	netstore "sightline/netplay/store"
)

// onlineTimeout bounds the two pages' online match: a few seconds of
// play, the rest the two pages' loading under the software renderer.
const onlineTimeout = 20 * time.Minute

// onlineReport is what the online run saw of each page's battle at the
// end (window.sightlineBattle.online), and how often each ended a turn.
type onlineReport struct {
	Blue, Red scenesOnline
	// JoinedBy says how each page came to its seat: "opened" (the
	// page opened on the link) or "pasted" (the link pasted on the
	// title's Play online screen).
	JoinedBy map[string]string `json:"joinedBy"`
	Presses  map[string]int    `json:"presses"`
	Seconds  float64           `json:"seconds"`
}

// scenesOnline is scenes.OnlineState as the page publishes it.
type scenesOnline struct {
	Seat, ToMove, Result string
	Turn                 int
}

// TestBrowserOnline: two Chromium pages of the js/wasm build (two
// windows on an Xvfb of their own, else headless: wasm/smoke.mjs) join
// the two seats of one match on a game server on loopback, Blue's
// page opened on its link, Red's opened without one and given its link
// by a paste on the title's Play online screen (then Enter), and play it
// against each other, each ending its turn when
// its side is to move, until the turn limit of one makes it a draw. The
// pages reach the server through a proxy that loses the first command
// (Blue's end of turn) on its way (the page must send it again, with the
// same sequence number, over a new connection) and cuts the connection
// of the second (Red's, the match's last) once it is passed on (the page
// must not send it again, and learns the result over a new connection).
// The server's replay holds the two ends of turn, in turn, once each, and
// both pages show the draw. One turn checks all of that: a second, as the
// test played before, only added two ends of turn of page frames.
func TestBrowserOnline(t *testing.T) {
	if os.Getenv("SIGHTLINE_BROWSER_SMOKE") != "1" {
		t.Skip("set SIGHTLINE_BROWSER_SMOKE=1 to run the browser online test (make test does)")
	}
	node, chromium, page := serveBrowserBuild(t)
	store, err := netstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "matches.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	gs := netplay.NewServer(netplay.NewHost(store))
	gs.Origins = []string{"127.0.0.1:*"} // the page is served from another port
	srv := httptest.NewServer(gs.Handler())
	defer srv.Close()
	c := &netplay.Client{Base: srv.URL}
	made, err := c.Create(context.Background(), "crossroads", 1)
	if err != nil {
		t.Fatal(err)
	}
	cutter := newWSCutter(t, srv.Listener.Addr().String())
	link := func(seat string) string {
		return netplay.Link{Server: cutter.URL(), Match: made.Match, Seat: seat}.String(page) + "&mute"
	}
	shots := t.TempDir()
	base := filepath.Join(shots, "browser.png")
	env := []string{"SIGHTLINE_ONLINE_RED=" + link(made.Red)}
	err = runSmokeJS(t, node, chromium, "online", onlineTimeout, env, link(made.Blue), base)
	for _, name := range []string{"online-blue", "online-red", "failure", "failure-red"} {
		if f := filepath.Join(shots, "browser-"+name+".png"); fileExists(f) {
			saveOut(t, f, "browser-"+name+".png")
		}
	}
	if err != nil {
		t.Fatalf("browser online run: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(shots, "browser-online.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r onlineReport
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("browser-online.json: %v\n%s", err, b)
	}
	if r.Blue.Seat != "Blue" || r.Red.Seat != "Red" || r.Blue.Result != "draw" || r.Red.Result != "draw" {
		t.Errorf("the pages ended as %+v and %+v: want Blue and Red, both showing the draw", r.Blue, r.Red)
	}
	if r.JoinedBy["blue"] != "opened" || r.JoinedBy["red"] != "pasted" {
		t.Errorf("the pages joined by %v, want blue opened and red pasted", r.JoinedBy)
	}
	if dropped, cut := cutter.counts(); dropped != 1 || cut != 1 {
		t.Errorf("the proxy lost %d commands and cut %d connections after one, want 1 and 1", dropped, cut)
	}

	resp, err := http.Get(srv.URL + "/matches/" + made.Match + "/replay?token=" + made.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	rp, err := match.ReadReplay(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var did []string
	for _, cmd := range rp.Commands {
		did = append(did, cmd.Do)
	}
	if len(did) != 2 {
		t.Fatalf("the server applied %v, want the two ends of turn of a one-turn match", did)
	}
	for _, d := range did {
		if d != "end_turn" {
			t.Fatalf("the server applied %v, want only ends of turn", did)
		}
	}
	t.Logf("two pages played a one-turn match online in %.0f s (presses of E: %v)", r.Seconds, r.Presses)
}
