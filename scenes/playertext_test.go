package scenes

import (
	"regexp"
	"strconv"
	"testing"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// Every button's text fits inside it, on every screen, at every interface
// size: the title's menu (with the longest level name on Continue), the
// level select's, the battle's HUD, action bar and pause menu, the load
// screen, the result's and the help card's.
func TestButtonTextFits(t *testing.T) {
	for _, scale := range settings.UIScales {
		t.Run(strconv.Itoa(scale), func(t *testing.T) {
			env := testEnv(t)
			env.Store = match.NewStore(t.TempDir())
			env.Settings = settings.Default()
			env.Settings.UIScale = scale
			longest := "maps/valley.tmx" // Millbrook Valley
			lv, err := levels.Load(env.Levels, longest)
			if err != nil {
				t.Fatal(err)
			}
			setup := SetupFromLevel(lv)
			setup.Players = [2]Player{Human, Computer}
			var b *Battle
			h := newHarness(t, env, func(e *Env) Scene { b = NewBattle(e, setup); return b })
			h.settle()
			b.Select(b.State().Units[0].ID)
			h.step()

			type screen struct {
				name    string
				buttons []systems.Button
			}
			uw, uh := b.lay.size()
			screens := []screen{
				{"battle HUD", []systems.Button{b.hud.EndTurn, b.hud.Menu, b.ui.undo}},
				{"battle HUD, touch", b.hud.TouchKeyButtons(b.touch.keys())},
				{"action bar", b.ui.bar.Buttons()},
			}
			pm := newPauseMenu(b)
			screens = append(screens, screen{"pause menu", pm.menu.Buttons(uw, uh)})
			pm.open(menuQuit)
			screens = append(screens, screen{"quit", pm.menu.Buttons(uw, uh)})
			b.ui.bar.Touch = true
			screens = append(screens, screen{"action bar, touch", b.ui.bar.Buttons()})

			title := NewTitle(env) // Continue names the autosave's level
			if title.last == nil {
				t.Fatal("no save for Continue")
			}
			screens = append(screens, screen{"title", title.menu.Buttons(ScreenWidth, ScreenHeight)},
				screen{"load", NewLoad(env, nil).menu.Buttons(ScreenWidth, ScreenHeight)})
			ls := NewLevelSelectFor(env, [2]Player{Human, Computer})
			screens = append(screens, screen{"level select", append(ls.difficultyButtons(), levelsBack())})
			card := newHelp(env, b)
			screens = append(screens, screen{"help", append(card.helpTabs(ScreenWidth, ScreenHeight), helpButton())})
			r := b.newResult(env, rules.SideBlue)
			r.Campaign = &CampaignScore{Won: true, Next: longest}
			r.layout()
			var rb []systems.Button
			for _, x := range r.buttons {
				rb = append(rb, x.Button)
			}
			if len(rb) != 4 {
				t.Fatalf("the result offers %d buttons, want all 4", len(rb))
			}
			screens = append(screens, screen{"result", rb})

			for _, s := range screens {
				if len(s.buttons) == 0 {
					t.Errorf("%s: no buttons measured", s.name)
				}
				for _, bt := range s.buttons {
					if over := bt.Overflow(env.Fonts); over > 0 {
						t.Errorf("%s at %d%%: %q (%q) runs %.0f px past its %.0f px button", s.name, scale, bt.Label, bt.Key, over, bt.W)
					}
				}
			}
		})
	}
}

// developerText matches what a player should never read: rule sources
// (seed numbers, section marks), the rules' stat abbreviations (ST, DE),
// map and data file names, file paths.
var developerText = regexp.MustCompile(`(?i)\bseed \d|§|(?-i:\b(ST|DE)\b)|\.(tmx|tsx|json)\b|(^|[\s(])(/[\w.-]+){2,}|[\w-]+/[\w.-]+/`)

// The screens a player meets draw no developer text by default: the
// title, the level select, the briefing, the battle with the hit panel
// up, the save message, the load screen, the pause menu, the result, the
// settings and the help.
func TestNoDeveloperText(t *testing.T) {
	for _, s := range []string{"seed 003, Aiming", "ruleset §5", "maps/outpost.tmx", "/tmp/x/saves/a.json", "saved in /home/me/x"} {
		if !developerText.MatchString(s) {
			t.Fatalf("the pattern misses %q", s)
		}
	}
	for _, s := range []string{"7/10", "Draw / Holster", "E / Enter", "WASD / arrows", "d20 + your attack"} {
		if developerText.MatchString(s) {
			t.Fatalf("the pattern takes %q for developer text", s)
		}
	}
	env := testEnv(t)
	env.Levels = levels.Embedded() // the shipped levels: none is broken
	env.Store = match.NewStore(t.TempDir())
	env.NoBriefing = false
	seen := map[string]string{} // text: the screen it was on
	where := "title"
	env.Fonts.Seen = func(s string) {
		if _, ok := seen[s]; !ok {
			seen[s] = where
		}
	}
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	h.draw()
	where = "level select"
	h.step(systems.KeyIntent('3')) // Play vs computer
	h.settle()
	h.draw()
	where = "briefing"
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	b := h.m.Current().(*Battle)
	for i := 0; i < 40; i++ {
		h.step()
	}
	h.draw()
	where = "battle"
	h.step(key(systems.IntentConfirm)) // past the briefing
	for i := 0; i < 40; i++ {
		h.step()
	}
	h.draw()
	// The hit panel: Attack mode, the pointer on an enemy.
	where = "hit panel"
	s := b.State()
	for _, u := range s.Units {
		if u.Side == rules.SideBlue {
			b.Select(u.ID)
			break
		}
	}
	h.step(systems.KeyIntent('2'))
	for _, u := range s.Units {
		if u.Side == rules.SideRed {
			c := s.Board.TileCenter(u.Pos)
			b.Camera().CenterOn(c.X, c.Y)
			x, y := b.ScreenOf(u.Pos)
			h.step(hover(x, y))
			h.draw()
		}
	}
	where = "pause menu"
	h.step(key(systems.IntentBack), key(systems.IntentBack))
	h.draw()
	where = "save"
	h.step(systems.KeyIntent('2')) // Save
	h.draw()
	where = "result"
	endBattle(t, h, rules.SideBlue)
	h.draw()
	where = "load"
	h.m.GoTo(NewLoad(env, nil))
	h.settle()
	h.draw()
	where = "settings"
	h.m.GoTo(NewSettings(env, NewTitle(env)))
	h.settle()
	h.draw()
	where = "help"
	h.m.GoTo(NewTitle(env))
	h.settle()
	h.step(key(systems.IntentHelp))
	h.draw()
	h.step(key(systems.IntentCycle))
	h.draw()

	if len(seen) < 50 {
		t.Fatalf("only %d texts seen: the screens were not drawn", len(seen))
	}
	for text, screen := range seen {
		if m := developerText.FindString(text); m != "" {
			t.Errorf("%s shows developer text %q in %q", screen, m, text)
		}
	}
}
