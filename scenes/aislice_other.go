//go:build !js

package scenes

import "time"

// On the desktop each frame gives the computer slices of aiSlice tiles
// while its thinking in the frame is under thinkBudget (Battle.think): a
// few milliseconds, so a frame never waits for a whole decision.
const (
	aiSlice     = 32
	thinkBudget = 8 * time.Millisecond
)
