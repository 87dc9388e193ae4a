package scenes

import (
	"image"
	"math"
	"strings"
	"testing"

	"sightline/actions"
	"sightline/match"
	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// settingsEnv returns a test env with a store in a temporary folder, a
// silent player that keeps its volumes, and the settings the store holds.
func settingsEnv(t *testing.T, st *match.Store) *Env {
	t.Helper()
	env := testEnv(t)
	env.Store, env.Audio = st, systems.NewSilentAudio()
	if err := env.LoadSettings(); err != nil {
		t.Fatalf("LoadSettings: %v", err)
	}
	return env
}

// openSettings opens the settings screen from the title with its key.
func openSettings(t *testing.T, env *Env) *harness {
	t.Helper()
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	if it := h.m.Current().(*Title).menu.Items[7]; it.Label != "Settings" {
		t.Fatalf("title item 8 is %q, want Settings", it.Label)
	}
	h.step(systems.KeyIntent('8'))
	h.settle()
	h.want("settings")
	return h
}

func TestSettingsChangeApplySaveReload(t *testing.T) {
	st := match.NewStore(t.TempDir())
	env := settingsEnv(t, st)
	h := openSettings(t, env)
	h.step(key(systems.IntentLeft))                                                    // Master 80% → 70%
	h.step(key(systems.IntentDown), key(systems.IntentDown), key(systems.IntentRight)) // Ambient 50% → 60%
	for i := 0; i < 3; i++ {
		h.step(key(systems.IntentDown))
	}
	h.step(key(systems.IntentConfirm)) // Fullscreen off → on
	h.draw()
	screenshot(t, h, "settings.png")
	want := systems.Volumes{Master: 0.7, Effects: 1, Ambient: 0.6}
	if have := env.Audio.Volumes(); have != want {
		t.Errorf("the player's volumes: have %+v, want %+v", have, want)
	}
	saved, err := settings.Load(st)
	if err != nil || saved.Master != 0.7 || saved.Ambient != 0.6 || !saved.Fullscreen {
		t.Errorf("the store holds %+v (%v), want master 0.7, ambient 0.6, fullscreen", saved, err)
	}
	h.step(key(systems.IntentBack))
	h.settle()
	h.want("title")

	// The next start reads the same values back and applies them.
	again := settingsEnv(t, st)
	if again.Settings != saved || again.Audio.Volumes() != want || again.Notice != "" {
		t.Errorf("reloaded: settings %+v volumes %+v notice %q; want %+v, %+v, none",
			again.Settings, again.Audio.Volumes(), again.Notice, saved, want)
	}
}

func TestSettingsFullscreenFollows(t *testing.T) {
	env := settingsEnv(t, match.NewStore(t.TempDir()))
	var asked []bool
	env.SetFullscreen = func(on bool) { asked = append(asked, on) }
	h := openSettings(t, env)
	_, y, _, hh := rowRect(5)
	x, _, w, _ := rowRect(5)
	h.step(hover(x+w/2, y+hh/2), click(x+w/2, y+hh/2)) // a click on the value steps it
	if len(asked) == 0 || !asked[len(asked)-1] {
		t.Fatalf("fullscreen asked %v, want it on after the click", asked)
	}
	h.step(key(systems.IntentLeft))
	if asked[len(asked)-1] {
		t.Fatalf("fullscreen asked %v, want it off after Left", asked)
	}
}

func TestSettingsCorruptFile(t *testing.T) {
	tests := []struct{ name, data string }{
		{"not json", "{\"version\":1,"},
		{"binary", "\x00\xff\x10"},
		{"out of range", `{"version":1,"uiScale":7}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := match.NewStore(t.TempDir())
			if err := st.PutData(settings.File, []byte(tt.data)); err != nil {
				t.Fatal(err)
			}
			env := testEnv(t)
			env.Store, env.Audio = st, systems.NewSilentAudio()
			err := env.LoadSettings()
			if err == nil || !strings.Contains(err.Error(), st.Where(settings.File)) {
				t.Fatalf("LoadSettings: %v, want an error naming %s", err, st.Where(settings.File))
			}
			if env.Settings != settings.Default() {
				t.Errorf("settings %+v, want the defaults", env.Settings)
			}
			h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
			h.step()
			h.draw()
			if note := h.m.Current().(*Title).note; note != err.Error() {
				t.Errorf("the title says %q, want %q", note, err)
			}
			if env.Notice != "" {
				t.Errorf("the notice %q is still pending: it would show twice", env.Notice)
			}
			if data, _ := st.GetData(settings.File); string(data) != tt.data {
				t.Errorf("the bad file was changed to %q", data)
			}
		})
	}
}

// redness returns G/R of the reddest pixel within 10 pixels of (x, y): a
// red token's is low, an orange one's high.
func redness(t *testing.T, h *harness, x, y float64) float64 {
	t.Helper()
	h.draw()
	img := image.NewRGBA(image.Rect(0, 0, ScreenWidth, ScreenHeight))
	h.screen.ReadPixels(img.Pix)
	best, ratio := -1.0, 0.0
	for dy := -10; dy <= 10; dy++ {
		for dx := -10; dx <= 10; dx++ {
			c := img.RGBAAt(int(x)+dx, int(y)+dy)
			if r := float64(c.R) - float64(c.B); r > best && c.R > 0 {
				best, ratio = r, float64(c.G)/float64(c.R)
			}
		}
	}
	return ratio
}

func TestColorBlindSidesDrawn(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	rx, ry := b.ScreenOf(b.State().Unit(2).Pos)
	std := redness(t, h, rx, ry)
	st := settings.Default()
	st.ColorBlind = true
	b.env.Settings = st
	h.step()
	cb := redness(t, h, rx, ry)
	screenshot(t, h, "colorblind.png")
	if std > 0.4 || cb < 0.45 {
		t.Errorf("Red 2's token: G/R %.2f standard (want red, under 0.4), %.2f colour-blind (want orange, over 0.45)", std, cb)
	}
	if c := b.env.Theme().Side(rules.SideRed); c != systems.ColorBlindTheme().Red || b.hud.Theme != b.env.Theme() {
		t.Errorf("the battle's theme does not follow the setting")
	}
}

// endTurnArea counts the pixels of the End Turn button's fill in the
// screen's top-right corner.
func endTurnArea(t *testing.T, h *harness, b *Battle) int {
	t.Helper()
	h.draw()
	img := image.NewRGBA(image.Rect(0, 0, ScreenWidth, ScreenHeight))
	h.screen.ReadPixels(img.Pix)
	want := systems.Shade(b.env.Theme().Side(b.State().Side), 0.85)
	n := 0
	for y := 0; y < 100; y++ { // End Turn is at the top bar's right end
		for x := 900; x < ScreenWidth; x++ {
			c := img.RGBAAt(x, y)
			if math.Abs(float64(c.R)-float64(want.R))+math.Abs(float64(c.G)-float64(want.G))+math.Abs(float64(c.B)-float64(want.B)) < 12 {
				n++
			}
		}
	}
	return n
}

func TestUIScaleGrowsPanels(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	area := map[int]int{}
	for _, scale := range settings.UIScales {
		st := settings.Default()
		st.UIScale = scale
		b.env.Settings = st
		h.step()
		area[scale] = endTurnArea(t, h, b)
		if scale == 150 {
			screenshot(t, h, "uiscale150.png")
		}
	}
	if area[100] < 500 || float64(area[125]) < 1.3*float64(area[100]) || float64(area[150]) < 1.8*float64(area[100]) {
		t.Errorf("End Turn's drawn area by scale: %v, want it to grow with the square of the scale", area)
	}
	// At 150% the button is still pressed where it is drawn.
	et := b.hud.EndTurn
	x, y := (et.X+et.W/2)*1.5, (et.Y+et.H/2)*1.5
	turn := b.State().Turn
	side := b.State().Side
	h.step(hover(x, y), click(x, y)) // asks: Blue's units could still act
	h.step(hover(x, y), click(x, y))
	h.settle()
	if b.State().Side == side && b.State().Turn == turn {
		t.Errorf("a click on End Turn drawn at (%.0f, %.0f) did not end the turn", x, y)
	}
}

func TestSkipAnimations(t *testing.T) {
	for _, skip := range []bool{false, true} {
		h, b, rx, ry := aimedShot(t, "attacked:attack", "damaged")
		st := settings.Default()
		st.SkipAnimations = skip
		b.env.Settings = st
		h.step(click(rx, ry))
		if len(b.Match().Log()) == 0 {
			t.Fatal("the click gave no attack")
		}
		frames := 0
		for b.Busy() && frames < 600 {
			h.step()
			frames++
		}
		if skip && frames > 1 || !skip && frames < 20 {
			t.Errorf("skip %v: the attack played for %d frames", skip, frames)
		}
	}
}

func TestShowSourcesSetting(t *testing.T) {
	h, b, rx, ry := aimedShot(t, "attacked:attack", "damaged")
	// Turned on, every line names its rule.
	on := settings.Default()
	on.ShowSources = true
	b.env.Settings = on
	h.step(hover(rx, ry))
	h.draw()
	tp := b.TargetPanel()
	if n := len(tp.ShownSources()); n == 0 || n != len(tp.Lines) {
		t.Fatalf("sources shown: %d, want all %d lines'", n, len(tp.Lines))
	}
	// By default no line does: rule sources are one setting away.
	b.env.Settings = settings.Default()
	h.step(hover(rx, ry))
	h.draw()
	if got := b.TargetPanel().ShownSources(); len(got) != 0 {
		t.Fatalf("sources on hover: %v shown with the pointer on the target, want none", got)
	}
	// The pointer on the panel's first line shows that line's rule.
	// The panel may be drawn shrunk to keep clear of the units (k < 1).
	r := b.ui.targetRect
	k := r[2] / b.TargetPanel().Width()
	h.step(hover(r[0]+120*k, r[1]+(94-8+26+10)*k))
	h.draw()
	screenshot(t, h, "sources-hover.png")
	tp = b.TargetPanel()
	if tp == nil {
		t.Fatal("the hit panel went away with the pointer on it")
	}
	if got := tp.ShownSources(); len(got) != 1 || got[0] != tp.Sections[0].Lines[0].Source {
		t.Fatalf("pointer on the first line: sources %v, want [%q]", got, tp.Sections[0].Lines[0].Source)
	}
}

func TestHelpOverlay(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	h.step(key(systems.IntentHelp))
	if !h.helpUp() {
		t.Fatal("F1 did not open the help")
	}
	h.draw()
	screenshot(t, h, "help.png")
	rows := actionRows()
	for i, a := range actions.All() {
		if i >= len(rows) || !strings.HasPrefix(rows[i].key, strings.ToUpper(string(a.Key))) || !strings.HasPrefix(rows[i].label, a.Label) ||
			rows[i].cost != a.Cost || rows[i].effect != a.Effect || a.Cost == "" || a.Effect == "" {
			t.Errorf("the help does not list %s (%c) with its cost and effect", a.Label, a.Key)
		}
	}
	notes := strings.Join(helpNotes, " ")
	for _, want := range []string{"PEEK", "Half cover", "AIM", "critical", "OVERWATCH"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the help's notes do not explain %q", want)
		}
	}
	// Tab turns the page, and a click on a page's tab shows that page
	// without closing the card.
	card := h.m.Top().(*helpCard)
	h.step(key(systems.IntentCycle))
	if card.page != 1 || !h.helpUp() {
		t.Fatalf("Tab: page %d, help up %v; want page 1", card.page, h.helpUp())
	}
	h.draw()
	screenshot(t, h, "help-controls.png")
	tab := card.helpTabs(ScreenWidth, ScreenHeight)[0]
	h.step(click(tab.X+tab.W/2, tab.Y+tab.H/2))
	if card.page != 0 || !h.helpUp() {
		t.Fatalf("a click on the first tab: page %d, help up %v; want page 0", card.page, h.helpUp())
	}
	// Keys go to the help while it is up: 2 does not choose Attack.
	h.step(systems.KeyIntent('2'))
	if b.Mode() != actions.Move {
		t.Errorf("a key under the help chose %v", b.Mode())
	}
	h.step(key(systems.IntentBack))
	if k, _ := h.menuKind(); h.helpUp() || k != 0 {
		t.Errorf("Esc: help %v, menu %d; want the help closed and no menu", h.helpUp(), k)
	}
	h.step(key(systems.IntentHelp))
	h.step(click(10, 10))
	if h.helpUp() {
		t.Error("a click did not close the help")
	}

	// A finger has no F1: the pause menu (its MENU button) has Help, and
	// a tap closes the card.
	h.step(tap(8, 300)...)
	h.step(tap(b.hud.Menu.X+b.hud.Menu.W/2, b.hud.Menu.Y+b.hud.Menu.H/2)...)
	if k, menu := h.menuKind(); k != menuPause || menu.Items[4].Label != "Help" {
		t.Fatalf("MENU: menu %d, want the pause menu with Help fifth", k)
	}
	h.step(systems.KeyIntent('5'))
	if k, _ := h.menuKind(); !h.helpUp() || k != 0 {
		t.Fatalf("Help: help %v, menu %d; want the help up and the menu gone", h.helpUp(), k)
	}
	h.step(tap(600, 300)...)
	if h.helpUp() {
		t.Error("a tap did not close the help")
	}

	// On the title too.
	th := newHarness(t, testEnv(t), func(e *Env) Scene { return NewTitle(e) })
	th.step(key(systems.IntentHelp))
	if _, ok := th.m.Current().(*Title); !ok || !th.helpUp() {
		t.Error("F1 did not open the help on the title")
	}
	th.step(key(systems.IntentHelp))
	if _, ok := th.m.Current().(*Title); !ok || th.helpUp() {
		t.Error("F1 did not close the help on the title")
	}
}

func TestSettingsFromBattleMenu(t *testing.T) {
	h, b := rangeBattle(t, rangeMap)
	h.settle()
	h.step(key(systems.IntentBack))
	if k, menu := h.menuKind(); k != menuPause || menu.Items[3].Label != "Settings" {
		t.Fatalf("Esc: menu %d, want the pause menu with Settings fourth", k)
	}
	h.step(systems.KeyIntent('4'))
	h.settle()
	h.want("settings")
	h.step(key(systems.IntentBack))
	h.settle()
	if h.m.Current() != Scene(b) {
		t.Fatalf("Esc from the settings: %s, want the battle", h.m.Current().Name())
	}
}
