//go:build !js

package main

// publishScene does nothing outside the browser.
func publishScene(string) {}
