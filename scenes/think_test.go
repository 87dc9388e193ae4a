package scenes

import (
	"reflect"
	"testing"
	"time"

	"sightline/ai"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// answer is one answer of a computer in a battle, by frame.
type answer struct {
	frame   int
	scoring bool // Scoring before it was asked
	cmd     rules.Command
}

// recordedComputer is a computer that records its answers.
type recordedComputer struct {
	thinker
	frame   *int
	answers *[]answer
}

// Next implements match.Controller.
func (c recordedComputer) Next(v *match.View) rules.Command {
	scoring := c.Scoring()
	cmd := c.thinker.Next(v)
	*c.answers = append(*c.answers, answer{*c.frame, scoring, cmd})
	return cmd
}

// The computer playing both sides in a battle, on a clock where every
// answer takes 0.5 ms and every step 1.5 ms: a frame asks for the longer
// answers (a unit's start, its command) only first, then slices while
// under the budget; the battle plays the same commands as a computer
// that never slices.
func TestBattleThinksWithinBudget(t *testing.T) {
	lv, err := levels.Load(levels.Embedded(), "maps/outpost.tmx")
	if err != nil {
		t.Fatal(err)
	}
	setup := SetupFromLevel(lv)
	setup.Players = [2]Player{Computer, Computer}
	env := testEnv(t)
	seed, start := env.Seed, setup.State.Clone()
	var b *Battle
	h := newHarness(t, env, func(e *Env) Scene { b = NewBattle(e, setup); return b })
	h.settle()

	frame := 0
	var answers []answer
	for side := range 2 {
		c := b.m.Controller(rules.Side(side)).(thinker)
		b.m.SetController(rules.Side(side), recordedComputer{c, &frame, &answers})
	}
	now := time.Unix(0, 0)
	b.turns.meter.now = func() time.Time { now = now.Add(time.Millisecond / 2); return now }

	const decisions = 12
	for range 5000 {
		if b.ThinkStats().Decisions >= decisions {
			break
		}
		h.step(key(systems.IntentSkip)) // the animations are skipped
		b.turns.meter.endFrame()
		frame++
	}
	h.draw() // Draw ends a frame too
	st := b.ThinkStats()
	t.Logf("%+v", st)
	if st.Decisions < decisions {
		t.Fatalf("%d decisions in %d frames, want %d", st.Decisions, frame, decisions)
	}
	most := thinkBudget + 3*time.Millisecond/2
	if st.MaxFrameStep > most || st.MaxFrame > st.MaxFrameStep || st.P95Frame > st.MaxFrame ||
		st.MaxAnswer != time.Millisecond/2 || st.Answers != len(answers) || st.Frames == 0 || st.Updates < st.Frames {
		t.Errorf("figures %+v: want at most %v of steps a frame, answers of 0.5 ms", st, most)
	}
	for i, a := range answers {
		if a.scoring && a.cmd != nil {
			t.Fatalf("answer %d (frame %d): a slice gave a command %+v", i, a.frame, a.cmd)
		}
		if i > 0 && answers[i-1].frame == a.frame && !a.scoring {
			t.Fatalf("answer %d (frame %d): not the frame's first, and more than a slice", i, a.frame)
		}
	}

	// The same match played by computers that never slice.
	m := match.New(start, seed)
	for side := range 2 {
		m.SetController(rules.Side(side), ai.NewComputer(b.turns.profile))
	}
	for i := 0; i < 1000 && len(m.Log()) < len(b.m.Log()); i++ {
		m.Step() // a refused command is asked again, as in the battle
	}
	if !reflect.DeepEqual(m.Log(), b.m.Log()) {
		t.Errorf("the battle's commands differ from unsliced thinking's:\nhave %+v\nwant %+v", b.m.Log(), m.Log())
	}
}

// The meter sums a frame's Updates, and its 95th percentile is read to
// the bucket.
func TestThinkMeter(t *testing.T) {
	var m thinkMeter
	ms := func(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }
	// step takes an answer of d and a step of d plus apply, in an Update.
	step := func(d, apply time.Duration) {
		m.answer(d)
		m.step(d + apply)
		m.endUpdate(1)
	}
	for i := range 40 {
		step(ms(1), 0)
		if i == 39 {
			step(ms(20), ms(5)) // the 40th frame has two Updates, 21 ms in all
		}
		m.endUpdate(0) // an Update that did not think
		m.endFrame()
		m.endFrame() // a frame that did not think
	}
	want := ThinkStats{Frames: 40, Updates: 41, Answers: 41, Total: ms(60), MaxFrame: ms(21), P95Frame: ms(1.1),
		MaxUpdate: ms(20), MaxAnswer: ms(20), MaxFrameStep: ms(26)}
	if st := m.Stats(); st != want {
		t.Errorf("have %+v\nwant %+v", st, want)
	}
	m = thinkMeter{}
	for _, d := range []time.Duration{ms(500), ms(400)} {
		step(d, 0)
		m.endFrame()
	}
	if st := m.Stats(); st.P95Frame != ms(500) || st.MaxFrame != ms(500) {
		t.Errorf("past the histogram: p95 %v, max %v, want 500ms", st.P95Frame, st.MaxFrame)
	}
}

// The warm-up match has each side end a turn, and on the way weighs the
// computer's commands against seen enemies: both sides shoot.
func TestRehearse(t *testing.T) {
	log, err := rehearse()
	if err != nil {
		t.Fatal(err)
	}
	var ends, shots [2]int
	for _, e := range log {
		if _, ok := e.Command.(rules.EndTurn); ok {
			ends[e.Side]++
		}
		if isFire(e.Command) {
			shots[e.Side]++
		}
	}
	if ends[0] < 1 || ends[1] < 1 || shots[0] < 1 || shots[1] < 1 {
		t.Errorf("turns ended %v, attacks %v by Blue and Red; want both sides to shoot and end a turn", ends, shots)
	}
}
