//go:build !js

package netplay

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The HTTP API answers a page of the server's own host or of a listed
// host pattern with its origin in Access-Control-Allow-Origin, and its
// preflight with the methods and the header the API takes; another
// origin gets no such header, and its preflight is refused.
func TestServerAnswersAllowedOriginsOnly(t *testing.T) {
	srv := NewServer(NewHost(NewMemoryStore()))
	srv.Origins = []string{"*.example.org", "127.0.0.1:8080"}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	for _, tc := range []struct {
		name, method, path, origin, body string
		preflight                        bool // Access-Control-Request-Method: POST
		status                           int
		allowed                          bool // the answer names the origin
	}{
		{"no Origin", "GET", "/matches?seat=nope", "", "", false, http.StatusOK, false},
		{"the server's own page", "GET", "/matches?seat=nope", ts.URL, "", false, http.StatusOK, true},
		{"a listed host", "GET", "/matches?seat=nope", "https://play.example.org", "", false, http.StatusOK, true},
		{"a listed host and port", "GET", "/matches?seat=nope", "http://127.0.0.1:8080", "", false, http.StatusOK, true},
		{"another port", "GET", "/matches?seat=nope", "http://127.0.0.1:8081", "", false, http.StatusOK, false},
		{"another host", "GET", "/matches?seat=nope", "https://evil.example", "", false, http.StatusOK, false},
		{"a host ending like a listed one", "GET", "/matches?seat=nope", "https://evilexample.org", "", false, http.StatusOK, false},
		{"a sandboxed page", "GET", "/matches?seat=nope", "null", "", false, http.StatusOK, false},
		{"a listed host makes a match", "POST", "/matches", "https://play.example.org", `{"level":"crossroads"}`, false, http.StatusCreated, true},
		{"a listed host's preflight", "OPTIONS", "/matches", "https://play.example.org", "", true, http.StatusNoContent, true},
		{"another host's preflight", "OPTIONS", "/matches", "https://evil.example", "", true, http.StatusMethodNotAllowed, false},
		{"an OPTIONS that is no preflight", "OPTIONS", "/matches", "https://play.example.org", "", false, http.StatusMethodNotAllowed, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			if tc.preflight {
				req.Header.Set("Access-Control-Request-Method", "POST")
				req.Header.Set("Access-Control-Request-Headers", "content-type")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			h := resp.Header
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			want := ""
			if tc.allowed {
				want = tc.origin
			}
			if have := h.Get("Access-Control-Allow-Origin"); have != want {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", have, want)
			}
			if h.Get("Access-Control-Allow-Credentials") != "" {
				t.Errorf("Access-Control-Allow-Credentials %q, want none", h.Get("Access-Control-Allow-Credentials"))
			}
			if vary := h.Values("Vary"); (tc.origin != "") != (len(vary) == 1 && vary[0] == "Origin") {
				t.Errorf("Vary %q with Origin %q", vary, tc.origin)
			}
			preflightOK := tc.preflight && tc.allowed
			if methods := h.Get("Access-Control-Allow-Methods"); preflightOK != (methods == "GET, POST") {
				t.Errorf("Access-Control-Allow-Methods %q", methods)
			}
			if headers := h.Get("Access-Control-Allow-Headers"); preflightOK != (headers == "Content-Type") {
				t.Errorf("Access-Control-Allow-Headers %q", headers)
			}
		})
	}
}
