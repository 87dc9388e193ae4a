package scenes

import (
	"fmt"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
	"sightline/systems"
)

// While the computer plays (and while its commands play out after its
// turn has ended), the unit card never asks the player to pick a unit:
// it shows the unit the event playing is about (the one acting, or the
// one hit), or says who plays and that orders wait.
func TestCardWhileTheComputerPlays(t *testing.T) {
	s := ruletest.Wood(ruletest.Troopers(t, rangeMap), "picket fence")
	setup := SetupFromState("Range", s)
	setup.Players = [2]Player{Human, Computer}
	env := testEnv(t)
	b := NewBattle(env, setup)
	h := newHarness(t, env, func(*Env) Scene { return b })
	h.settle()
	if title, _, _ := b.look.hudInfo().Card(); title != "NO UNIT SELECTED" {
		t.Fatalf("Blue to move, nothing selected: card %q, want NO UNIT SELECTED", title)
	}
	h.step(key(systems.IntentEndTurn))
	h.step(key(systems.IntentEndTurn))
	red, acting := false, 0
	drawn := "" // the card of the last frame drawn
	for i := 0; i < 3000; i++ {
		h.step()
		title, u, lines := b.look.hudInfo().Card()
		// A frame is drawn whenever the card (its unit's HP and AP
		// among it) changes, so every card the player would see is
		// drawn; the other ticks end their frame as Draw does, without
		// rendering it, for the computer thinks a frame's worth a frame
		// (turnDriver.think). A frame rendered each tick drew the same
		// cards again: 179 frames, most of the test's CPU.
		card := fmt.Sprint(title, lines)
		if u != nil {
			card += fmt.Sprint(u.ID, u.HP, u.AP)
		}
		if card != drawn {
			h.draw()
			drawn = card
		} else {
			b.turns.meter.endFrame()
		}
		info := b.look.hudInfo()
		title, u, lines = info.Card()
		if s.Side == rules.SideRed {
			red = true
		}
		over := s.Over()
		if red && (s.Side == rules.SideBlue || over) && !info.Busy {
			break
		}
		if !red && !info.Busy {
			continue
		}
		if title == "NO UNIT SELECTED" {
			t.Fatalf("frame %d (side %v, busy %v): the card asks for a unit while input waits: %q", i, s.Side, info.Busy, lines)
		}
		if u != nil && info.Selected == nil {
			acting++
			ev := b.playback.Playing()
			if ev == nil || ev.Actor() != u.ID || title == "" {
				t.Fatalf("frame %d: card %q shows %s, want the unit of the event playing (%+v)", i, title, u.Name, ev)
			}
		}
	}
	if over := s.Over(); !red || s.Side != rules.SideBlue && !over {
		t.Fatalf("the computer's turn did not pass (red %v, side %v)", red, s.Side)
	}
	if acting == 0 {
		t.Error("the card never showed the unit acting")
	}
}
