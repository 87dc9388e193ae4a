//go:build !js

package netplay

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"sightline/rules"
)

// serveProxied starts a server over a new store in memory on a loopback port,
// behind a proxy that can cut every connection.
func serveProxied(t *testing.T) (*proxy, *Client) {
	t.Helper()
	srv := httptest.NewServer(NewServer(NewHost(NewMemoryStore())).Handler())
	t.Cleanup(srv.Close)
	p := newProxy(t, srv.Listener.Addr().String())
	return p, &Client{Base: "http://" + p.ln.Addr().String()}
}

// proxy forwards TCP connections to a server until it cuts them.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// newProxy forwards a loopback port to addr until the test ends.
func newProxy(t *testing.T, addr string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			a, err := ln.Accept()
			if err != nil {
				return
			}
			b, err := net.Dial("tcp", addr)
			if err != nil {
				a.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, a, b)
			p.mu.Unlock()
			go func() { io.Copy(a, b); a.Close(); b.Close() }()
			go func() { io.Copy(b, a); a.Close(); b.Close() }()
		}
	}()
	return p
}

// cut closes every connection made so far.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// screen takes a Remote's updates as a screen does, keeping those it did
// not look at yet.
type screen struct {
	r    *Remote
	kept []Update
}

// await takes r's updates until want accepts one, for up to a minute.
func (s *screen) await(t *testing.T, what string, want func(Update) bool) Update {
	t.Helper()
	end := time.Now().Add(time.Minute)
	for time.Now().Before(end) {
		s.kept = append(s.kept, s.r.Poll()...)
		for len(s.kept) > 0 {
			u := s.kept[0]
			s.kept = s.kept[1:]
			if u.Err != nil {
				t.Fatalf("waiting for %s: %v", what, u.Err)
			}
			if want(u) {
				return u
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no %s within a minute", what)
	return Update{}
}

// A screen's seat plays against the computer over the network while
// every command it sends is followed by a dropped connection: each is
// applied once, none lost, and the screen hears of the drop and the
// return.
func TestRemoteSendsEachCommandOnceThroughDrops(t *testing.T) {
	srv, c := serveProxied(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	made, err := c.Create(ctx, "crossroads", 30)
	if err != nil {
		t.Fatal(err)
	}
	red := make(chan error, 1)
	go func() {
		_, err := c.Play(ctx, made.Match, made.Red, computer(t))
		red <- err
	}()
	r := c.Connect(made.Match, made.Blue)
	defer r.Close()
	sc := &screen{r: r}
	hello := sc.await(t, "hello", func(u Update) bool { return u.Type == TypeHello })
	if hello.Side != "blue" || hello.Level != "crossroads" || !hello.Online {
		t.Fatalf("hello %+v: want blue on crossroads, online", hello.Message)
	}
	const n = 3
	drops := 0
	for i := 0; i < n; i++ {
		sc.await(t, "blue's turn", func(u Update) bool {
			return u.Type == TypeView && u.View.ToMove == rules.SideBlue && u.Seq == i
		})
		if err := r.Send(rules.SpecOf(rules.EndTurn{})); err != nil {
			t.Fatal(err)
		}
		if err := r.Send(rules.SpecOf(rules.EndTurn{})); !errors.Is(err, ErrBusy) {
			t.Fatalf("a second command while the first is on its way: %v, want ErrBusy", err)
		}
		srv.cut()
		sc.await(t, "the drop", func(u Update) bool {
			if u.Type == TypeHello {
				t.Fatal("hello again before the drop was told")
			}
			return u.Type == "" && !u.Online
		})
		drops++
		sc.await(t, "the return", func(u Update) bool { return u.Type == TypeHello && u.Online })
	}
	last := sc.await(t, "blue's turn after its commands", func(u Update) bool {
		return u.Type == TypeView && u.View.ToMove == rules.SideBlue && u.Seq >= n
	})
	if last.Seq != n || last.View.Turn != n+1 {
		t.Errorf("seq %d on turn %d after %d end turns through %d drops: want seq %d on turn %d (each applied once)",
			last.Seq, last.View.Turn, n, drops, n, n+1)
	}
	if r.Pending() {
		t.Error("a command is still pending after its view came")
	}
	select {
	case err := <-red:
		t.Fatalf("the computer's seat stopped: %v", err)
	default:
	}
}

// A refused command comes back to the screen as an error, and the seat
// may send again; a refused token ends the session.
func TestRemoteRefusals(t *testing.T) {
	_, c := serveProxied(t)
	made, err := c.Create(context.Background(), "crossroads", 30)
	if err != nil {
		t.Fatal(err)
	}
	r := c.Connect(made.Match, made.Blue)
	defer r.Close()
	sc := &screen{r: r}
	sc.await(t, "the first view", func(u Update) bool { return u.Type == TypeView })
	if err := r.Send(rules.CommandSpec{Do: "move", Unit: 1, To: &[2]int{-3, -3}}); err != nil {
		t.Fatal(err)
	}
	refused := sc.await(t, "the refusal", func(u Update) bool { return u.Type == TypeError })
	if refused.Code != CodeIllegal || r.Pending() {
		t.Errorf("refused %+v, pending %v: want %q and nothing pending", refused.Message, r.Pending(), CodeIllegal)
	}
	if err := r.Send(rules.SpecOf(rules.EndTurn{})); err != nil {
		t.Fatalf("a command after a refusal: %v", err)
	}
	sc.await(t, "the end of blue's turn", func(u Update) bool { return u.Type == TypeEvents && u.Ack })

	bad := c.Connect(made.Match, "00112233445566778899aabbccddeeff")
	defer bad.Close()
	end := time.Now().Add(time.Minute)
	for time.Now().Before(end) {
		for _, u := range bad.Poll() {
			if u.Err == nil {
				t.Fatalf("a refused token: %+v before the error", u)
			}
			if !errors.Is(u.Err, ErrRefusedToken) {
				t.Fatalf("a refused token: %v, want ErrRefusedToken", u.Err)
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("a refused token: no error within a minute")
}

// List tells a seat's owner where each of its matches stands, and leaves
// out a token the server does not know.
func TestClientList(t *testing.T) {
	_, c := serveProxied(t)
	ctx := context.Background()
	a, err := c.Create(ctx, "crossroads", 30)
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Create(ctx, "outpost", 12)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.List(ctx, []string{b.Red, "00112233445566778899aabbccddeeff", a.Blue})
	if err != nil {
		t.Fatal(err)
	}
	want := []Status{
		{Match: b.Match, Side: "red", Level: "outpost", Turn: 1, ToMove: "blue", Turns: 12},
		{Match: a.Match, Side: "blue", Level: "crossroads", Turn: 1, ToMove: "blue", Turns: 30},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("have %+v\nwant %+v", got, want)
	}
}
