// Package runtool runs the project's own binaries from tests: with a
// deadline, a chosen environment and input, returning what they printed
// and their exit status. The game's and the headless command's tests
// share it.
package runtool
