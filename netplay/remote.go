package netplay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"sightline/match"
	"sightline/rules"
)

// ErrBusy: a command of the seat is still on its way to the server.
var ErrBusy = errors.New("a command is still on its way to the server")

// Update is what a Remote received: a message of the server (hello, view,
// events or error, as sent), a change of the connection (Type ""), or
// the end of the session (Err).
type Update struct {
	Message
	// Online says, for a change of the connection, whether it is up.
	Online bool
	// Err, when set, ended the session: the server refused the seat's
	// token, or speaks another protocol. No update follows it.
	Err error
}

// Remote is one seat of a match played by a screen that cannot wait on
// the network: it connects in the background, keeps every message of the
// server for the screen to take (Poll, once a frame), and sends the
// screen's commands (Send) with the seat's sequence number. When the
// connection drops it connects again until Close; a command whose answer
// was lost is sent again with the same number, so the server applies it
// once, and the new view tells the screen where the match stands.
type Remote struct {
	c         *Client
	id, token string
	cancel    context.CancelFunc
	done      chan struct{}
	wake      chan struct{}

	mu      sync.Mutex
	updates []Update
	seq     int                // the seat's sequence in the last view
	side    rules.Side         // the seat's side, from hello
	toMove  rules.Side         // the side to move in the last view
	pending *rules.CommandSpec // the command on its way (nil: none)
	pseq    int                // its sequence number
	conn    wsConn             // the connection that saw a view (nil: none yet)
	sentOn  wsConn             // the connection the pending command went on
	over    bool
}

// Connect starts playing the seat with the given token in match id for a
// screen; Close stops it.
func (c *Client) Connect(id, token string) *Remote {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Remote{c: c, id: id, token: token, cancel: cancel, done: make(chan struct{}), wake: make(chan struct{}, 1)}
	go r.run(ctx)
	return r
}

// Poll returns the updates received since the last Poll, oldest first,
// without waiting.
func (r *Remote) Poll() []Update {
	r.mu.Lock()
	defer r.mu.Unlock()
	u := r.updates
	r.updates = nil
	return u
}

// Send sends the seat's next command, given on the last view received. It
// returns ErrBusy while the command before has no answer yet.
func (r *Remote) Send(spec rules.CommandSpec) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.over:
		return errors.New("the match is over")
	case r.pending != nil:
		return ErrBusy
	}
	r.pending, r.pseq = &spec, r.seq
	r.poke()
	return nil
}

// Pending reports whether a command is on its way, with no answer yet.
func (r *Remote) Pending() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.pending != nil
}

// Close ends the session and waits for its goroutine.
func (r *Remote) Close() {
	r.cancel()
	<-r.done
}

// poke wakes the writer.
func (r *Remote) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// settle forgets the pending command: applied or refused. The lock is
// held.
func (r *Remote) settle() { r.pending, r.sentOn = nil, nil }

// push keeps u for the screen. The lock is held.
func (r *Remote) push(u Update) { r.updates = append(r.updates, u) }

