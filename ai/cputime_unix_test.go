//go:build unix

package ai

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time the test process has used, user and
// system: what a re-play costs, whatever else the machine runs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
