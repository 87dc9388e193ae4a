package scenes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// levelBattle starts a hot-seat battle on Outpost with saves kept in a
// fresh folder.
func levelBattle(t *testing.T, handover bool) (*harness, *Battle, *Env) {
	t.Helper()
	lv, err := levels.Load(levels.Embedded(), "maps/outpost.tmx")
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv(t)
	env.NoHandover = !handover
	env.Store = match.NewStore(t.TempDir())
	var b *Battle
	h := newHarness(t, env, func(e *Env) Scene { b = NewBattle(e, SetupFromLevel(lv)); return b })
	h.settle()
	h.step()
	return h, b, env
}

// firstMove returns a quiet move for Blue's first unit: a reachable tile
// next to it from which Blue learns of no new enemy.
func firstMove(t *testing.T, b *Battle) rules.Move {
	t.Helper()
	u := b.State().Units[0]
	r := b.State().Reach(u.ID, rules.MoveBudget(u))
	for _, p := range r.Tiles() {
		if p == u.Pos || r.Cost(p) == 0 || r.Cost(p) > 4 {
			continue
		}
		c := rules.Move{Unit: u.ID, To: p}
		if ev, err := predict(t, b, c); err == nil && len(ev) == 1 {
			f := match.New(b.State().Clone(), 1)
			if res, err := f.Apply(c); err == nil && res.Final == "" {
				return c
			}
		}
	}
	t.Fatal("test level: Blue's first unit has no quiet move")
	return rules.Move{}
}

// Undo takes back a quiet move (Ctrl+Z), and refuses a shot, saying why.
func TestBattleUndo(t *testing.T) {
	h, b, _ := levelBattle(t, false)
	u := b.State().Units[0]
	home := u.Pos
	mv := firstMove(t, b)
	b.apply(mv)
	h.settle()
	if u.Pos == home {
		t.Fatal("the move did not happen")
	}
	h.step(key(systems.IntentUndo))
	if u.Pos != home || len(b.Match().Log()) != 0 {
		t.Fatalf("after Ctrl+Z Blue 1 stands at %v (want %v), %d commands logged", u.Pos, home, len(b.Match().Log()))
	}
	if !strings.Contains(b.Log().TextFor(rules.SideBlue), "(undone: move)") || !strings.Contains(b.hud.ToastText(), "Undone") {
		t.Errorf("the undo is not told: toast %q", b.hud.ToastText())
	}
	h.step()
	if e := b.World().Unit(u.ID); e == nil || e.Pos != entitiesCenter(b, home) {
		t.Errorf("the token is not back home")
	}
	// The undo button says why not after a roll.
	b.apply(rules.Reload{Unit: u.ID}) // quiet or not, a second command to take back
	h.settle()
	h.step(key(systems.IntentUndo))
	b.apply(rules.EndTurn{})
	h.settle()
	h.step(key(systems.IntentUndo))
	if !strings.Contains(b.hud.ToastText(), "Nothing to undo") {
		t.Errorf("undo at the start of Red's turn: toast %q", b.hud.ToastText())
	}
	for _, e := range b.State().Units {
		if e.Side == rules.SideRed && e.Alive() {
			for _, blue := range b.State().Units {
				if blue.Side == rules.SideBlue && blue.Alive() {
					if _, err := predict(t, b, rules.Attack{Unit: e.ID, Target: blue.ID}); err == nil {
						b.apply(rules.Attack{Unit: e.ID, Target: blue.ID})
						h.settle()
						h.step(key(systems.IntentUndo))
						if !strings.Contains(b.hud.ToastText(), "dice were rolled") {
							t.Errorf("undo after a shot: toast %q", b.hud.ToastText())
						}
						return
					}
				}
			}
		}
	}
	t.Skip("test level: no Red unit can shoot at the start of its turn")
}

func entitiesCenter(b *Battle, p rules.Point) rules.Vec {
	return b.State().Board.TileCenter(p)
}

