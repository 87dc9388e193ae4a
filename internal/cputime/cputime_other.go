//go:build !unix

package cputime

import "time"

// start is when the process began, near enough: without getrusage,
// Process falls back to the wall clock.
var start = time.Now()

// Process returns the time since the process began: the processor time is
// not to be had on this system.
func Process() time.Duration { return time.Since(start) }
