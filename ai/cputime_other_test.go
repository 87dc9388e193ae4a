//go:build !unix

package ai

import "time"

// start is when the test binary began: without getrusage, cpuTime falls
// back to the wall clock.
var start = time.Now()

// cpuTime returns the time since the test binary began: the processor
// time is not to be had here.
func cpuTime() time.Duration { return time.Since(start) }
