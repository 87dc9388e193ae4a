package scenes

import (
	"strings"
	"testing"

	"sightline/systems"
)

// Every button keeps its kind's house style (labels.go): a menu item, or
// a button filled like one, reads as a sentence, never all in capitals
// ("Help" among the title's items, "Back" in Settings, Load and Online);
// a screen button on a bar or in a corner reads in capitals (the level
// select's BACK, the battle's bar).
func TestLabelsKeepTheHouseStyle(t *testing.T) {
	caps := func(l string) bool { return strings.ToUpper(l) == l && strings.ToLower(l) != l }
	type labelled struct{ where, label string }
	var items, buttons []labelled
	item := func(where string, ls ...string) {
		for _, l := range ls {
			items = append(items, labelled{where, l})
		}
	}
	button := func(where string, bs ...systems.Button) {
		for _, b := range bs {
			buttons = append(buttons, labelled{where, b.Label})
		}
	}
	menu := func(where string, m systems.Menu) {
		for _, it := range m.Items {
			item(where, it.Label)
		}
	}
	for _, env := range []*Env{testEnv(t), uprightEnv(t, [2]float64{390, 844})} {
		title := NewTitle(env)
		menu("title", title.menu)
		item("title's Help", title.helpButton().Label)
		menu("load", NewLoad(env, nil).menu)
		menu("online", NewOnlineMenu(env).menu)
		ls := NewLevelSelectFor(env, [2]Player{Human, Computer})
		button("level select", ls.backButton())
	}
	item("settings", itemBack) // drawn as the settings' last row
	item("title's corner Help", helpButton().Label)
	button("level select", levelsBack())
	hud := systems.NewHUD(testEnv(t).Fonts, ScreenWidth, ScreenHeight, "a level")
	button("battle bar", hud.EndTurn, hud.Menu)
	for _, l := range items {
		if caps(l.label) {
			t.Errorf("%s: the menu item %q is all capitals, want a sentence", l.where, l.label)
		}
	}
	for _, l := range buttons {
		if !caps(l.label) {
			t.Errorf("%s: the screen button %q is not in capitals", l.where, l.label)
		}
	}
	if len(items) < 20 || len(buttons) < 4 {
		t.Errorf("looked at %d items and %d buttons only", len(items), len(buttons))
	}
}
