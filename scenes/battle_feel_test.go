package scenes

import (
	"slices"
	"strings"
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// aimedShot sets up Blue 1 aiming at Red 2 across an open field with the
// battle's dice seeded so the shot plays the events want, and returns the
// harness, the battle and the screen point of the target, with the pointer
// on it.
func aimedShot(t *testing.T, want ...string) (*harness, *Battle, float64, float64) {
	t.Helper()
	h, b := rangeBattle(t, `
..........
.B....R...
..........`)
	s := b.State()
	seed := uint64(0)
	for sd := uint64(1); sd <= 500 && seed == 0; sd++ {
		evs, err := rules.Apply(s.Clone(), rules.Attack{Unit: 1, Target: 2}, rules.NewRNG(sd))
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(names(evs), want) {
			seed = sd
		}
	}
	if seed == 0 {
		t.Fatalf("no seed in 1..500 makes Blue 1's shot play %v", want)
	}
	reseed(b, seed)
	h.settle()
	bx, by := b.ScreenOf(s.Unit(1).Pos)
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2'))
	rx, ry := b.ScreenOf(s.Unit(2).Pos)
	h.step(hover(rx, ry))
	if tp := b.TargetPanel(); tp == nil || tp.Err != nil {
		t.Fatalf("hovering Red 2 in Attack mode: panel %+v, want a legal attack", tp)
	}
	return h, b, rx, ry
}

// TestBattleHPFollowsTheShot: the target's HP on its token and on the
// "under cursor" card stay as they were while the tracer flies and drop
// when the damage plays (after the tracer's head has landed); a killed
// target's token and card stay until its death plays.
func TestBattleHPFollowsTheShot(t *testing.T) {
	tests := []struct {
		name string
		evs  []string
	}{
		{"wound", []string{"attacked:attack", "damaged"}},
		{"kill", []string{"attacked:attack", "damaged", "killed"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, b, rx, ry := aimedShot(t, tc.evs...)
			s := b.State()
			before := s.Unit(2).HP
			rec := recordPlayback(b)
			h.step(hover(rx, ry), click(rx, ry))
			after := s.Unit(2).HP
			if after >= before {
				t.Fatalf("the shot left Red 2 at %d HP of %d", after, before)
			}
			for i := 0; i < 600 && b.Busy(); i++ {
				h.step(hover(rx, ry))
				played := playedNames(*rec)
				e := b.world.Unit(2)
				info := b.look.hudInfo()
				damaged, killed := slices.Contains(played, "damaged"), slices.Contains(played, "killed")
				if !killed && (info.Hovered == nil || info.Hovered.ID != 2) {
					t.Fatalf("tick %d, played %v: the card under the cursor shows %v, want Red 2 until its death plays", i, played, info.Hovered)
				}
				if killed && info.Hovered != nil {
					t.Fatalf("tick %d: Red 2's death played but its card is still shown", i)
				}
				want := before
				if damaged {
					want = after
				}
				if e.Vitals.HP != want || info.HP(s.Unit(2)) != want {
					t.Fatalf("tick %d, played %v: Red 2 shows %d HP on its token and %d on its card, want %d",
						i, played, e.Vitals.HP, info.HP(s.Unit(2)), want)
				}
				if e.Vitals.Alive == killed {
					t.Fatalf("tick %d, played %v: Red 2's token alive %v", i, played, e.Vitals.Alive)
				}
				if i%10 == 0 {
					h.draw()
				}
			}
			at, dm := indexOf(playedNames(*rec), "attacked:attack", 0), indexOf(playedNames(*rec), "damaged", 0)
			if at < 0 || dm < 0 {
				t.Fatalf("played %v", playedNames(*rec))
			}
			// The tracer's head lands 9 ticks into its 20 (drawTracer).
			if gap := (*rec)[dm].tick - (*rec)[at].tick; gap < 10 {
				t.Errorf("the damage played %d ticks after the shot, before its tracer landed", gap)
			}
		})
	}
}

// TestBattleSkipPlayback: while a killing shot plays, an order (a click,
// Space, Enter, E, Tab or an action key) finishes the playback at once:
// the outcome is shown (the target down, every event logged, no effect
// left running) and the press gives no command of its own. Panning,
// zooming, the log key and a right click leave the playback running. The
// hint says how to skip.
func TestBattleSkipPlayback(t *testing.T) {
	tests := []struct {
		name string
		in   []systems.Intent
		skip bool
	}{
		{"space", []systems.Intent{key(systems.IntentSkip)}, true},
		{"enter", []systems.Intent{key(systems.IntentConfirm)}, true},
		{"end turn key", []systems.Intent{key(systems.IntentEndTurn)}, true},
		{"tab", []systems.Intent{key(systems.IntentCycle)}, true},
		{"action key", []systems.Intent{systems.KeyIntent('2')}, true},
		{"click on the map", []systems.Intent{click(400, 400)}, true},
		{"pan", []systems.Intent{{Kind: systems.IntentPan, DX: 12}, systems.KeyIntent('d')}, false},
		{"zoom", []systems.Intent{{Kind: systems.IntentZoom, X: 400, Y: 400, DY: 1}}, false},
		{"log key", []systems.Intent{systems.KeyIntent('l')}, false},
		{"right click", []systems.Intent{{Kind: systems.IntentCancel, X: 400, Y: 400}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, b, rx, ry := aimedShot(t, "attacked:attack", "damaged", "killed")
			s := b.State()
			h.step(hover(rx, ry), click(rx, ry))
			h.step(hover(rx, ry))
			if !b.Busy() || b.world.Unit(2).Vitals.HP == 0 {
				t.Fatal("the shot is not playing")
			}
			if hint := b.look.hudInfo().Hint; !strings.Contains(hint, "skip") {
				t.Errorf("hint while playing %q, want it to say how to skip", hint)
			}
			ap, sel, mode := s.Unit(1).AP, b.Selected(), b.Mode()
			h.step(append([]systems.Intent{hover(rx, ry)}, tc.in...)...)
			if b.Busy() == tc.skip {
				t.Fatalf("after the press the playback is busy %v, want %v", b.Busy(), !tc.skip)
			}
			if !tc.skip {
				return
			}
			e := b.world.Unit(2)
			if e.Vitals.Alive || e.Vitals.HP != 0 {
				t.Errorf("after the skip Red 2's token shows alive %v with %d HP, want it down", e.Vitals.Alive, e.Vitals.HP)
			}
			if fx := b.Effects().Running(); len(fx) != 0 || b.Effects().BannerText() != "" {
				t.Errorf("after the skip effects %v and banner %q still run", fx, b.Effects().BannerText())
			}
			if log := b.Log().Text(); !strings.Contains(log, "Red 2 is out of the fight") {
				t.Errorf("after the skip the log lacks the kill:\n%s", log)
			}
			if s.Side != rules.SideBlue || s.Unit(1).AP != ap || b.Selected() != sel || b.Mode() != mode {
				t.Errorf("the skipping press also gave an order: %v to move, Blue 1 AP %d (was %d), selected %v (was %v), mode %v (was %v)",
					s.Side, s.Unit(1).AP, ap, b.Selected(), sel, b.Mode(), mode)
			}
			if hint := b.look.hudInfo().Hint; strings.Contains(hint, "skip") {
				t.Errorf("hint after the playback %q", hint)
			}
			h.draw()
		})
	}
}