// run connects, and connects again after each drop, until the session
// ends.
func (r *Remote) run(ctx context.Context) {
	defer close(r.done)
	addr, err := r.c.playURL(r.id)
	if err != nil {
		r.mu.Lock()
		r.push(Update{Err: err})
		r.mu.Unlock()
		return
	}
	backoff := 200 * time.Millisecond
	for {
		online, err := r.session(ctx, addr)
		r.mu.Lock()
		r.conn, r.sentOn = nil, nil
		over := r.over
		switch {
		case ctx.Err() != nil || over:
		case errors.Is(err, errDropped):
			if online {
				r.push(Update{Online: false})
			}
		default:
			r.push(Update{Err: err})
			over = true
		}
		r.mu.Unlock()
		if over || ctx.Err() != nil {
			return
		}
		if online {
			backoff = 200 * time.Millisecond
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

// session plays over one connection until it drops (errDropped), the
// match ends (nil) or the server refuses the seat. online reports whether
// the server said hello.
func (r *Remote) session(ctx context.Context, addr string) (online bool, err error) {
	// A page starting on a slow phone may not get to the open socket
	// for seconds: a short limit would close it and start again.
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	conn, err := dialWS(dctx, addr, MaxServerMessage)
	cancel()
	if err != nil {
		return false, errDropped
	}
	defer conn.CloseNow()
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := write(sctx, conn, Message{V: Version, Type: TypeHello, Match: r.id, Seat: r.token}); err != nil {
		return false, err
	}
	go r.writer(sctx, conn)
	var keep Keeper // the map and tables of this connection's views
	for {
		b, err := conn.Read(sctx)
		var closed *closeError
		switch {
		case errors.As(err, &closed) && closed.code == statusPolicyViolation:
			// The server ends a session it will not serve with a
			// reason; its error message may not have made it first.
			if strings.Contains(closed.reason, "token") {
				return online, fmt.Errorf("%w: %s", ErrRefusedToken, clip(closed.reason))
			}
			return online, fmt.Errorf("the server closed the connection: %s", clip(closed.reason))
		case err != nil:
			return online, errDropped
		}
		m, err := keep.Decode(b)
		if err != nil {
			return online, fmt.Errorf("the server sent a message this game cannot read: %v", clip(err.Error()))
		}
		if m.V != Version {
			return online, fmt.Errorf("the server speaks protocol %d, this game %d", m.V, Version)
		}
		if m.Type == TypeHello {
			online = true
		}
		done, err := r.take(conn, m)
		if err != nil || done {
			if done {
				conn.Close()
			}
			return online, err
		}
	}
}

// take notes message m of connection conn and keeps it for the screen; it
// reports whether the match is over, or the error that ends the session.
func (r *Remote) take(conn wsConn, m Message) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch m.Type {
	case TypeHello:
		s, err := rules.ParseSide(m.Side)
		if err != nil {
			return false, fmt.Errorf("hello: %v", err)
		}
		r.side = s
		r.push(Update{Message: m, Online: true})
		return false, nil
	case TypeView:
		if m.View == nil {
			return false, errors.New("the server sent a view message without a view")
		}
		r.seq, r.toMove, r.conn = m.Seq, m.View.ToMove, conn
		if r.pending != nil && m.Seq > r.pseq {
			r.settle() // applied: its answer may have been lost
		}
		r.push(Update{Message: m})
		if m.Result != nil {
			r.over = true
			r.settle()
			return true, nil
		}
		r.poke()
		return false, nil
	case TypeEvents:
		if m.Ack {
			r.settle()
		}
		r.push(Update{Message: m})
		return false, nil
	case TypeError:
		switch m.Code {
		case CodeToken, CodeVersion:
			return false, fmt.Errorf("%w: %s", ErrRefusedToken, match.SafeText(m.Error))
		case CodeReplayed:
			r.settle() // applied before: the next view says so
			return false, nil
		case CodeStale, CodeRate:
			return false, errDropped // connect again and send it on the new view
		}
		r.settle()
		r.push(Update{Message: m})
		return false, nil
	}
	return false, fmt.Errorf("the server sent a message of type %q", clip(m.Type))
}

// writer sends the pending command on conn once conn has seen a view and
// it is the seat's turn, once per connection.
func (r *Remote) writer(ctx context.Context, conn wsConn) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.wake:
		}
		r.mu.Lock()
		var m *Message
		if r.pending != nil && r.conn == conn && r.sentOn != conn && r.toMove == r.side {
			r.sentOn = conn
			m = &Message{V: Version, Type: TypeCommand, Seq: r.pseq, Command: r.pending}
		}
		r.mu.Unlock()
		if m != nil && write(ctx, conn, *m) != nil {
			conn.CloseNow() // the reader sees the drop and connects again
			return
		}
	}
}
