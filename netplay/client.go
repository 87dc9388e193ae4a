package netplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/url"
	"strings"
	"time"

	"sightline/match"
	"sightline/rules"
)

// ErrRefusedToken: the server knows no seat of the match with the token.
var ErrRefusedToken = errors.New("the server refused the seat's token")

// Client talks to a server at Base ("http://127.0.0.1:8090"): over
// net/http and coder/websocket on the desktop, over the page's fetch and
// WebSocket in the browser.
type Client struct {
	Base string
	// Reconnect is how long Play keeps trying to reconnect after the
	// server went away (0: a minute).
	Reconnect time.Duration
	// RoundTrip, when not nil, is told how long each command took from
	// being sent to its answer (the view that acknowledges it, or its
	// refusal) arriving.
	RoundTrip func(time.Duration)
	// Log, when not nil, receives a line for each command of Play's
	// controller that the server refused, and what Play did instead.
	Log *log.Logger
}

// logf logs a line when the client has a Log.
func (c *Client) logf(format string, args ...any) {
	if c.Log != nil {
		c.Log.Printf(format, args...)
	}
}

// Create makes a match on the named level with the given turn limit (0:
// the server's default).
func (c *Client) Create(ctx context.Context, level string, turns int) (Created, error) {
	body, err := json.Marshal(NewMatch{Level: level, Turns: turns})
	if err != nil {
		return Created{}, err
	}
	resp, err := request(ctx, "POST", strings.TrimSuffix(c.Base, "/")+"/matches", body, 64<<10)
	if err != nil {
		return Created{}, err
	}
	b := resp.body
	if resp.status != statusCreated {
		var e struct{ Error string }
		json.Unmarshal(b, &e)
		return Created{}, fmt.Errorf("the server refused the match (%s): %s", resp.statusLine, match.SafeText(e.Error))
	}
	var out Created
	if err := json.Unmarshal(b, &out); err != nil || out.Match == "" || out.Blue == "" || out.Red == "" {
		return Created{}, fmt.Errorf("the server's answer is not a match: %s", clip(string(b)))
	}
	return out, nil
}

// playURL returns the WebSocket address of a match.
func (c *Client) playURL(id string) (string, error) {
	u, err := url.Parse(strings.TrimSuffix(c.Base, "/"))
	if err != nil {
		return "", err
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("server %q: want http:// or https://", clip(c.Base))
	}
	u.Path += "/matches/" + url.PathEscape(id) + "/play"
	return u.String(), nil
}

// Play plays the seat with the given token in match id with ctrl, which
// sees only the views the server sends, until the match ends, and returns
// how it ended. When the connection drops it reconnects for up to
// Reconnect; a command whose answer was lost is sent again with the same
// sequence number, so the server applies it at most once. A command the
// rules refuse (CodeIllegal) is one the controller cannot mend on the same
// view: Play logs it and ends the seat's turn instead, so a match always
// moves on. A refused token returns ErrRefusedToken.
func (c *Client) Play(ctx context.Context, id, token string, ctrl match.Controller) (*Result, error) {
	addr, err := c.playURL(id)
	if err != nil {
		return nil, err
	}
	wait := c.Reconnect
	if wait <= 0 {
		wait = time.Minute
	}
	var lost time.Time // when the connection was lost (zero: connected)
	for {
		res, err := c.session(ctx, addr, id, token, ctrl, func() { lost = time.Time{} })
		if res != nil || err != nil && !errors.Is(err, errDropped) {
			return res, err
		}
		if lost.IsZero() {
			lost = time.Now()
		}
		if time.Since(lost) > wait {
			return nil, fmt.Errorf("the server has been away for %s: giving up", wait.Round(time.Second))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// errDropped: the connection dropped or could not be made; try again.
var errDropped = errors.New("connection dropped")

// session plays over one connection until the match ends (its result),
// the connection drops (errDropped) or the server refuses the seat.
func (c *Client) session(ctx context.Context, addr, id, token string, ctrl match.Controller, connected func()) (*Result, error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := dialWS(dctx, addr, MaxServerMessage)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, errDropped
	}
	defer conn.CloseNow()
	send := func(m Message) error { return write(ctx, conn, m) }
	if err := send(Message{V: Version, Type: TypeHello, Match: id, Seat: token}); err != nil {
		return nil, err
	}
	var side rules.Side
	var view *match.View // the last view, asked again when a command is refused
	var keep Keeper      // the map and tables of this connection's views
	seq, sent := 0, -1   // the seat's sequence; the seq of the command in flight (-1: none)
	var inFlight rules.CommandSpec
	ending := false // a command was refused: the turn is ended instead
	var sentAt time.Time
	answered := func() {
		if c.RoundTrip != nil {
			c.RoundTrip(time.Since(sentAt))
		}
	}
	for {
		b, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, errDropped
		}
		m, err := keep.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("the server sent a message this client cannot read: %v", clip(err.Error()))
		}
		if m.V != Version {
			return nil, fmt.Errorf("the server speaks protocol %d, this client %d", m.V, Version)
		}
		switch m.Type {
		case TypeHello:
			s, err := rules.ParseSide(m.Side)
			if err != nil {
				return nil, fmt.Errorf("hello: %v", err)
			}
			side = s
			connected()
		case TypeEvents:
		case TypeError:
			switch m.Code {
			case CodeToken:
				return nil, fmt.Errorf("%w: %s", ErrRefusedToken, match.SafeText(m.Error))
			case CodeIllegal:
				answered()
				sent = -1
				if inFlight.Do == rules.SpecOf(rules.EndTurn{}).Do {
					return nil, fmt.Errorf("the server refused the end of the turn: %s", match.SafeText(m.Error))
				}
				// Asked again on the same view, the controller would give
				// the same command: end the turn, which is always legal.
				c.logf("match %s, turn %d: the server refused %s's %s (%s): ending the turn", clip(id), view.Turn, sideName(side), inFlight.Do, match.SafeText(m.Error))
				ending = true
			case CodeReplayed, CodeOutOfTurn, CodeStale, CodeRate, CodeInternal:
				// this client is behind the match, or the server failed
				// and changed nothing: connect again for the current view
				return nil, errDropped
			default:
				return nil, fmt.Errorf("the server refused a command (%s): %s", m.Code, match.SafeText(m.Error))
			}
		case TypeView:
			if m.View == nil {
				return nil, errors.New("the server sent a view message without a view")
			}
			if m.Result != nil {
				conn.Close()
				return m.Result, nil
			}
			view, seq = m.View, m.Seq
			if sent >= 0 && seq > sent {
				answered()
				sent = -1
				ending = false
			}
		default:
			return nil, fmt.Errorf("the server sent a message of type %q", clip(m.Type))
		}
		if view == nil || sent >= 0 || view.ToMove != side || view.Side != side {
			continue
		}
		var cmd rules.Command = rules.EndTurn{}
		if !ending {
			cmd = ctrl.Next(view)
		}
		if cmd == nil {
			return nil, fmt.Errorf("turn %d: the controller gave no command", view.Turn)
		}
		spec := rules.SpecOf(cmd)
		sentAt = time.Now()
		if err := send(Message{V: Version, Type: TypeCommand, Seq: seq, Command: &spec}); err != nil {
			return nil, err
		}
		sent, inFlight = seq, spec
	}
}
