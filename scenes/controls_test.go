package scenes

import (
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// No control invites a press that does nothing: End Turn shows on the
// player's turn and not while the computer plays.
func TestEndTurnOnlyOnThePlayersTurn(t *testing.T) {
	env := testEnv(t)
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	b := startLevel(t, h, [2]Player{Human, Computer}, "maps/crossroads.tmx", "easy")
	if info := b.look.hudInfo(); !info.EndTurnOffered() {
		t.Fatal("End Turn is not offered on the player's turn")
	}
	for i := 0; i < 3 && b.State().Side == rules.SideBlue; i++ {
		h.step(key(systems.IntentEndTurn))
	}
	if b.State().Side != rules.SideRed {
		t.Fatal("End Turn did not pass the turn to the computer")
	}
	h.step()
	if info := b.look.hudInfo(); !info.Computer || info.EndTurnOffered() {
		t.Errorf("during the computer's turn: computer %v, End Turn offered %v", info.Computer, info.EndTurnOffered())
	}
	if (systems.HUDInfo{Replay: true}).EndTurnOffered() {
		t.Error("a replay offers End Turn")
	}
}
