//go:build !js

package netplay

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/coder/websocket"
)

// nativeConn is a wsConn over coder/websocket.
type nativeConn struct{ c *websocket.Conn }

// dialWS opens a WebSocket to addr whose messages may be up to limit
// bytes.
func dialWS(ctx context.Context, addr string, limit int64) (wsConn, error) {
	c, _, err := websocket.Dial(ctx, addr, nil)
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(limit)
	return nativeConn{c}, nil
}

// Read implements wsConn.
func (n nativeConn) Read(ctx context.Context) ([]byte, error) {
	_, b, err := n.c.Read(ctx)
	var closed websocket.CloseError
	if errors.As(err, &closed) && closed.Code != websocket.StatusNormalClosure {
		return nil, &closeError{code: int(closed.Code), reason: closed.Reason}
	}
	return b, err
}

// Write implements wsConn.
func (n nativeConn) Write(ctx context.Context, b []byte) error {
	return n.c.Write(ctx, websocket.MessageText, b)
}

// Close implements wsConn.
func (n nativeConn) Close() { n.c.Close(websocket.StatusNormalClosure, "") }

// CloseNow implements wsConn.
func (n nativeConn) CloseNow() { n.c.CloseNow() }

// request sends a plain HTTP request to the server (a JSON body when
// body is not nil) with net/http and reads up to limit bytes of the
// answer.
func request(ctx context.Context, method, url string, body []byte, limit int64) (httpReply, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return httpReply{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return httpReply{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return httpReply{}, err
	}
	return httpReply{status: resp.StatusCode, statusLine: resp.Status, body: b}, nil
}
