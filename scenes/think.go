package scenes

import (
	"errors"
	"time"

	"sightline/ai"
	"sightline/match"
	"sightline/rules"
)

// ThinkStats are figures of the computer's thinking in a battle: the time
// its answers take (ai.Computer.Next), summed per frame (the Updates
// between two Draws) and per Update, and apart from them the time of
// its answers with its commands applied. Only the frames and Updates in
// which it was asked count.
type ThinkStats struct {
	// Frames and Updates count the frames and Updates it was asked in.
	Frames, Updates int
	// Answers counts its answers, Decisions the commands among them.
	Answers, Decisions int
	// Total is all its thinking.
	Total time.Duration
	// MaxFrame and P95Frame are the most and the 95th percentile of its
	// thinking in one frame (P95Frame rounded up to thinkBucket).
	MaxFrame, P95Frame time.Duration
	// MaxUpdate is the most in one Update, MaxAnswer in one answer.
	MaxUpdate, MaxAnswer time.Duration
	// MaxFrameStep is the most in one frame of the match's steps taken
	// for it: its answers, and the rules applying its command as they
	// apply a player's.
	MaxFrameStep time.Duration
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
	frame      time.Duration    // the steps of the frame under way
	frameThink time.Duration    // the answers of the frame under way
	frameSteps int              // steps taken in the frame under way
	update     time.Duration    // the answers of the Update under way
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

// answer records one answer of the computer, which took d.
func (t *thinkMeter) answer(d time.Duration) {
	t.stats.Answers++
	t.stats.Total += d
	t.stats.MaxAnswer = max(t.stats.MaxAnswer, d)
	t.frameThink += d
	t.update += d
}

// step records one step of the match taken for the computer (its answer,
// and its command applied), which took d.
func (t *thinkMeter) step(d time.Duration) {
	t.frame += d
	t.frameSteps++
}

// endUpdate closes the Update under way, which took steps steps.
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
		t.stats.MaxFrame = max(t.stats.MaxFrame, t.frameThink)
		t.stats.MaxFrameStep = max(t.stats.MaxFrameStep, t.frame)
		t.hist[min(int(t.frameThink/thinkBucket), thinkBuckets-1)]++
	}
	t.frame, t.frameThink, t.frameSteps = 0, 0, 0
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

// timedComputer is the computer with its answers timed by a battle's
// meter.
type timedComputer struct {
	*ai.Computer
	meter *thinkMeter
}

// Next implements match.Controller.
func (c timedComputer) Next(v *match.View) rules.Command {
	t0 := c.meter.clock()
	cmd := c.Computer.Next(v)
	c.meter.answer(c.meter.clock().Sub(t0))
	return cmd
}

// ThinkStats returns the figures of the computer's thinking in this
// battle so far.
func (b *Battle) ThinkStats() ThinkStats { return b.turns.meter.Stats() }

// thinker is a controller that thinks across answers: the computer
// (ai.Computer), an interface so tests can time or script its answers.
type thinker interface {
	match.Controller
	// Thinking reports whether the last answer was nil because a
	// decision is under way.
	Thinking() bool
	// Scoring reports whether the next answer is only a slice of tiles.
	Scoring() bool
	// Why is the account of the last decision.
	Why() *ai.Why
}

// computerToMove returns the controller of the side to move when it
// thinks across answers (the computer).
func (t *turnDriver) computerToMove() (thinker, bool) {
	c, ok := t.m.Controller(t.state.Side).(thinker)
	return c, ok
}

// think has the match ask c, the computer to move, for its answers in
// this Update: the first of a frame whatever it is, then more while it
// is only scoring tiles (Scoring, a slice of aiSlice tiles) and the
// frame's steps took less than thinkBudget. Starting a unit's decision
// and concluding it (the command applied) take longest, so they only
// ever open a frame; slices fill it up to the budget. The decisions do
// not depend on the slicing, so neither do they on the clock. A frame
// ends at Draw: a battle never drawn (a test driving Update alone) gets
// no answer but slices after its first.
func (d *turnDriver) think(c thinker) {
	t, steps := &d.meter, 0
	for t.frameSteps == 0 || c.Scoring() && t.frame < thinkBudget {
		t0 := t.clock()
		if d.steps.step() {
			t.stats.Decisions++
		}
		t.step(t.clock().Sub(t0))
		steps++
	}
	t.endUpdate(steps)
}

// warmBoard is where WarmUp plays: a small field with walls, high and
// low cover, glass, smoke and an arrow slit, where both sides see each
// other from the first turn, so every command the computer weighs against
// a seen enemy is weighed. (The shipped levels hide the squads from each
// other at the start, so none of them would.)
const warmBoard = `
..............
.B..l.....l.R.
...h....g.....
.B..l.#...l.R.
.....s........
.B..l....a..R.
..............
`

// warmTypes are the unit types of warmBoard's squads, in the order of
// each side's units: a rifle, a machine gun and a sniper rifle.
var warmTypes = []string{"trooper", "gunner", "marksman"}

// warmBattle builds the battle on warmBoard.
func warmBattle() (*rules.State, error) {
	s, err := rules.ParseASCII(warmBoard)
	if err != nil {
		return nil, err
	}
	var n [2]int
	for _, u := range s.Units {
		if err := s.Rules().Equip(u, warmTypes[n[u.Side]%len(warmTypes)]); err != nil {
			return nil, err
		}
		// Tough soldiers: the side that moves second lives to shoot back,
		// so both sides' attack code is warm.
		u.HP *= 4
		u.MaxHP = u.HP
		n[u.Side]++
	}
	return s, nil
}

// WarmUp plays the computer against itself on warmBoard until each side
// has ended a turn, and returns how long that took. The browser compiles
// the game's code lazily, each function the first time it runs: cold,
// the computer's first answers took up to 55 ms under node where warm
// ones take 5 (docs/PERFORMANCE.md). The browser build warms up as the
// game starts, so that no frame of play pays for it.
func WarmUp() (time.Duration, error) {
	t0 := time.Now()
	_, err := rehearse()
	return time.Since(t0), err
}

// rehearse is WarmUp's match: its log, or an error when the battle cannot
// be built or the computer stalls.
func rehearse() ([]match.Entry, error) {
	s, err := warmBattle()
	if err != nil {
		return nil, err
	}
	m := match.New(s, 1)
	for side := range 2 {
		m.SetController(rules.Side(side), ai.NewComputer(ai.Normal))
	}
	for range 2000 {
		// Each side ends a turn; play on (up to turn 8) until both have
		// fired too, so that the attack code is warm on both sides.
		if over := m.Over(); over || m.State().Turn > 8 || m.State().Turn > 1 && bothFired(m.Log()) {
			return m.Log(), nil
		}
		m.Step() // a refused command is asked again
	}
	return m.Log(), errors.New("warming up: the computer did not end its turns")
}

// bothFired reports whether each side fired in log: an aimed shot,
// suppressive or blind fire.
func bothFired(log []match.Entry) bool {
	var fired [2]bool
	for _, e := range log {
		fired[e.Side] = fired[e.Side] || isFire(e.Command)
	}
	return fired[0] && fired[1]
}

// isFire reports whether c fires a weapon: an aimed shot, suppressive or
// blind fire.
func isFire(c rules.Command) bool {
	switch c.(type) {
	case rules.Attack, rules.SuppressiveFire, rules.BlindFire:
		return true
	}
	return false
}
