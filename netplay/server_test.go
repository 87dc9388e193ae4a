//go:build !js

package netplay

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// served is a Server on loopback over a new store in memory, with one match.
type served struct {
	url string
	c   Created
	s   Store
	h   *Host
}

func serve(t *testing.T) *served {
	t.Helper()
	s := NewMemoryStore()
	h := NewHost(s)
	ts := httptest.NewServer(NewServer(h).Handler())
	t.Cleanup(ts.Close)
	c, err := h.Create(context.Background(), "crossroads", 3)
	if err != nil {
		t.Fatal(err)
	}
	return &served{url: ts.URL, c: c, s: s, h: h}
}

// dial opens the match's WebSocket.
func (x *served) dial(t *testing.T, header http.Header) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(x.url, "http")+"/matches/"+x.c.Match+"/play", &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(MaxServerMessage)
	t.Cleanup(func() { conn.CloseNow() })
	return conn
}

// say sends raw text.
func say(t *testing.T, conn *websocket.Conn, text string) {
	t.Helper()
	if err := conn.Write(context.Background(), websocket.MessageText, []byte(text)); err != nil {
		t.Fatal(err)
	}
}

// next reads the next message of a type other than events.
func next(t *testing.T, conn *websocket.Conn) Message {
	t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		_, b, err := conn.Read(ctx)
		cancel()
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m Message
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type != TypeEvents {
			return m
		}
	}
}

// hello says hello as Blue and reads the hello and the view.
func (x *served) hello(t *testing.T, conn *websocket.Conn) Message {
	t.Helper()
	say(t, conn, `{"v":3,"type":"hello","match":"`+x.c.Match+`","seat":"`+x.c.Blue+`"}`)
	if m := next(t, conn); m.Type != TypeHello || m.Side != "blue" {
		t.Fatalf("the answer to hello is %+v", m)
	}
	v := next(t, conn)
	if v.Type != TypeView || v.View == nil {
		t.Fatalf("after hello came %+v, want a view", v)
	}
	return v
}

// Every refusal over the WebSocket comes back as an error message with
// its code, and nothing is stored.
func TestServerRefusesOverTheWebSocket(t *testing.T) {
	x := serve(t)
	cmd := func(seq int, spec string) string {
		return `{"v":3,"type":"command","seq":` + itoa(seq) + `,"command":` + spec + `}`
	}
	for _, tc := range []struct {
		name  string
		hello bool
		send  string
		want  string
	}{
		{"command before hello", false, cmd(0, `{"do":"end_turn"}`), CodeHello},
		{"wrong token", false, `{"v":3,"type":"hello","match":"` + x.c.Match + `","seat":"` + strings.Repeat("f", 32) + `"}`, CodeToken},
		{"other match", false, `{"v":3,"type":"hello","match":"0000000000000000","seat":"` + x.c.Blue + `"}`, CodeToken},
		{"malformed", true, `{"v":3,"type":"command"`, CodeMalformed},
		{"version", true, `{"v":9,"type":"command","seq":0,"command":{"do":"end_turn"}}`, CodeVersion},
		{"too large", true, cmd(0, `{"do":"end_turn","weapon":"`+strings.Repeat("x", MaxClientMessage)+`"}`), CodeTooLarge},
		{"ahead", true, cmd(7, `{"do":"end_turn"}`), CodeSequence},
		{"second hello", true, `{"v":3,"type":"hello","match":"` + x.c.Match + `","seat":"` + x.c.Blue + `"}`, CodeHello},
		{"illegal", true, cmd(0, `{"do":"move","unit":1,"to":[-3,-3]}`), CodeIllegal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn := x.dial(t, nil)
			if tc.hello {
				x.hello(t, conn)
			}
			say(t, conn, tc.send)
			m := next(t, conn)
			if m.Type != TypeError || m.Code != tc.want || m.Error == "" {
				t.Errorf("answer %+v, want an error with code %s and words", m, tc.want)
			}
			if cs, err := x.s.Commands(context.Background(), x.c.Match); err != nil || len(cs) != 0 {
				t.Errorf("%d commands stored (%v), want none", len(cs), err)
			}
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// A page of another origin cannot open a seat's WebSocket; a flood of
// messages is cut by the rate limit.
func TestServerChecksOriginAndRate(t *testing.T) {
	x := serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(x.url, "http")+"/matches/"+x.c.Match+"/play",
		&websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a foreign Origin: %v, want 403 Forbidden", err)
	}
	conn := x.dial(t, nil)
	x.hello(t, conn)
	for range rateBurst + 5 {
		say(t, conn, `{"v":3,"type":"command","seq":9,"command":{"do":"end_turn"}}`)
	}
	codes := map[string]int{}
	for range rateBurst + 5 {
		codes[next(t, conn).Code]++
	}
	if codes[CodeRate] == 0 || codes[CodeSequence] == 0 {
		t.Errorf("a flood's answers by code: %v, want some %s and some %s", codes, CodeSequence, CodeRate)
	}
}

// The listing says whose turn it is in each match of the seats asked,
// skipping unknown tokens; a replay is refused while the match is played.
func TestServerListsAndKeepsReplaysUntilTheEnd(t *testing.T) {
	x := serve(t)
	resp, err := http.Get(x.url + "/matches?seat=" + x.c.Red + "&seat=nope")
	if err != nil {
		t.Fatal(err)
	}
	var st []Status
	json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if len(st) != 1 || st[0].Match != x.c.Match || st[0].Side != "red" || st[0].ToMove != "blue" || st[0].Winner != "" {
		t.Errorf("listing %+v, want Red's seat in %s with Blue to move", st, x.c.Match)
	}
	other, err := x.h.Create(context.Background(), "crossroads", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		token string
		want  int
	}{
		{"", http.StatusForbidden},           // the match's ID alone
		{"nope", http.StatusForbidden},       // no seat's
		{other.Blue, http.StatusForbidden},   // another match's seat
		{x.c.Red, http.StatusConflict},       // a seat's, while the match is played
		{x.c.Spectator, http.StatusConflict}, // the spectator link's, likewise
	} {
		resp, err = http.Get(x.url + "/matches/" + x.c.Match + "/replay?token=" + c.token)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("the replay of a match in play with token %q: %s, want %d", c.token, resp.Status, c.want)
		}
	}
	for _, body := range []string{`{"level":"../etc/passwd"}`, `{"level":"nosuchlevel"}`, `{"level":"crossroads","turns":9999}`, `{"level":"crossroads","x":1}`} {
		resp, err := http.Post(x.url+"/matches", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("POST %s: %s, want 400 Bad Request", body, resp.Status)
		}
	}
}
