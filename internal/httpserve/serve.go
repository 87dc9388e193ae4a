package httpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"time"
)

// readHeaderTimeout bounds how long a client may take to send a request's
// header.
const readHeaderTimeout = 10 * time.Second

// shutdownTimeout bounds how long a stopping server waits for the
// requests in flight.
const shutdownTimeout = 5 * time.Second

// Serve listens on addr, writes banner (a format with one %s, the address
// listened on) to w once connections are accepted, and serves h until ctx
// ends, when it shuts down and waits up to five seconds for the requests
// in flight, or until the server fails. errLog receives the server's own
// errors (nil: the log package's standard logger).
func Serve(ctx context.Context, addr string, h http.Handler, w io.Writer, banner string, errLog *log.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout, ErrorLog: errLog}
	fmt.Fprintf(w, banner, ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}
