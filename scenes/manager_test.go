package scenes

import (
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
	"sightline/systems"
)

// recorder is a scene that notes the intents it is given and goes to its
// next scene on Enter.
type recorder struct {
	name string
	next Scene
	got  []systems.IntentKind
}

func (r *recorder) Name() string { return r.name }

func (r *recorder) Update(m *Manager, in []systems.Intent) error {
	for _, it := range in {
		r.got = append(r.got, it.Kind)
	}
	if systems.Has(in, systems.IntentConfirm) && r.next != nil {
		m.GoTo(r.next)
	}
	return nil
}

func (r *recorder) Draw(*ebiten.Image) {}

// TestManagerHandsPressesToNewScene: during a fade the scenes get no input;
// presses made from the frame the new scene appears on reach it once the
// fade ends, those made while the old one fades out are dropped, and the
// press that asked for the change reaches the old scene only.
func TestManagerHandsPressesToNewScene(t *testing.T) {
	tab, down := key(systems.IntentCycle), key(systems.IntentDown)
	tests := []struct {
		name  string
		after int // ticks after the Enter that asked for the change
		in    []systems.Intent
		want  []systems.IntentKind
	}{
		{"on the frame of the switch", fadeTicks, []systems.Intent{tab}, []systems.IntentKind{systems.IntentCycle}},
		{"mid fade-in, with the pointer", fadeTicks + 5, []systems.Intent{hover(1, 2), down}, []systems.IntentKind{systems.IntentDown}},
		{"on the last fade tick", 2 * fadeTicks, []systems.Intent{tab, down}, []systems.IntentKind{systems.IntentCycle, systems.IntentDown}},
		{"while the old scene fades out", fadeTicks - 1, []systems.Intent{tab}, nil},
		{"no press", fadeTicks, []systems.Intent{hover(1, 2)}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			second := &recorder{name: "second"}
			first := &recorder{name: "first", next: second}
			m := NewManager(&Env{}, first)
			if err := m.Update([]systems.Intent{key(systems.IntentConfirm)}); err != nil {
				t.Fatal(err)
			}
			for i := 1; i <= 2*fadeTicks; i++ {
				var in []systems.Intent
				if i == tc.after {
					in = tc.in
				}
				if err := m.Update(in); err != nil {
					t.Fatal(err)
				}
			}
			if m.Transitioning() || m.Current() != second {
				t.Fatalf("after the fade: transitioning %v, scene %q", m.Transitioning(), m.Current().Name())
			}
			if len(second.got) != 0 {
				t.Fatalf("the new scene got %v during the fade", second.got)
			}
			if err := m.Update(nil); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(second.got, tc.want) {
				t.Fatalf("the new scene's first tick got %v, want %v", second.got, tc.want)
			}
			if !slices.Equal(first.got, []systems.IntentKind{systems.IntentConfirm}) {
				t.Errorf("the old scene got %v, want only the Enter that left it", first.got)
			}
			if err := m.Update(nil); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(second.got, tc.want) {
				t.Errorf("the held presses were handed over twice: %v", second.got)
			}
		})
	}
}

// TestFirstKeyAfterSceneChange: Tab pressed on the frame the battle
// appears (Enter on the level select started it) selects a unit once the
// fade ends, and the Enter that started the battle does not also end
// Blue's first turn.
func TestFirstKeyAfterSceneChange(t *testing.T) {
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewLevelSelect(e) })
	h.step()
	ls := h.m.Current().(*LevelSelect)
	for ls.Entries()[ls.cursor].Err != nil {
		h.step(key(systems.IntentDown))
	}
	h.step(key(systems.IntentConfirm))
	for h.m.left > fadeTicks+1 {
		h.step()
	}
	h.step(key(systems.IntentCycle))
	h.want("battle")
	b := h.m.Current().(*Battle)
	h.settle()
	h.step()
	if b.Selected() == nil {
		t.Error("Tab pressed as the battle appeared selected no unit")
	}
	if s := b.State(); s.Side != rules.SideBlue || s.Turn != 1 {
		t.Errorf("the battle is at %v's turn %d, want Blue's first: the Enter that started it leaked in", s.Side, s.Turn)
	}
}

