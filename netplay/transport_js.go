//go:build js && wasm

package netplay

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
)

// jsConn is a wsConn over the page's WebSocket. The browser calls its
// handlers on the event loop: they only queue what arrived and never
// block.
type jsConn struct {
	ws    js.Value
	limit int64
	funcs []js.Func

	mu     sync.Mutex
	queue  [][]byte      // messages not read yet
	ready  chan struct{} // pinged (without blocking) when queue or closed changed
	opened chan struct{} // closed when the socket opened
	closed error         // why the socket closed (nil: open)
	gone   bool          // the handlers were released
}

// dialWS opens a WebSocket to addr whose messages may be up to limit
// bytes.
func dialWS(ctx context.Context, addr string, limit int64) (conn wsConn, err error) {
	ctor := js.Global().Get("WebSocket")
	if ctor.IsUndefined() {
		return nil, errors.New("this browser has no WebSocket")
	}
	defer func() {
		// The constructor throws on a malformed address.
		if r := recover(); r != nil {
			conn, err = nil, fmt.Errorf("WebSocket %s: %v", clip(addr), r)
		}
	}()
	c := &jsConn{ws: ctor.New(addr), limit: limit, ready: make(chan struct{}, 1), opened: make(chan struct{})}
	c.ws.Set("binaryType", "arraybuffer")
	c.on("open", func(js.Value) { close(c.opened) })
	c.on("message", func(ev js.Value) {
		b := messageBytes(ev.Get("data"))
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.closed != nil {
			return
		}
		if int64(len(b)) > c.limit {
			c.closed = fmt.Errorf("the server sent a message of %d bytes, over %d", len(b), c.limit)
			// A page may close only with 1000 or 3000-4999 (1009,
			// "too big", is the browser's own): close it normally.
			c.ws.Call("close", 1000)
		} else {
			c.queue = append(c.queue, b)
		}
		c.ping()
	})
	// The error event says nothing the close event that follows it does
	// not: the close event alone ends the connection.
	c.on("close", func(ev js.Value) {
		code, reason := ev.Get("code").Int(), ev.Get("reason").String()
		c.mu.Lock()
		if c.closed == nil {
			if code == 1000 {
				c.closed = errors.New("the server closed the connection")
			} else {
				c.closed = &closeError{code: code, reason: reason}
			}
		}
		c.release()
		c.ping()
		c.mu.Unlock()
	})
	for {
		select {
		case <-c.opened:
			return c, nil
		case <-c.ready:
			c.mu.Lock()
			why := c.closed
			c.mu.Unlock()
			if why != nil {
				return nil, fmt.Errorf("WebSocket %s: %w", clip(addr), why)
			}
		case <-ctx.Done():
			// A page busy for a while wakes up to both the deadline and the
			// open socket: the socket wins.
			select {
			case <-c.opened:
				return c, nil
			default:
			}
			c.CloseNow()
			return nil, ctx.Err()
		}
	}
}

// on sets the socket's handler of the named event.
func (c *jsConn) on(event string, f func(js.Value)) {
	fn := js.FuncOf(func(this js.Value, args []js.Value) any {
		f(args[0])
		return nil
	})
	c.funcs = append(c.funcs, fn)
	c.ws.Set("on"+event, fn)
}

// release unsets the handlers and frees them once the socket closed. The
// lock is held.
func (c *jsConn) release() {
	if c.gone {
		return
	}
	c.gone = true
	for _, e := range []string{"open", "message", "close"} {
		c.ws.Set("on"+e, js.Null())
	}
	for _, fn := range c.funcs {
		fn.Release()
	}
}

// ping tells a waiting Read that something changed, without blocking.
func (c *jsConn) ping() {
	select {
	case c.ready <- struct{}{}:
	default:
	}
}

// messageBytes returns a message's data: a string (a text message) or an
// ArrayBuffer (a binary one).
func messageBytes(data js.Value) []byte {
	if data.Type() == js.TypeString {
		return []byte(data.String())
	}
	u := js.Global().Get("Uint8Array").New(data)
	b := make([]byte, u.Get("length").Int())
	js.CopyBytesToGo(b, u)
	return b
}

