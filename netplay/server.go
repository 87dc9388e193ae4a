//go:build !js

package netplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Limits of the HTTP and WebSocket server.
const (
	// maxBody bounds a request's body (a new match's level and turns).
	maxBody = 4 << 10
	// maxFrame is the largest message a connection reads: above it the
	// connection is closed; between MaxClientMessage and it, the message
	// is refused with CodeTooLarge and the connection goes on.
	maxFrame = 4 * MaxClientMessage
	// helloWait is how long a new connection has to say hello: a page
	// still drawing its first frames on a slow machine may take seconds.
	helloWait = 30 * time.Second
	// rateBurst and rateEvery bound a connection's messages: a burst of
	// rateBurst, then one every rateEvery; past it a message is refused
	// with CodeRate, and after maxRefusals refusals the connection is
	// closed.
	rateBurst   = 20
	rateEvery   = 50 * time.Millisecond
	maxRefusals = 100
	// sendQueue bounds the messages waiting for a slow connection; a
	// connection that falls further behind is closed (it reconnects and
	// gets the current view).
	sendQueue = 64
	// maxSeats bounds the seats one listing asks about.
	maxSeats = 100
)

// Server serves a Host over HTTP: POST /matches, GET /matches?seat=...,
// GET /matches/{id}/replay?token=..., GET /matches/{id}/spectate?token=... and the
// WebSocket GET /matches/{id}/play.
type Server struct {
	host *Host
	// Origins are the host patterns (websocket.AcceptOptions.OriginPatterns)
	// of the web pages allowed to play besides the server's own: to open
	// a seat's WebSocket, and to read the HTTP API's answers (cors).
	Origins []string
	// Log receives a line per failure of the server itself (nil: none).
	Log *log.Logger
}

// NewServer returns the server of h.
func NewServer(h *Host) *Server { return &Server{host: h} }

// Handler returns the server's HTTP handler, which answers the pages
// allowed to play from other origins too (cors).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /matches", s.create)
	mux.HandleFunc("GET /matches", s.list)
	mux.HandleFunc("GET /matches/{id}/replay", s.replay)
	mux.HandleFunc("GET /matches/{id}/spectate", s.spectate)
	mux.HandleFunc("GET /matches/{id}/play", s.play)
	return s.cors(mux)
}

// logf logs a failure of the server.
func (s *Server) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log.Printf(format, args...)
	}
}

// writeJSON writes v with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// fail writes err as {"code":...,"error":...} with a status fit for it.
func (s *Server) fail(w http.ResponseWriter, err error) {
	var r *Refusal
	switch {
	case errors.Is(err, ErrNotFound):
		writeJSON(w, http.StatusNotFound, map[string]string{"code": "not_found", "error": err.Error()})
	case errors.As(err, &r):
		status := map[string]int{CodeToken: http.StatusForbidden, CodeOver: http.StatusConflict}[r.Code]
		if status == 0 {
			status = http.StatusBadRequest
		}
		writeJSON(w, status, map[string]string{"code": r.Code, "error": r.Msg})
	default:
		s.logf("%v", err)
		writeJSON(w, http.StatusInternalServerError, map[string]string{"code": CodeInternal, "error": "the server failed"})
	}
}

// create makes a match: POST /matches {"level":..., "turns":...}.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var nm NewMatch
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&nm); err != nil {
		s.fail(w, refuse(CodeMalformed, "want {\"level\":NAME,\"turns\":N}: %v", clip(err.Error())))
		return
	}
	c, err := s.host.CreateMatch(r.Context(), nm)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

// list answers GET /matches?seat=TOKEN&seat=...: the status of the match
// of each seat whose token is known, in the order asked.
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	seats := r.URL.Query()["seat"]
	if len(seats) == 0 || len(seats) > maxSeats {
		s.fail(w, refuse(CodeMalformed, "want 1 to %d seat=TOKEN parameters", maxSeats))
		return
	}
	out := []Status{}
	for _, tok := range seats {
		st, err := s.host.Status(r.Context(), tok)
		if code(err) == CodeToken {
			continue
		}
		if err != nil {
			s.fail(w, err)
			return
		}
		out = append(out, st)
	}
	writeJSON(w, http.StatusOK, out)
}

// code returns err's Refusal code, or "".
func code(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Code
	}
	return ""
}

// replay serves a finished match's replay to the holder of one of its
// tokens, GET /matches/{id}/replay?token=TOKEN (a seat's or the
// spectator link's): the match ID alone, which a link shows, is not
// enough.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	rp, err := s.host.ReplayFor(r.Context(), r.PathValue("id"), r.URL.Query().Get("token"))
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if err := rp.Write(w); err != nil {
		s.logf("replay %s: %v", r.PathValue("id"), err)
	}
}

