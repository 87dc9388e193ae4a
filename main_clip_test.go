//go:build !(js && wasm)

package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestClipboardCommand(t *testing.T) {
	tests := []struct {
		name    string
		goos    string
		wayland bool
		tools   string // the tools on the path, space-separated
		want    string // the command, "" for none
	}{
		{"macOS", "darwin", false, "pbpaste", "pbpaste"},
		{"Windows", "windows", false, "powershell", "powershell -NoProfile -Command Get-Clipboard"},
		{"X with xclip", "linux", false, "xclip xsel", "xclip -selection clipboard -o"},
		{"X with xsel", "linux", false, "xsel", "xsel --clipboard --output"},
		{"Wayland", "linux", true, "wl-paste xclip", "wl-paste --no-newline"},
		{"Wayland without wl-paste", "linux", true, "xclip", "xclip -selection clipboard -o"},
		{"wl-paste outside Wayland", "linux", false, "wl-paste", ""},
		{"no tool", "freebsd", false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			look := func(name string) (string, error) {
				if slices.Contains(strings.Fields(tt.tools), name) {
					return "/bin/" + name, nil
				}
				return "", errors.New("not found")
			}
			have := strings.Join(clipboardCommand(tt.goos, tt.wayland, look), " ")
			if have != tt.want {
				t.Errorf("have %q, want %q", have, tt.want)
			}
		})
	}
}

// TestToolClipboard: a paste is what the tool prints, read in the
// background and handed over once; a tool that fails pastes nothing.
func TestToolClipboard(t *testing.T) {
	c := &toolClipboard{cmd: []string{"sh", "-c", "printf 'http://a/?match=1\n'"}, got: make(chan string, 1)}
	if _, ok := c.Pasted(); ok {
		t.Fatal("pasted before any request")
	}
	c.Request()
	end := time.Now().Add(time.Minute) // a hang guard: generous for a loaded machine
	s, ok := c.Pasted()
	for !ok && time.Now().Before(end) {
		time.Sleep(10 * time.Millisecond)
		s, ok = c.Pasted()
	}
	if !ok || s != "http://a/?match=1\n" {
		t.Fatalf("pasted %q, %v; want the tool's text", s, ok)
	}
	if _, ok := c.Pasted(); ok {
		t.Error("one paste handed over twice")
	}
	bad := &toolClipboard{cmd: []string{"sh", "-c", "exit 1"}, got: make(chan string, 1)}
	bad.Request()
	time.Sleep(300 * time.Millisecond)
	if s, ok := bad.Pasted(); ok {
		t.Errorf("a failing tool pasted %q", s)
	}
}
