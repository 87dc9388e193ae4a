package webserve

import (
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// UncompressedLengthHeader names the header holding the size of the
// uncompressed file, for the page's progress bar.
const UncompressedLengthHeader = "X-Uncompressed-Length"

// encoding is a precompressed copy: its Content-Encoding token and the
// suffix of its file.
type encoding struct{ token, suffix string }

// encodings are the precompressed copies looked for, best first.
func encodings() [2]encoding { return [2]encoding{{"br", ".br"}, {"gzip", ".gz"}} }

// Handler serves the files of dir like http.FileServer, except that a
// GET or HEAD of NAME whose Accept-Encoding allows br (or gzip) is
// answered with NAME.br (or NAME.gz) when that file exists. .wasm files
// are sent as application/wasm.
func Handler(dir string) http.Handler {
	return &handler{root: http.Dir(dir), files: http.FileServer(http.Dir(dir))}
}

type handler struct {
	root  http.FileSystem
	files http.Handler
}

// ServeHTTP picks the copy to send and sets the headers that go with it.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("/" + r.URL.Path)
	if ct := contentType(name); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.files.ServeHTTP(w, r)
		return
	}
	size, ok := h.fileSize(name)
	if !ok {
		h.files.ServeHTTP(w, r)
		return
	}
	w.Header().Set(UncompressedLengthHeader, strconv.FormatInt(size, 10))
	var have []encoding
	for _, enc := range encodings() {
		if _, ok := h.fileSize(name + enc.suffix); ok {
			have = append(have, enc)
		}
	}
	if len(have) > 0 {
		// The answer depends on Accept-Encoding, even when it is raw.
		w.Header().Add("Vary", "Accept-Encoding")
	}
	for _, enc := range have {
		if accepts(r.Header.Get("Accept-Encoding"), enc.token) && h.serveEncoded(w, r, name+enc.suffix, enc.token) {
			return
		}
	}
	h.files.ServeHTTP(w, r)
}

// serveEncoded sends the file name as the body of the original with
// Content-Encoding token. It reports false, having written nothing, if
// the file cannot be opened.
func (h *handler) serveEncoded(w http.ResponseWriter, r *http.Request, name, token string) bool {
	f, err := h.root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		return false
	}
	hd := w.Header()
	hd.Set("Content-Encoding", token)
	// http.ServeContent leaves Content-Length unset once an encoding is
	// set; a range of the compressed bytes is no use, so Range is dropped.
	hd.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	r2 := r.Clone(r.Context())
	r2.Header.Del("Range")
	http.ServeContent(w, r2, "", st.ModTime(), f)
	return true
}

// fileSize returns the size of the regular file name under the root.
func (h *handler) fileSize(name string) (int64, bool) {
	f, err := h.root.Open(name)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	return st.Size(), true
}

// contentType is the type of the file name by its extension ("" when
// unknown); .wasm is application/wasm whatever the system's MIME tables
// say, as WebAssembly.instantiateStreaming needs.
func contentType(name string) string {
	ext := path.Ext(name)
	if ext == ".wasm" {
		return "application/wasm"
	}
	if ext == "" {
		return ""
	}
	return mime.TypeByExtension(ext)
}

// accepts reports whether the Accept-Encoding value header allows the
// content coding token: named (or matched by "*") with a q-value above 0.
func accepts(header, token string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != token && name != "*" {
			continue
		}
		ok := qPositive(params)
		if name == token {
			return ok
		}
		star = ok
	}
	return star
}

// qPositive reports whether the parameters of a coding (after its ";")
// leave its q-value above 0; a q that does not parse counts as 0.
func qPositive(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return err == nil && q > 0
	}
	return true
}
