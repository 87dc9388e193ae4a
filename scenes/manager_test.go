package scenes

import (
	"slices"
	"testing"

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
