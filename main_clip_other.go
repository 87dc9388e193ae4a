//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"time"

	"sightline/systems"
)

// pasteTimeout bounds how long a clipboard tool may take to answer.
const pasteTimeout = 2 * time.Second

// maxPaste bounds the text a paste brings in.
const maxPaste = 4096

// clipboardCommand returns the command that prints the clipboard's text
// on goos: pbpaste on macOS, PowerShell's Get-Clipboard on Windows,
// elsewhere wl-paste (under Wayland), xclip or xsel, the first that look
// finds; nil when there is none. Ebitengine has no clipboard and the
// game takes no module for one: a desktop without these tools pastes
// nothing (-join LINK still opens a link).
func clipboardCommand(goos string, wayland bool, look func(string) (string, error)) []string {
	var tries [][]string
	switch goos {
	case "darwin":
		tries = [][]string{{"pbpaste"}}
	case "windows":
		tries = [][]string{{"powershell", "-NoProfile", "-Command", "Get-Clipboard"}}
	default:
		if wayland {
			tries = append(tries, []string{"wl-paste", "--no-newline"})
		}
		tries = append(tries, []string{"xclip", "-selection", "clipboard", "-o"}, []string{"xsel", "--clipboard", "--output"})
	}
	for _, c := range tries {
		if _, err := look(c[0]); err == nil {
			return c
		}
	}
	return nil
}

// toolClipboard pastes what a clipboard tool prints, read in the
// background on Ctrl+V.
type toolClipboard struct {
	cmd []string
	got chan string
}

// newClipboard returns the desktop's clipboard, or nil when no tool
// reads it.
func newClipboard() systems.Clipboard {
	cmd := clipboardCommand(runtime.GOOS, os.Getenv("WAYLAND_DISPLAY") != "", exec.LookPath)
	if cmd == nil {
		return nil
	}
	return &toolClipboard{cmd: cmd, got: make(chan string, 1)}
}

// Request runs the tool in the background; its text comes through
// Pasted. A failure is said on the standard error and pastes nothing.
func (c *toolClipboard) Request() {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), pasteTimeout)
		defer cancel()
		out, err := exec.CommandContext(ctx, c.cmd[0], c.cmd[1:]...).Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "sightline: paste: %s: %v\n", c.cmd[0], err)
			return
		}
		select {
		case c.got <- string(out[:min(len(out), maxPaste)]):
		default: // a paste not yet taken: this one is dropped
		}
	}()
}

// Pasted returns the text the tool last printed, once.
func (c *toolClipboard) Pasted() (string, bool) {
	select {
	case s := <-c.got:
		return s, true
	default:
		return "", false
	}
}
