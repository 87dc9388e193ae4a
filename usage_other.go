//go:build !linux || android || !cgo

package main

// gameUsage is empty where display_linux.go is not built (the browser,
// other systems, builds without cgo): the flag package's own listing of
// the flags stands in for the usage text.
func gameUsage() string { return "" }
