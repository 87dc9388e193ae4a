package scenes

import (
	"strings"
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// hiddenMap walls Red 2, on overwatch, off from Blue 1: Blue's side must
// learn nothing about it.
const hiddenMap = `
......#...
.B....#.R.
......#...`

func TestBattleFogHidesEnemies(t *testing.T) {
	h, b := rangeBattle(t, hiddenMap)
	s := b.State()
	red := s.Unit(2)
	red.Status.Overwatch, red.Status.WatchAt, red.Status.WatchDir = true, rules.Point{X: 1, Y: 1}, rules.West
	h.settle()
	h.step()
	if b.knows(2) {
		t.Fatal("test map: Blue sees Red 2 through the wall")
	}
	bx, by := b.ScreenOf(s.Unit(1).Pos)
	h.step(hover(bx, by), click(bx, by))
	if b.Selected() == nil {
		t.Fatal("Blue 1 not selected")
	}
	h.step()

	// The action bar names no hidden enemy.
	bar := b.ActionBar()
	for _, a := range systems.Actions() {
		if err := bar.Err(a.ID); err != nil && strings.Contains(err.Error(), "Red") {
			t.Errorf("%s is greyed out naming a hidden enemy: %v", a.Label, err)
		}
	}
	for _, id := range []systems.ActionID{systems.ActAttack, systems.ActCharge, systems.ActBlind} {
		if r := systems.Reason(bar.Err(id)); r != "No enemy in sight" {
			t.Errorf("%s: reason %q, want %q", id, r, "No enemy in sight")
		}
	}

	// Hovering and clicking the hidden enemy's tile in Attack mode: no
	// panel, no cone, no HUD card, no command, no name in the toast.
	h.step(systems.KeyIntent('2'))
	rx, ry := b.ScreenOf(red.Pos)
	h.step(hover(rx, ry))
	if b.TargetPanel() != nil || b.TargetedUnit() != 0 {
		t.Errorf("hovering the hidden enemy: panel %+v, cone on %d", b.TargetPanel(), b.TargetedUnit())
	}
	if info := b.hudInfo(); info.Hovered != nil {
		t.Errorf("the HUD's under-cursor card shows %s", info.Hovered.Name)
	}
	h.step(hover(rx, ry), click(rx, ry))
	if b.Busy() || s.Unit(1).AP != s.Unit(1).MaxAP {
		t.Error("clicking the hidden enemy's tile attacked it")
	}
	if toast := b.hud.ToastText(); strings.Contains(toast, "Red") || toast == "" {
		t.Errorf("toast %q: want the plain hint, naming nobody", toast)
	}
	// Out of a mode, a click there does not say whose unit stands there.
	h.step(key(systems.IntentCancel))
	h.step(key(systems.IntentCancel))
	h.step(hover(rx, ry), click(rx, ry))
	if toast := b.hud.ToastText(); strings.Contains(toast, "Red") {
		t.Errorf("clicking the hidden enemy with nobody selected: toast %q", toast)
	}
	// Its overwatch badge is not drawn.
	if tags := b.ui.badges.Tags(2); len(tags) != 0 {
		t.Errorf("the hidden enemy's badges are drawn: %v", tags)
	}
	screenshot(t, h, "fog-hidden.png")

	// Control: with the fog off the same checks do name it, so the tests
	// above can fail.
	b.sight.fog.Off = true
	b.ui.bar.Invalidate()
	h.step(hover(bx, by), click(bx, by))
	h.step()
	if err := bar.Err(systems.ActAttack); err == nil || !strings.Contains(err.Error(), "Red 2") {
		t.Errorf("fog off: attack reason %v, want it to name Red 2", err)
	}
	if tags := b.ui.badges.Tags(2); len(tags) != 1 || tags[0] != "OVERWATCH" {
		t.Errorf("fog off: badges %v, want OVERWATCH", tags)
	}
}
