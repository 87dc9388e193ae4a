package scenes

import (
	"strings"
	"testing"

	"sightline/match"
	"sightline/settings"
	"sightline/systems"
)

// The difficulty is chosen on the level select with a click, kept in the
// settings (so the next level select, and the next run, start on it),
// and shown on the level card, the HUD and the result.
func TestLevelSelectDifficulty(t *testing.T) {
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	h := newHarness(t, env, func(e *Env) Scene { return NewLevelSelectFor(e, [2]Player{Human, Computer}) })
	h.settle()
	ls := h.m.Current().(*LevelSelect)
	if len(ls.profiles) < 2 || ls.difficulty() != "normal" || ls.profiles[0].Name != "easy" {
		t.Fatalf("the level select starts on %q of %d profiles, the first %q; want normal, easy first", ls.difficulty(), len(ls.profiles), ls.profiles[0].Name)
	}
	h.draw()
	bs := ls.difficultyButtons()
	if bs[0].Label != "Easy" || !bs[1].Hover || bs[0].Hover {
		t.Fatalf("the difficulty buttons: %+v", bs)
	}
	x, y := bs[0].X+bs[0].W/2, bs[0].Y+bs[0].H/2
	h.step(hover(x, y), click(x, y))
	h.want("levels")
	if ls.difficulty() != "easy" || env.Settings.Difficulty != "easy" {
		t.Fatalf("after clicking Easy: chosen %q, settings %q", ls.difficulty(), env.Settings.Difficulty)
	}
	if kept, err := settings.Load(env.storage()); err != nil || kept.Difficulty != "easy" {
		t.Errorf("the settings kept say %q (%v), want easy", kept.Difficulty, err)
	}
	h.draw()
	screenshot(t, h, "levels-difficulty.png")

	// The next run: settings read back, a new level select starts on Easy.
	env2 := testEnv(t)
	env2.Store = env.Store
	if err := env2.LoadSettings(); err != nil {
		t.Fatal(err)
	}
	if ls2 := NewLevelSelectFor(env2, [2]Player{Computer, Human}); ls2.difficulty() != "easy" {
		t.Errorf("the next run's level select starts on %q, want easy", ls2.difficulty())
	}
	// Hot-seat has no computer and no difficulty buttons.
	if hs := NewLevelSelect(env); len(hs.difficultyButtons()) != 0 || hs.difficulty() != "" {
		t.Error("the hot-seat level select offers a difficulty")
	}

	// D steps it on; a battle started is against the chosen profile and
	// the HUD says which.
	next := ls.profiles[(ls.profile+1)%len(ls.profiles)].Name
	h.step(systems.KeyIntent('d'))
	if ls.difficulty() != next || env.Settings.Difficulty != next {
		t.Fatalf("D chose %q (settings %q), want the next, %s", ls.difficulty(), env.Settings.Difficulty, next)
	}
	for range len(ls.profiles) {
		if ls.difficulty() == "easy" {
			break
		}
		h.step(systems.KeyIntent('d'))
	}
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	b := h.m.Current().(*Battle)
	if b.turns.profile.Name != "easy" || !strings.HasSuffix(b.hud.Title, " · Easy") {
		t.Errorf("the battle is against %q, the HUD titled %q", b.turns.profile.Name, b.hud.Title)
	}
	r := endBattle(t, h, 1)
	if have := r.subtitle(); !strings.Contains(have, " · Easy · ") {
		t.Errorf("the result's subtitle %q does not name the difficulty", have)
	}
}