// Save from the pause menu, then Load from the title: the battle comes
// back as it was saved (state, camera, selection). A corrupt save and one
// from a later version are listed greyed out with the reason, and the
// good one still loads.
func TestSaveAndLoad(t *testing.T) {
	h, b, env := levelBattle(t, false)
	b.apply(firstMove(t, b))
	h.settle()
	b.Select(b.State().Units[0].ID)
	b.cam.Zoom = 1.25
	want := b.Match().Hash()
	h.step(key(systems.IntentBack))
	h.step(systems.KeyIntent('2')) // Save
	if toast := b.hud.ToastText(); !strings.HasPrefix(toast, "Saved: "+b.name+", turn 1") || !b.hud.ToastIsNote() || strings.ContainsAny(toast, "/\\") {
		t.Fatalf("Save: toast %q (a note, not an error: %v); want the level and turn, no path", toast, b.hud.ToastIsNote())
	}
	names, _ := env.Store.List("saves")
	if len(names) != 2 { // the autosave and this one
		t.Fatalf("saves: %v", names)
	}
	// A corrupt save and one from the future beside it.
	dir := filepath.Dir(env.Store.Where("saves/x"))
	good, err := os.ReadFile(env.Store.Where(names[0]))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "broken.json"), good[:len(good)/3], 0o644)
	os.WriteFile(filepath.Join(dir, "future.json"), []byte(strings.Replace(string(good), fmt.Sprintf(`"format": %d`, match.ReplayFormat), `"format": 9`, 1)), 0o644)

	l := NewLoad(env, nil)
	var okIdx, bad = -1, 0
	for i, it := range l.menu.Items {
		if strings.Contains(it.Label+it.Note, ".json") || strings.Contains(it.Label, "2026-") || strings.Contains(it.Label+it.Note, dir) {
			t.Errorf("a save is listed by its file: %+v", it)
		}
		switch {
		case it.Label == "A save that cannot be read":
			if !it.Disabled || it.Note == "" {
				t.Errorf("an unreadable save is offered, or says not why: %+v", it)
			}
			bad++
		case !it.Disabled && !strings.Contains(it.Label, "autosave") && okIdx < 0:
			okIdx = i
			if !strings.HasPrefix(it.Label, b.name+" · ") {
				t.Errorf("the save is labelled %q, want the level and the time", it.Label)
			}
		}
	}
	if okIdx != 0 || bad != 2 {
		t.Fatalf("the newest good save is not first, or the two bad ones are not listed: %+v", l.menu.Items)
	}
	h2 := newHarness(t, env, func(e *Env) Scene { return NewLoad(e, nil) })
	h2.step(systems.KeyIntent('1'))
	h2.settle()
	h2.want("battle")
	nb := h2.m.Current().(*Battle)
	if nb.Match().Hash() != want || nb.cam.Zoom != 1.25 || nb.selected != b.State().Units[0].ID {
		t.Errorf("loaded: hash equal %v, zoom %.2f, selected %d", nb.Match().Hash() == want, nb.cam.Zoom, nb.selected)
	}
	// The log goes on from before the save: the move made then is in it.
	if got := nb.Log().TextFor(nb.State().Side); !strings.Contains(got, "(resumed at turn 1)") || !strings.Contains(got, " moves ") ||
		strings.Index(got, " moves ") > strings.Index(got, "(resumed") {
		t.Errorf("the loaded battle's log does not hold the battle before it was resumed: %q", got)
	}
	// Continue on the title resumes the newest save.
	title := NewTitle(env)
	if title.last == nil || title.menu.Items[0].Disabled {
		t.Fatalf("the title offers no Continue: %+v", title.menu.Items[0])
	}
}

// In hot-seat the next side sees its view only after the handover screen.
func TestHandover(t *testing.T) {
	h, b, _ := levelBattle(t, true)
	b.apply(rules.EndTurn{})
	h.settle()
	h.step()
	side, on := h.handover()
	if !on || side != rules.SideRed {
		t.Fatalf("after Blue's turn: handover %v for %v", on, side)
	}
	if v, _ := b.fog.Viewer(); v != rules.SideBlue {
		t.Errorf("behind the handover the fog already shows %v", v)
	}
	h.draw()
	if px := h.pixel; px[0] > 0x30 || px[1] > 0x30 || px[2] > 0x40 {
		t.Errorf("the handover screen's corner is %v, want the dark background", px)
	}
	screenshot(t, h, "handover.png")
	for i := 0; i < 12; i++ {
		h.step()
	}
	h.step(key(systems.IntentAnyKey))
	if _, on := h.handover(); on {
		t.Fatal("a key did not dismiss the handover")
	}
	if v, all := b.fog.Viewer(); all || v != rules.SideRed {
		t.Errorf("after the handover the fog shows %v (all %v), want Red", v, all)
	}
}

// The title is drawn over a shipped level in the battles' own tiles, and
// every one of its choices is on screen: a menu too long for one column
// under the name takes two.
func TestTitleLayout(t *testing.T) {
	env := testEnv(t)
	env.titleBack = nil // draw it here, not take the one an earlier test drew
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	for i := 0; i < 3; i++ {
		h.step()
		h.draw()
	}
	title := h.m.Current().(*Title)
	if title.back == nil {
		t.Fatalf("no backdrop drawn from %s", titleLevel)
	}
	for i := range title.menu.Items {
		x, y := title.menu.ItemAt(i, ScreenWidth, ScreenHeight)
		if y+menuHalfH > ScreenHeight || y < menuTop || x < 0 || x > ScreenWidth {
			t.Errorf("item %d (%s) centred at (%.0f, %.0f), off the screen", i, title.menu.Items[i].Label, x, y)
		}
		for j := 0; j < i; j++ {
			if x2, y2 := title.menu.ItemAt(j, ScreenWidth, ScreenHeight); x2 == x && y2 == y {
				t.Errorf("items %d and %d on top of each other", i, j)
			}
		}
	}
	screenshot(t, h, "title.png")
}

// menuHalfH is half a menu item's height.
const menuHalfH = 26
