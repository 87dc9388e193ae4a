package scenes

import (
	"strings"
	"testing"

	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// A golden replay watched in the window plays every command and ends on
// the recorded state; Space pauses, N steps one command, V changes the
// view.
func TestWatchReplay(t *testing.T) {
	r, _ := goldenOutpost(t)
	h, b := watchReplay(t, r)
	h.step(key(systems.IntentSkip)) // pause at once: the replay is short
	h.settle()
	h.step(systems.KeyIntent('4'))
	n := len(b.Match().Log())
	for i := 0; i < 60; i++ {
		h.step()
	}
	if len(b.Match().Log()) != n {
		t.Fatalf("paused, the replay went on from %d to %d commands", n, len(b.Match().Log()))
	}
	h.step(systems.KeyIntent('n'))
	if len(b.Match().Log()) != n+1 {
		t.Fatalf("N played %d commands, want 1", len(b.Match().Log())-n)
	}
	if !strings.Contains(b.look.hudInfo().Hint, "paused") {
		t.Errorf("the hint does not say paused: %q", b.look.hudInfo().Hint)
	}
	h.step(systems.KeyIntent('v'))
	h.settle()
	h.step()
	if side, all := b.fog.Viewer(); all || side != rules.SideBlue {
		t.Errorf("V once: the fog shows %v (all %v), want Blue's view", side, all)
	}
	h.step(key(systems.IntentSkip)) // play on
	for i := 0; i < 20000 && !b.watch.ended; i++ {
		h.step()
	}
	if !b.watch.ended {
		t.Fatalf("the replay did not end: %d of %d commands", len(b.Match().Log()), len(r.Commands))
	}
	if b.Match().Hash() != r.End {
		t.Error("the watched battle ends on another state than the recorded one")
	}
	h.step(key(systems.IntentBack))
	h.settle()
	h.want("title")
}

// A battle on a level that ends keeps its replay, and the replay
// verifies: the golden Outpost battle's commands given by the player.
func TestFinishedBattleKeepsAReplay(t *testing.T) {
	golden, lv := goldenOutpost(t)
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	env.Seed = golden.Seed
	var b *Battle
	h := newHarness(t, env, func(e *Env) Scene { b = NewBattle(e, SetupFromLevel(lv)); return b })
	h.settle()
	for i, spec := range golden.Commands {
		c, err := spec.Command(b.State())
		if err != nil {
			t.Fatal(err)
		}
		n := len(b.Match().Log())
		b.apply(c)
		if len(b.Match().Log()) != n+1 {
			t.Fatalf("command %d (%s) was refused", i, c.CommandName())
		}
	}
	h.step(key(systems.IntentSkip)) // show every outcome at once
	h.settle()
	if over := b.State().Over(); !over {
		t.Fatal("test data: the golden Outpost battle does not end")
	}
	for i := 0; i < 60 && h.m.Current().Name() != "result"; i++ {
		h.step()
	}
	h.want("result")
	res := h.m.Current().(*Result)
	names, err := env.Store.List("replays")
	if err != nil || len(names) != 1 {
		t.Fatalf("replays kept: %v (%v), want one", names, err)
	}
	if res.Replay != env.Store.Where(names[0]) {
		t.Errorf("the result says the replay was kept at %q, want %q", res.Replay, env.Store.Where(names[0]))
	}
	r, err := env.Store.Get(names[0])
	if err != nil {
		t.Fatal(err)
	}
	lv2, err := ReplayLevel(r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Play(lv2.State); err != nil {
		t.Fatal(err)
	}
	if r.End != golden.End || len(r.Commands) != len(golden.Commands) || r.Sides != [2]string{"human", "human"} {
		t.Errorf("the kept replay: %d commands, sides %v, end %s; want the golden battle's", len(r.Commands), r.Sides, r.End)
	}
}