// TestManagerSilentWithoutAudio: M (mute) and a press that changes the
// screen (a click) are safe with no sound player, as in every test, and M
// still reaches the scene.
func TestManagerSilentWithoutAudio(t *testing.T) {
	second := &recorder{name: "second"}
	first := &recorder{name: "first", next: second}
	for _, env := range []*Env{nil, {}} {
		m := NewManager(env, first)
		if err := m.Update([]systems.Intent{systems.KeyIntent('m'), key(systems.IntentConfirm)}); err != nil {
			t.Fatal(err)
		}
		if !m.Transitioning() || !slices.Contains(first.got, systems.IntentKey) {
			t.Errorf("env %v: the press did not change the screen, or M did not reach the scene", env)
		}
		first.got = nil
	}
}

// TestFadeTakesRealTime: with a clock (Manager.Now) a fade lasts as long
// at 10 Updates a second as at 60; without one each Update is a tick.
func TestFadeTakesRealTime(t *testing.T) {
	fade := func(step time.Duration) int {
		first := &recorder{name: "first", next: &recorder{name: "second"}}
		m := NewManager(&Env{}, first)
		if step > 0 {
			now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			m.Now = func() time.Time { now = now.Add(step); return now }
		}
		if err := m.Update([]systems.Intent{key(systems.IntentConfirm)}); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 1000; n++ {
			if err := m.Update(nil); err != nil {
				t.Fatal(err)
			}
			if !m.Transitioning() {
				if m.Current().Name() != "second" {
					t.Fatalf("after the fade the scene is %q, want second", m.Current().Name())
				}
				return n
			}
		}
		t.Fatalf("the fade did not end in 1000 Updates of %v", step)
		return 0
	}
	ticks, fast, slow := fade(0), fade(time.Second/60), fade(time.Second/10)
	if ticks != 2*fadeTicks {
		t.Errorf("without a clock the fade took %d Updates, want %d", ticks, 2*fadeTicks)
	}
	if fast < 2*fadeTicks-1 || fast > 2*fadeTicks+1 {
		t.Errorf("at 60 Updates a second the fade took %d Updates, want about %d", fast, 2*fadeTicks)
	}
	if want := float64(fast) / 6; float64(slow) < want-1 || float64(slow) > want+1 {
		t.Errorf("at 10 Updates a second the fade took %d Updates, want about %.1f (a sixth of %d)", slow, want, fast)
	}
	t.Logf("fade: %d Updates without a clock, %d at 1/60 s, %d at 1/10 s", ticks, fast, slow)
}

// TestManagerDtClamped: a stall counts as at most maxStep, and the first
// Update as one step.
func TestManagerDtClamped(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := NewManager(&Env{}, &recorder{name: "first"})
	m.Now = func() time.Time { return now }
	steps := []struct {
		gap  time.Duration
		want float64
	}{{0, systems.StepSeconds}, {100 * time.Millisecond, 0.1}, {5 * time.Second, maxStep}, {-time.Second, 0}}
	for _, s := range steps {
		now = now.Add(s.gap)
		if err := m.Update(nil); err != nil {
			t.Fatal(err)
		}
		if got := m.Dt(); got < s.want-1e-9 || got > s.want+1e-9 {
			t.Errorf("after a gap of %v: Dt %v, want %v", s.gap, got, s.want)
		}
	}
}

// layer is a scene for the stack's tests: it notes its ticks, updates
// and draws in a shared journal, pops itself on Esc, and runs act (when
// set) on each Update.
type layer struct {
	name    string
	journal *[]string
	opens   []Scene // the overlays it opens with (Opener)
	act     func(m *Manager, in []systems.Intent)
}

func (l *layer) Name() string { return l.name }

func (l *layer) Update(m *Manager, in []systems.Intent) error {
	*l.journal = append(*l.journal, l.name+" update")
	if systems.Has(in, systems.IntentBack) {
		m.Pop()
	}
	if l.act != nil {
		l.act(m, in)
	}
	return nil
}

func (l *layer) Tick(*Manager, []systems.Intent) { *l.journal = append(*l.journal, l.name+" tick") }

