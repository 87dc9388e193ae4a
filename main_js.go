//go:build js

package main

import "syscall/js"

// publishScene sets window.sightlineScene to the scene's name so the page
// and browser smoke tests can see where the game is.
func publishScene(name string) { js.Global().Set("sightlineScene", name) }
