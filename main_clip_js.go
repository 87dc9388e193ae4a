//go:build js && wasm

package main

import (
	"sync"
	"syscall/js"

	"sightline/systems"
)

// pageClipboard is the page's clipboard: what the page's paste events
// carry (the browser's Edit > Paste, a paste while the page but not the
// game has the focus) and, on Ctrl+V in the game, what the Clipboard
// API reads. Ebitengine cancels the default of the key presses it takes,
// so Ctrl+V on the game fires no paste event of its own.
type pageClipboard struct {
	mu     sync.Mutex
	pasted []string
}

// newClipboard listens for the page's paste events.
func newClipboard() systems.Clipboard {
	c := &pageClipboard{}
	js.Global().Get("document").Call("addEventListener", "paste", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if tag := e.Get("target").Get("tagName"); tag.Type() == js.TypeString && (tag.String() == "INPUT" || tag.String() == "TEXTAREA") {
			return nil // the page's own fields keep their pastes
		}
		if d := e.Get("clipboardData"); d.Truthy() {
			c.add(d.Call("getData", "text").String())
		}
		return nil
	}))
	return c
}

// add keeps s for Pasted.
func (c *pageClipboard) add(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pasted = append(c.pasted, s)
}

// Request reads the clipboard through navigator.clipboard.readText,
// where the browser has it; the browser may ask the player first, and a
// refusal pastes nothing.
func (c *pageClipboard) Request() {
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() || cb.Get("readText").Type() != js.TypeFunction {
		return
	}
	var done, failed js.Func
	release := func() { done.Release(); failed.Release() }
	done = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 && args[0].Type() == js.TypeString {
			c.add(args[0].String())
		}
		release()
		return nil
	})
	failed = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		return nil
	})
	cb.Call("readText").Call("then", done, failed)
}

// Pasted returns the text pasted since the last call.
func (c *pageClipboard) Pasted() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pasted) == 0 {
		return "", false
	}
	s := c.pasted[0]
	c.pasted = c.pasted[1:]
	return s, true
}
