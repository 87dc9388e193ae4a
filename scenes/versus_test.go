package scenes

import (
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// TestPlayVsComputer: from the title, "Play vs computer" opens the level
// select for Blue against the computer; in the battle the player's end of
// turn hands over to the computer, which plays Red's turn through the
// same playback (commands of its own, animated) and hands back to Blue,
// with the fog showing Blue's view all along and no handover screen. The
// replay names the computer.
func TestPlayVsComputer(t *testing.T) {
	env := testEnv(t)
	env.NoHandover = false
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	h.step(systems.KeyIntent('3')) // Play vs computer
	h.settle()
	h.want("levels")
	ls := h.m.Current().(*LevelSelect)
	if ls.players != [2]Player{Human, Computer} || ls.playersLine() != "You play Blue against the computer" {
		t.Fatalf("level select for %v: %q", ls.players, ls.playersLine())
	}
	if ls.profiles[ls.profile].Name != "normal" {
		t.Fatalf("the computer starts as %q", ls.profiles[ls.profile].Name)
	}
	// D steps through the ladder (easy, normal, hard), round to easy.
	for range len(ls.profiles) {
		h.step(systems.KeyIntent('d'))
		if ls.profiles[ls.profile].Name == "easy" {
			break
		}
	}
	if ls.profiles[ls.profile].Name != "easy" {
		t.Fatalf("D never chose easy: %q", ls.profiles[ls.profile].Name)
	}
	h.draw()
	screenshot(t, h, "levels-vs.png")
	for ls.profiles[ls.profile].Name != "normal" {
		h.step(systems.KeyIntent('d'))
	}
	for ls.Entries()[ls.cursor].Err != nil || ls.Entries()[ls.cursor].Path != "maps/outpost.tmx" {
		h.step(key(systems.IntentDown))
	}
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	b := h.m.Current().(*Battle)
	h.draw()
	if side, all := b.fog.Viewer(); all || side != rules.SideBlue {
		t.Fatalf("the fog shows side %v (all %v), want Blue", side, all)
	}
	b.apply(rules.EndTurn{})
	redCommands, busyFrames := 0, 0
	for i := 0; i < 3000 && b.State().Side == rules.SideRed; i++ {
		// Space finishes an animation (after it has started to play); a
		// frame in 40 is drawn.
		if b.Busy() && i%8 == 7 {
			h.step(key(systems.IntentSkip))
		} else {
			h.step()
		}
		if i%40 == 0 {
			h.draw()
		}
		if b.Busy() {
			busyFrames++
		}
		if _, on := h.handover(); on {
			t.Fatal("a handover screen against the computer")
		}
		if side, all := b.fog.Viewer(); all || side != rules.SideBlue {
			t.Fatalf("during Red's turn the fog shows side %v (all %v), want Blue", side, all)
		}
	}
	for _, e := range b.Match().Log() {
		if _, end := e.Command.(rules.EndTurn); e.Side == rules.SideRed && !end {
			redCommands++
		}
	}
	if b.State().Side != rules.SideBlue || redCommands == 0 || busyFrames == 0 {
		t.Fatalf("after Red's turn: side %v, %d Red commands, %d frames of playback", b.State().Side, redCommands, busyFrames)
	}
	if sides := b.turns.sides(); sides != [2]string{"human", "computer:normal"} {
		t.Errorf("replay sides %v", sides)
	}

	// Y shows why the computer made its last decision, and hides it.
	if b.why == nil || b.State().Unit(b.why.Unit).Side != rules.SideRed {
		t.Fatalf("no account of Red's last decision: %+v", b.why)
	}
	h.settle()
	h.step(systems.KeyIntent('y'))
	if !b.whyOn {
		t.Fatal("Y did not show the account")
	}
	screenshot(t, h, "why.png")
	ov := b.look.whyOverlay()
	if b.fog.Knows(b.why.Unit) != (len(ov.Tiles) > 0) {
		t.Errorf("Red's unit %d seen %v, yet the account shows %d tiles", b.why.Unit, b.fog.Knows(b.why.Unit), len(ov.Tiles))
	}
	h.step(systems.KeyIntent('y'))
	if b.whyOn {
		t.Fatal("Y did not hide the account")
	}
}
