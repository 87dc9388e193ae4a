package scenes

import (
	"time"

	"sightline/ai"
)

// ThinkStats are figures of the computer's thinking in a battle: the time
// the match's steps take while a computer is to move (its answer and,
// when it decides, its command applied), summed per frame (the Updates
// between two Draws) and per Update. Only frames and Updates in which it
// thought count.
type ThinkStats struct {
	// Frames and Updates count the frames and Updates it thought in.
	Frames, Updates int
	// Steps counts the answers asked of it, Decisions the commands it
	// gave.
	Steps, Decisions int
	// Total is all its thinking.
	Total time.Duration
	// MaxFrame and P95Frame are the most and the 95th percentile of its
	// thinking in one frame (P95Frame rounded up to thinkBucket).
	MaxFrame, P95Frame time.Duration
	// MaxUpdate is the most in one Update, MaxStep in one step (one
	// answer, with its command applied when it gives one).
	MaxUpdate, MaxStep time.Duration
}

// thinkBucket is the width of the per-frame histogram's buckets, and
// thinkBuckets their number; the last bucket holds every longer frame.
const (
	thinkBucket  = 100 * time.Microsecond
	thinkBuckets = 1000
)

// thinkMeter times the computer's thinking in a battle. The scenes own
// the clock: rules, match and ai never read one. A frame's thinking is
// kept in a histogram, so the meter's size does not grow with the game.
type thinkMeter struct {
	now        func() time.Time // the clock (time.Now; a test's fake)
	frame      time.Duration    // thinking in the frame under way
	frameSteps int              // answers asked for in the frame under way
	update     time.Duration    // thinking in the Update under way
	stats      ThinkStats
	hist       [thinkBuckets]int32
}

// clock returns the meter's clock.
func (t *thinkMeter) clock() time.Time {
	if t.now == nil {
		return time.Now()
	}
	return t.now()
}

// step records one answer asked for, which took d.
func (t *thinkMeter) step(d time.Duration) {
	t.stats.Steps++
	t.stats.Total += d
	t.stats.MaxStep = max(t.stats.MaxStep, d)
	t.frame += d
	t.frameSteps++
	t.update += d
}

// endUpdate closes the Update under way, if it asked for an answer.
func (t *thinkMeter) endUpdate(steps int) {
	if steps > 0 {
		t.stats.Updates++
		t.stats.MaxUpdate = max(t.stats.MaxUpdate, t.update)
	}
	t.update = 0
}

// endFrame closes the frame under way (Draw calls it).
func (t *thinkMeter) endFrame() {
	if t.frameSteps > 0 {
		t.stats.Frames++
		t.stats.MaxFrame = max(t.stats.MaxFrame, t.frame)
		t.hist[min(int(t.frame/thinkBucket), thinkBuckets-1)]++
	}
	t.frame, t.frameSteps = 0, 0
}

// Stats returns the figures so far, of the frames already drawn.
func (t *thinkMeter) Stats() ThinkStats {
	s := t.stats
	if s.Frames == 0 {
		return s
	}
	// The upper edge of the bucket that holds the frame at 95%; the last
	// bucket's frames are known only by the longest.
	need, seen := (95*s.Frames+99)/100, 0
	for i, n := range t.hist {
		if seen += int(n); seen >= need {
			s.P95Frame = time.Duration(i+1) * thinkBucket
			if i == thinkBuckets-1 {
				s.P95Frame = s.MaxFrame
			}
			break
		}
	}
	s.P95Frame = min(s.P95Frame, s.MaxFrame)
	return s
}

// ThinkStats returns the figures of the computer's thinking in this
// battle so far.
func (b *Battle) ThinkStats() ThinkStats { return b.meter.Stats() }

// computerToMove returns the computer that plays the side to move, if
// one does.
func (b *Battle) computerToMove() (*ai.Computer, bool) {
	c, ok := b.m.Controller(b.state.Side).(*ai.Computer)
	return c, ok
}

// think asks the computer to move for its next answer, timed.
func (b *Battle) think() {
	t0 := b.meter.clock()
	if b.step() {
		b.meter.stats.Decisions++
	}
	b.meter.step(b.meter.clock().Sub(t0))
	b.meter.endUpdate(1)
}
