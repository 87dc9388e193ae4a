// Package cpustat reads the CPU time the process has used, for the
// frame-rate reports of the game (-fps-report) and of its reference
// program (internal/fpsref): CPU seconds a frame stay comparable when
// other processes share the machine, where frames a second do not.
package cpustat

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Used returns the CPU time the process has used, all its threads (the
// software renderer's among them), from /proc/self/stat, or false where
// there is no such file.
func Used() (time.Duration, bool) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	// Fields 14 and 15 of the file (utime, stime), in clock ticks of
	// 1/100 s on Linux.
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+k) * 10 * time.Millisecond, true
}

// PerFrame describes the CPU time used since cpu0 over frames frames
// (", CPU 42.0 ms a frame"), or is empty without Used.
func PerFrame(cpu0 time.Duration, frames int) string {
	c, ok := Used()
	if !ok || frames == 0 {
		return ""
	}
	return fmt.Sprintf(", CPU %.1f ms a frame", float64(c-cpu0)/float64(time.Millisecond)/float64(frames))
}
