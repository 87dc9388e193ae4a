package netplay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// wsConn is one WebSocket connection from a client to the server, which
// carries the protocol's JSON messages as text: coder/websocket's on the
// desktop (transport_native.go), the page's own WebSocket in the browser
// (transport_js.go), so that the browser build links neither net/http
// nor crypto/tls.
type wsConn interface {
	// Read returns the next message. When the server closed the
	// connection with a status other than a normal closure the error is
	// a *closeError.
	Read(ctx context.Context) ([]byte, error)
	// Write sends b as a text message.
	Write(ctx context.Context, b []byte) error
	// Close closes the connection normally; CloseNow drops it.
	Close()
	CloseNow()
}

// closeError: the server closed the connection with a status and a
// reason.
type closeError struct {
	code   int
	reason string
}

// Error implements error.
func (e *closeError) Error() string {
	return fmt.Sprintf("the server closed the connection (%d): %s", e.code, clip(e.reason))
}

// statusPolicyViolation is the close status the server ends a session
// it will not serve with (RFC 6455, 7.4.1).
const statusPolicyViolation = 1008

// httpReply is the server's answer to a plain HTTP request.
type httpReply struct {
	// status is the HTTP status code and statusLine its text ("201
	// Created").
	status     int
	statusLine string
	body       []byte
}

// write sends m on conn.
func write(ctx context.Context, conn wsConn, m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := conn.Write(wctx, b); err != nil {
		return errDropped
	}
	return nil
}

// The HTTP statuses the client expects.
const (
	statusOK      = 200
	statusCreated = 201
)
