package scenes

import (
	"testing"
	"time"
)

// The meter sums a frame's Updates, and its 95th percentile is read to
// the bucket.
func TestThinkMeter(t *testing.T) {
	var m thinkMeter
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	for i := range 40 {
		m.step(ms(1))
		m.endUpdate(1)
		if i == 39 {
			m.step(ms(20)) // the 40th frame has two Updates, 21 ms in all
			m.endUpdate(1)
		}
		m.endUpdate(0) // an Update that did not think
		m.endFrame()
		m.endFrame() // a frame that did not think
	}
	want := ThinkStats{Frames: 40, Updates: 41, Steps: 41, Total: ms(60), MaxFrame: ms(21), P95Frame: ms(1.1), MaxUpdate: ms(20), MaxStep: ms(20)}
	if st := m.Stats(); st != want {
		t.Errorf("have %+v\nwant %+v", st, want)
	}
	m = thinkMeter{}
	for _, d := range []time.Duration{ms(500), ms(400)} {
		m.step(d)
		m.endUpdate(1)
		m.endFrame()
	}
	if st := m.Stats(); st.P95Frame != ms(500) || st.MaxFrame != ms(500) {
		t.Errorf("past the histogram: p95 %v, max %v, want 500ms", st.P95Frame, st.MaxFrame)
	}
}
