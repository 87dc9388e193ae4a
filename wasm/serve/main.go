// Command serve is a tiny static file server for the browser build of
// Sightline: it serves the wasm/ folder (index.html, wasm_exec.js and
// sightline.wasm) with the application/wasm MIME type that
// WebAssembly.instantiateStreaming needs, sending sightline.wasm.br or
// sightline.wasm.gz (which `make wasm` writes) to a browser that accepts
// brotli or gzip (package sightline/wasm/webserve).
//
// Usage:
//
//	go run ./wasm/serve -addr 127.0.0.1:8080 -dir wasm
//
// It listens on the loopback interface only, unless -public is given.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"

	"sightline/internal/httpserve"
	"sightline/wasm/webserve"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// run parses args, checks the address and serves until the listener fails.
func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "host:port to listen on")
	dir := fs.String("dir", "wasm", "folder to serve")
	public := fs.Bool("public", false, "allow a non-loopback -addr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkAddr(*addr, *public); err != nil {
		return err
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		return fmt.Errorf("-dir %q is not a folder", *dir)
	}
	return httpserve.Serve(context.Background(), *addr, logRequests(noCache(webserve.Handler(*dir))), stdout, "Sightline on http://%s/\n", nil)
}

// checkAddr refuses a listen address whose host is not a loopback IP or
// "localhost", unless public is set.
func checkAddr(addr string, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %w", addr, err)
	}
	if public || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return errors.New("-addr " + addr + " is not a loopback address; add -public to serve it anyway")
}

// noCache asks browsers to revalidate every file, so a rebuilt
// sightline.wasm is picked up on reload.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// logRequests logs one line per request.
func logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Printf("%s %s", r.Method, r.URL.Path)
		h.ServeHTTP(w, r)
	})
}
