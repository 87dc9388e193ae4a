//go:build !js

package netplay

import (
	"net/http"
	"net/url"
	"path"
	"strings"
)

// corsMaxAge is how long, in seconds, a browser may keep a preflight's
// answer.
const corsMaxAge = "600"

// cors lets the pages that may play (the server's own host and Origins)
// use the HTTP API from another origin too: the browser build served
// from one host making and listing matches on a server at another. The
// answer to such a page's request names its origin in
// Access-Control-Allow-Origin, and a preflight (OPTIONS with
// Access-Control-Request-Method) is answered 204 with the methods and
// the one header the API takes. Any other origin gets no such header, so
// its page cannot read the answers; its preflight falls through to the
// routes, which answer 405. No credentials are allowed: the API keys
// are the tokens in each request, never cookies.
func (s *Server) cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Add("Vary", "Origin")
		if !s.allowsOrigin(r, origin) {
			next.ServeHTTP(w, r)
			return
		}
		h.Set("Access-Control-Allow-Origin", origin)
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "GET, POST")
			h.Set("Access-Control-Allow-Headers", "Content-Type")
			h.Set("Access-Control-Max-Age", corsMaxAge)
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// allowsOrigin reports whether a page of origin may use the server: one
// served from the host the request was sent to, or from a host matching
// one of Origins' patterns (as the WebSocket's Origin check matches
// them: path.Match, ignoring case).
func (s *Server) allowsOrigin(r *http.Request, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	host := strings.ToLower(u.Host)
	for _, p := range s.Origins {
		if ok, err := path.Match(strings.ToLower(p), host); err == nil && ok {
			return true
		}
	}
	return false
}
