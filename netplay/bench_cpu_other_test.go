//go:build !unix && !js

package netplay_test

import "time"

// processCPU cannot tell the CPU time used on this system.
func processCPU() (time.Duration, bool) { return 0, false }
