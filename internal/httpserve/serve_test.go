package httpserve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeAnswersThenStops: Serve says where it listens, answers there,
// and returns nil once its context ends; a taken address is an error.
func TestServeAnswersThenStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hello "+r.URL.Path) })
	go func() { done <- Serve(ctx, "127.0.0.1:0", h, pw, "at http://%s\n", nil) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "at http://")
	if !ok {
		t.Fatalf("banner %q", line)
	}
	resp, err := http.Get("http://" + addr + "/x")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "hello /x" {
		t.Errorf("answered %q, want %q", body, "hello /x")
	}
	if err := Serve(context.Background(), addr, h, io.Discard, "%s", nil); err == nil {
		t.Error("a second server on a taken address started")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop when its context ended")
	}
}
