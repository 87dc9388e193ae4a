package scenes

import "time"

// In the browser the computer's thinking shares the page's one thread
// with the drawing. Each frame gives it slices of aiSlice tiles while its
// thinking in the frame is under thinkBudget (Battle.think), which keeps
// a frame's thinking well under 33 ms (docs/PERFORMANCE.md).
const (
	aiSlice     = 8
	thinkBudget = 8 * time.Millisecond
)