// Read implements wsConn.
func (c *jsConn) Read(ctx context.Context) ([]byte, error) {
	for {
		c.mu.Lock()
		if len(c.queue) > 0 {
			b := c.queue[0]
			c.queue[0] = nil
			c.queue = c.queue[1:]
			c.mu.Unlock()
			return b, nil
		}
		why := c.closed
		c.mu.Unlock()
		if why != nil {
			return nil, why
		}
		select {
		case <-c.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Write implements wsConn: the browser queues the message and sends it
// in the background.
func (c *jsConn) Write(ctx context.Context, b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed != nil {
		return c.closed
	}
	if c.ws.Get("readyState").Int() != 1 { // OPEN
		return errors.New("the connection is not open")
	}
	c.ws.Call("send", string(b))
	return nil
}

// Close implements wsConn.
func (c *jsConn) Close() { c.CloseNow() }

// CloseNow implements wsConn: the page's WebSocket has no way to drop a
// connection without its closing handshake, so it closes it normally
// (1000) and Read reports it closed at once.
func (c *jsConn) CloseNow() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed == nil {
		c.closed = errors.New("the connection was closed")
		c.queue = nil
		c.ping()
	}
	if !c.gone {
		c.ws.Call("close", 1000)
	}
}

// request sends a plain HTTP request to the server (a JSON body when
// body is not nil) with the page's fetch and reads up to limit bytes of
// the answer.
func request(ctx context.Context, method, url string, body []byte, limit int64) (httpReply, error) {
	fetch := js.Global().Get("fetch")
	if fetch.IsUndefined() {
		return httpReply{}, errors.New("this browser has no fetch")
	}
	opts := js.Global().Get("Object").New()
	opts.Set("method", method)
	if body != nil {
		headers := js.Global().Get("Object").New()
		headers.Set("Content-Type", "application/json")
		opts.Set("headers", headers)
		opts.Set("body", string(body))
	}
	var abort js.Value
	if ac := js.Global().Get("AbortController"); !ac.IsUndefined() {
		abort = ac.New()
		opts.Set("signal", abort.Get("signal"))
	}
	resp, err := await(ctx, abort, fetch.Invoke(url, opts))
	if err != nil {
		return httpReply{}, fmt.Errorf("%s %s: %w", method, clip(url), err)
	}
	buf, err := await(ctx, abort, resp.Call("arrayBuffer"))
	if err != nil {
		return httpReply{}, fmt.Errorf("%s %s: reading the answer: %w", method, clip(url), err)
	}
	u := js.Global().Get("Uint8Array").New(buf)
	n := int64(u.Get("length").Int())
	if n > limit {
		return httpReply{}, fmt.Errorf("%s %s: the answer holds %d bytes, over %d", method, clip(url), n, limit)
	}
	b := make([]byte, n)
	js.CopyBytesToGo(b, u)
	status := resp.Get("status").Int()
	line := fmt.Sprint(status)
	if text := resp.Get("statusText").String(); text != "" {
		line += " " + text
	}
	return httpReply{status: status, statusLine: line, body: b}, nil
}

// await waits for promise p: its value, or its rejection as an error.
// When ctx ends first it aborts the request through abort (when the
// browser has AbortController).
func await(ctx context.Context, abort, p js.Value) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	ok := js.FuncOf(func(this js.Value, args []js.Value) any {
		done <- settled{v: args[0]}
		return nil
	})
	fail := js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "failed"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		done <- settled{err: errors.New(clip(msg))}
		return nil
	})
	p.Call("then", ok, fail)
	select {
	case s := <-done:
		ok.Release()
		fail.Release()
		return s.v, s.err
	case <-ctx.Done():
		if !abort.IsUndefined() {
			abort.Call("abort")
		}
		// The promise settles (rejected as aborted) soon after: free
		// the handlers then, never while the browser may still call
		// them.
		go func() {
			<-done
			ok.Release()
			fail.Release()
		}()
		return js.Undefined(), ctx.Err()
	}
}
