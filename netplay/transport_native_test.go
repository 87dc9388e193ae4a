//go:build !js

package netplay

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The native transport reads a message, then tells how the server closed
// the connection: a status other than a normal closure as a
// *closeError with its code and reason.
func TestNativeConnReadsTheClose(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status websocket.StatusCode
		reason string
		want   *closeError // nil: any error but a *closeError
	}{
		{"policy violation", websocket.StatusPolicyViolation, "refused token", &closeError{code: statusPolicyViolation, reason: "refused token"}},
		{"try again later", websocket.StatusTryAgainLater, "too far behind", &closeError{code: 1013, reason: "too far behind"}},
		{"normal closure", websocket.StatusNormalClosure, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				c, err := websocket.Accept(w, r, nil)
				if err != nil {
					return
				}
				ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
				defer cancel()
				c.Write(ctx, websocket.MessageText, []byte(`{"v":2}`))
				c.Close(tc.status, tc.reason)
			}))
			defer srv.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			conn, err := dialWS(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), MaxServerMessage)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.CloseNow()
			if b, err := conn.Read(ctx); err != nil || string(b) != `{"v":2}` {
				t.Fatalf("first read: %q, %v; want the message", b, err)
			}
			_, err = conn.Read(ctx)
			var have *closeError
			switch {
			case err == nil:
				t.Fatal("read after the close: no error")
			case tc.want == nil && errors.As(err, &have):
				t.Errorf("read after the close: %v, want no closeError", err)
			case tc.want != nil && (!errors.As(err, &have) || *have != *tc.want):
				t.Errorf("read after the close: %v, want %+v", err, *tc.want)
			}
		})
	}
}
