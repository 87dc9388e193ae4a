//go:build js

package main

import (
	"errors"
	"sync"
	"syscall/js"

	"sightline/match"
	"sightline/scenes"
)

// shareFiles lets the player take saves and replays out of the browser
// and bring them in: Env.Export downloads one (the page's
// sightlineDownload), and a file picked or dropped on the page (the
// page calls window.sightlineImport(name, bytes)) is queued for
// Env.Imported, which the game polls each frame. The page refuses a file
// over the size limit before reading it (sightlineMaxBytes); the game
// checks it again and reads it as a file from a stranger, and tells the
// page's sightlineRefused why it refused one (Env.Refused), which shows it.
func shareFiles(env *scenes.Env) {
	var mu sync.Mutex
	var queue []scenes.Shared
	js.Global().Set("sightlineMaxBytes", match.MaxReplayBytes)
	js.Global().Set("sightlineImport", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[1].Type() != js.TypeObject {
			return "want a name and the file's bytes"
		}
		n := args[1].Get("length").Int()
		if n > match.MaxReplayBytes {
			return "more than the 16 MiB a replay or save may have"
		}
		data := make([]byte, n)
		js.CopyBytesToGo(data, args[1])
		mu.Lock()
		queue = append(queue[:0], scenes.Shared{Name: args[0].String(), Data: data}) // the newest only
		mu.Unlock()
		return nil
	}))
	env.Imported = func() (scenes.Shared, bool) {
		mu.Lock()
		defer mu.Unlock()
		if len(queue) == 0 {
			return scenes.Shared{}, false
		}
		f := queue[0]
		queue = queue[:0]
		return f, true
	}
	env.Refused = func(msg string) {
		if f := js.Global().Get("sightlineRefused"); f.Type() == js.TypeFunction {
			f.Invoke(msg)
		}
	}
	env.Export = func(name string, data []byte) error {
		dl := js.Global().Get("sightlineDownload")
		if dl.Type() != js.TypeFunction {
			return errors.New("this page cannot download files")
		}
		dl.Invoke(name, string(data))
		return nil
	}
}