// spectate serves a finished match's replay to its spectator link, GET
// /matches/{id}/spectate?token=TOKEN; while the match is played, a
// refusal.
func (s *Server) spectate(w http.ResponseWriter, r *http.Request) {
	rp, err := s.host.Spectate(r.Context(), r.PathValue("id"), r.URL.Query().Get("token"))
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if err := rp.Write(w); err != nil {
		s.logf("spectate %s: %v", r.PathValue("id"), err)
	}
}

// play serves one seat's WebSocket.
func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.Origins})
	if err != nil {
		return // Accept answered: a bad Origin or not a WebSocket
	}
	conn.SetReadLimit(maxFrame)
	c := &connection{s: s, conn: conn, out: make(chan Message, sendQueue), lost: make(chan struct{})}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	written := make(chan struct{})
	go func() { c.write(ctx); close(written) }()
	err = c.read(ctx, r.PathValue("id"))
	if c.seat != nil {
		c.seat.Leave()
	}
	// Nothing sends any more: the writer writes what is queued (the
	// error that ended the connection) and stops.
	c.mu.Lock()
	if !c.overflow {
		c.overflow = true
		close(c.out)
	}
	c.mu.Unlock()
	select {
	case <-written:
	case <-time.After(5 * time.Second):
	}
	status, why := websocket.StatusNormalClosure, ""
	if err != nil {
		status, why = websocket.StatusPolicyViolation, err.Error()
		if len(why) > 120 {
			why = why[:120]
		}
	}
	conn.Close(status, why)
}

// connection is one WebSocket: its seat, once it said hello, and the
// messages waiting to be written.
type connection struct {
	s        *Server
	conn     *websocket.Conn
	seat     *Seat
	out      chan Message
	lost     chan struct{} // closed when out overflowed
	mu       sync.Mutex
	overflow bool
}

// send queues m for writing without blocking; a connection too far
// behind is dropped.
func (c *connection) send(m Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.overflow {
		return
	}
	select {
	case c.out <- m:
	default:
		c.overflow = true
		close(c.lost)
	}
}

// write writes the queued messages until ctx ends.
func (c *connection) write(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.lost:
			c.conn.Close(websocket.StatusTryAgainLater, "too far behind: connect again")
			return
		case m, ok := <-c.out:
			if !ok {
				return
			}
			b, err := m.JSON()
			if err == nil {
				wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				err = c.conn.Write(wctx, websocket.MessageText, b)
				cancel()
			}
			if err != nil {
				c.conn.CloseNow()
				return
			}
		}
	}
}

// read reads the connection's messages until it ends or breaks the
// rules: the first must be hello, within helloWait.
func (c *connection) read(ctx context.Context, id string) error {
	tokens, last := float64(rateBurst), time.Now()
	refusals := 0
	for {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		if c.seat == nil {
			rctx, cancel = context.WithTimeout(ctx, helloWait)
		}
		typ, b, err := c.conn.Read(rctx)
		cancel()
		if err != nil {
			if c.seat == nil && errors.Is(err, context.DeadlineExceeded) {
				return errors.New("no hello")
			}
			return nil // closed or broken: nothing to say
		}
		now := time.Now()
		tokens = min(float64(rateBurst), tokens+float64(now.Sub(last))/float64(rateEvery))
		last = now
		var m Message
		switch {
		case tokens < 1:
			err = refuse(CodeRate, "more than %d messages a second", int(time.Second/rateEvery))
		case typ != websocket.MessageText:
			err = refuse(CodeMalformed, "a binary message: messages are JSON text")
		default:
			tokens--
			if m, err = DecodeClient(b); err == nil {
				err = c.handle(ctx, id, m)
			}
		}
		if err == nil {
			continue
		}
		if code(err) == "" {
			c.s.logf("match %s: %v", clip(id), err)
		}
		c.send(ErrorMessage(err, m.Seq))
		if code(err) == CodeToken && c.seat == nil {
			return errors.New("refused token")
		}
		if refusals++; refusals > maxRefusals {
			return fmt.Errorf("more than %d refused messages", maxRefusals)
		}
	}
}

// handle carries out one message.
func (c *connection) handle(ctx context.Context, id string, m Message) error {
	switch {
	case m.Type == TypeHello && c.seat != nil:
		return refuse(CodeHello, "hello was said already")
	case m.Type == TypeHello:
		if m.Match != id {
			return refuse(CodeToken, "hello names match %s on the connection of match %s", clip(m.Match), clip(id))
		}
		st, err := c.s.host.Join(ctx, id, m.Seat, c.send)
		if errors.Is(err, ErrNotFound) {
			err = refuse(CodeToken, "no match %s", clip(id))
		}
		if err != nil {
			return err
		}
		c.seat = st
		return nil
	case c.seat == nil:
		return refuse(CodeHello, "say hello with the seat's token first")
	}
	return c.seat.Submit(ctx, m.Seq, *m.Command)
}
