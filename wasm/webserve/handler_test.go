package webserve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// site writes a folder holding sightline.wasm and its .br and .gz copies
// (their bytes stand in for compressed ones: only which file is sent
// matters) and plain.wasm with no copies.
func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"sightline.wasm":    "raw module bytes, the longest of the three",
		"sightline.wasm.br": "brotli bytes",
		"sightline.wasm.gz": "gzip bytes, a few more",
		"plain.wasm":        "a module with no compressed copies",
		"only-gz.wasm":      "a module with a gzip copy only",
		"only-gz.wasm.gz":   "its gzip copy",
		"index.html":        "<!DOCTYPE html><title>t</title>",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestHandler(t *testing.T) {
	dir := site(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	tests := []struct {
		name, path, accept string
		method             string
		wantFile, wantEnc  string // the file whose bytes are sent; Content-Encoding
		wantType, wantVary string
	}{
		{"br and gzip", "/sightline.wasm", "gzip, deflate, br, zstd", "GET", "sightline.wasm.br", "br", "application/wasm", "Accept-Encoding"},
		{"br only", "/sightline.wasm", "br", "GET", "sightline.wasm.br", "br", "application/wasm", "Accept-Encoding"},
		{"gzip only", "/sightline.wasm", "gzip", "GET", "sightline.wasm.gz", "gzip", "application/wasm", "Accept-Encoding"},
		{"br refused", "/sightline.wasm", "br;q=0, gzip;q=0.8", "GET", "sightline.wasm.gz", "gzip", "application/wasm", "Accept-Encoding"},
		{"case and spaces", "/sightline.wasm", " GZip ; q=1 ", "GET", "sightline.wasm.gz", "gzip", "application/wasm", "Accept-Encoding"},
		{"star", "/sightline.wasm", "*", "GET", "sightline.wasm.br", "br", "application/wasm", "Accept-Encoding"},
		{"star but not br", "/sightline.wasm", "br;q=0, *", "GET", "sightline.wasm.gz", "gzip", "application/wasm", "Accept-Encoding"},
		{"none", "/sightline.wasm", "", "GET", "sightline.wasm", "", "application/wasm", "Accept-Encoding"},
		{"identity", "/sightline.wasm", "identity", "GET", "sightline.wasm", "", "application/wasm", "Accept-Encoding"},
		{"deflate only", "/sightline.wasm", "deflate", "GET", "sightline.wasm", "", "application/wasm", "Accept-Encoding"},
		{"gzip refused", "/sightline.wasm", "gzip;q=0", "GET", "sightline.wasm", "", "application/wasm", "Accept-Encoding"},
		{"bad q", "/sightline.wasm", "br;q=x, gzip", "GET", "sightline.wasm.gz", "gzip", "application/wasm", "Accept-Encoding"},
		{"HEAD br", "/sightline.wasm", "br", "HEAD", "sightline.wasm.br", "br", "application/wasm", "Accept-Encoding"},
		{"no copies", "/plain.wasm", "br, gzip", "GET", "plain.wasm", "", "application/wasm", ""},
		{"gzip copy only, br asked", "/only-gz.wasm", "br", "GET", "only-gz.wasm", "", "application/wasm", "Accept-Encoding"},
		{"gzip copy only", "/only-gz.wasm", "br, gzip", "GET", "only-gz.wasm.gz", "gzip", "application/wasm", "Accept-Encoding"},
		{"html", "/", "br, gzip", "GET", "index.html", "", "text/html; charset=utf-8", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Set explicitly (even to ""): otherwise the transport asks for
			// gzip itself and undoes it.
			req.Header["Accept-Encoding"] = []string{tt.accept}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, tt.wantFile))
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d, want 200", resp.StatusCode)
			}
			if tt.method == "GET" && string(body) != string(want) {
				t.Errorf("body %q, want %s's %q", body, tt.wantFile, want)
			}
			if tt.method == "HEAD" && len(body) != 0 {
				t.Errorf("HEAD sent a body of %d bytes", len(body))
			}
			h := resp.Header
			if got := h.Get("Content-Encoding"); got != tt.wantEnc {
				t.Errorf("Content-Encoding %q, want %q", got, tt.wantEnc)
			}
			if got := h.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type %q, want %q", got, tt.wantType)
			}
			if got := h.Get("Vary"); got != tt.wantVary {
				t.Errorf("Vary %q, want %q", got, tt.wantVary)
			}
			if got, want := h.Get("Content-Length"), strconv.Itoa(len(want)); got != want {
				t.Errorf("Content-Length %s, want %s (%s)", got, want, tt.wantFile)
			}
			if tt.path != "/" {
				raw, err := os.Stat(filepath.Join(dir, tt.path))
				if err != nil {
					t.Fatal(err)
				}
				if got, want := h.Get(UncompressedLengthHeader), strconv.FormatInt(raw.Size(), 10); got != want {
					t.Errorf("%s %q, want %q", UncompressedLengthHeader, got, want)
				}
			}
		})
	}
}

// TestHandlerNotModified checks that a compressed answer still honours
// If-Modified-Since, so a reload revalidates instead of downloading.
func TestHandlerNotModified(t *testing.T) {
	srv := httptest.NewServer(Handler(site(t)))
	defer srv.Close()
	get := func(since string) *http.Response {
		req, err := http.NewRequest("GET", srv.URL+"/sightline.wasm", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", "br")
		if since != "" {
			req.Header.Set("If-Modified-Since", since)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	first := get("")
	lm := first.Header.Get("Last-Modified")
	if lm == "" {
		t.Fatal("no Last-Modified on the compressed answer")
	}
	if resp := get(lm); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since %s: status %d, want 304", lm, resp.StatusCode)
	}
}

func TestAccepts(t *testing.T) {
	tests := []struct {
		header, token string
		want          bool
	}{
		{"br", "br", true},
		{"gzip, br", "br", true},
		{"gzip", "br", false},
		{"br;q=0", "br", false},
		{"br;q=0.0", "br", false},
		{"br;q=0.001", "br", true},
		{"*;q=0, br", "br", true},
		{"*", "gzip", true},
		{"*;q=0", "gzip", false},
		{"", "gzip", false},
		{"gzip;level=1", "gzip", true},
	}
	for _, tt := range tests {
		if got := accepts(tt.header, tt.token); got != tt.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", tt.header, tt.token, got, tt.want)
		}
	}
}