func (l *layer) Draw(*ebiten.Image) { *l.journal = append(*l.journal, l.name+" draw") }

func (l *layer) Opening() []Scene {
	o := l.opens
	l.opens = nil
	return o
}

// TestManagerStack: a screen opens with its overlays; only the top scene
// takes the input while those under it tick, bottom first, and all draw;
// popping gives the input back; GoTo replaces the whole stack, with the
// overlays asked for over the new screen; a Tick that swaps the stack ends
// the Update; the screen's name alone reaches OnChange.
func TestManagerStack(t *testing.T) {
	var journal, changes []string
	brief := &layer{name: "brief", journal: &journal}
	battle := &layer{name: "battle", journal: &journal, opens: []Scene{brief}}
	m := NewManager(&Env{}, battle)
	m.OnChange = func(n string) { changes = append(changes, n) }
	step := func(in ...systems.Intent) []string {
		t.Helper()
		journal = nil
		if err := m.Update(in); err != nil {
			t.Fatal(err)
		}
		return journal
	}
	want := func(have []string, want ...string) {
		t.Helper()
		if !slices.Equal(have, want) {
			t.Fatalf("have %q, want %q", have, want)
		}
	}
	if m.Current() != Scene(battle) || m.Top() != Scene(brief) {
		t.Fatalf("opened on %s under %s, want battle under brief", m.Current().Name(), m.Top().Name())
	}
	want(step(key(systems.IntentCycle)), "battle tick", "brief update")
	journal = nil
	m.Draw(nil)
	want(journal, "battle draw", "brief draw")

	// Esc pops the briefing; the battle takes the next input.
	want(step(key(systems.IntentBack)), "battle tick", "brief update")
	want(step(), "battle update")
	if m.Top() != Scene(battle) {
		t.Fatalf("after the pop the top is %s", m.Top().Name())
	}
	m.Pop() // the screen itself never pops
	if m.Current() != Scene(battle) || m.Top() != Scene(battle) {
		t.Fatal("Pop took the screen off the stack")
	}

	// Two overlays: both lower scenes tick, bottom first.
	menu := &layer{name: "menu", journal: &journal}
	help := &layer{name: "help", journal: &journal}
	m.Push(menu)
	m.Push(help)
	want(step(), "battle tick", "menu tick", "help update")

	// GoTo from the top replaces the stack once the fade is half over;
	// going back to the battle brings the menu back over it, and not its
	// briefing, which it opens with once.
	settings := &layer{name: "settings", journal: &journal}
	help.act = func(m *Manager, _ []systems.Intent) { m.GoTo(settings) }
	step()
	for m.Transitioning() {
		step()
	}
	if m.Current() != Scene(settings) || m.Top() != Scene(settings) {
		t.Fatalf("after GoTo: %s under %s, want settings alone", m.Current().Name(), m.Top().Name())
	}
	settings.act = func(m *Manager, _ []systems.Intent) { m.GoTo(battle, menu) }
	step()
	for m.Transitioning() {
		step()
	}
	if m.Current() != Scene(battle) || m.Top() != Scene(menu) {
		t.Fatalf("back from the settings: %s under %s, want battle under menu", m.Current().Name(), m.Top().Name())
	}
	want(changes, "settings", "battle")

	// A Tick that swaps the stack (a hot reload) ends the Update.
	fresh := &layer{name: "fresh", journal: &journal}
	reloading := &swapper{layer: layer{name: "old", journal: &journal}, to: fresh}
	m.Swap(reloading)
	m.Push(menu)
	want(step(), "old tick")
	if m.Current() != Scene(fresh) || m.Top() != Scene(fresh) {
		t.Fatalf("after the swap: %s under %s, want fresh alone", m.Current().Name(), m.Top().Name())
	}
	want(changes, "settings", "battle", "old", "fresh")
}

// swapper is a layer whose Tick swaps the stack for to.
type swapper struct {
	layer
	to Scene
}

func (s *swapper) Tick(m *Manager, in []systems.Intent) {
	s.layer.Tick(m, in)
	m.Swap(s.to)
}
