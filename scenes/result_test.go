package scenes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sightline/campaign"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// startLevel opens the level select for players from a title in h,
// chooses the level at path and starts it.
func startLevel(t *testing.T, h *harness, players [2]Player, path, profile string) *Battle {
	t.Helper()
	ls := NewLevelSelectFor(h.m.Env, players)
	ls.choose(path)
	ls.chooseProfile(profile)
	h.m.GoTo(ls)
	h.settle()
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	return h.m.Current().(*Battle)
}

// pastGuard runs the frames the result screen ignores presses for.
func pastGuard(h *harness) {
	for i := 0; i < 40; i++ {
		h.step()
	}
}

// A player's defeat against the computer is headed DEFEAT, and a win
// VICTORY; Retry starts the same level in the same mode with new dice; a
// finished battle leaves no autosave for Continue; the level select comes
// back in the mode played, with the level and the computer's profile
// chosen.
func TestResultVersusComputer(t *testing.T) {
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	b := startLevel(t, h, [2]Player{Human, Computer}, "maps/crossroads.tmx", "easy")
	if names, _ := env.Store.List("saves"); !slices.Contains(names, "saves/autosave") {
		t.Fatalf("a new battle keeps no autosave: %v", names)
	}
	seed := b.Match().Seed()

	r := endBattle(t, h, rules.SideBlue)
	if kicker, head := r.Headline(); kicker != "" || head != "DEFEAT" {
		t.Errorf("Blue's defeat is headed %q over %q, want DEFEAT alone", head, kicker)
	}
	if line := r.leftLine(); len(r.Left) == 0 || !strings.HasPrefix(line, "Red has "+strconv.Itoa(len(r.Left))+" left standing: ") {
		t.Errorf("Blue's defeat says %q of Red's survivors %v: want them named as Red's", line, r.Left)
	}
	if names, _ := env.Store.List("saves"); slices.Contains(names, "saves/autosave") {
		t.Errorf("the finished battle's autosave is still kept: %v", names)
	}
	if title := NewTitle(env); !title.menu.Items[0].Disabled {
		t.Errorf("after the result, Continue offers %q", title.menu.Items[0].Label)
	}
	var labels []string
	for _, bt := range r.buttons {
		labels = append(labels, bt.Label)
	}
	if want := []string{"Retry", "Watch replay", "Level select"}; !slices.Equal(labels, want) || r.buttons[r.focus].act != actRetry {
		t.Errorf("after a defeat the buttons are %v with %q focused, want %v with Retry", labels, r.buttons[r.focus].Label, want)
	}
	h.draw()
	screenshot(t, h, "result-defeat.png")

	// A press held from the battle does not choose.
	h.m.GoTo(r)
	h.settle()
	r.up = 0
	h.step(key(systems.IntentConfirm))
	h.want("result")
	pastGuard(h)

	// Enter on the focused Retry: the same level and players, new dice.
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	b2 := h.m.Current().(*Battle)
	if b2 == b || b2.name != "Crossroads" || b2.players != [2]Player{Human, Computer} || b2.turns.profile.Name != "easy" || b2.campaign {
		t.Fatalf("Retry started %q, players %v, profile %q, campaign %v", b2.name, b2.players, b2.turns.profile.Name, b2.campaign)
	}
	if b2.Match().Seed() == seed {
		t.Error("Retry rolls the same dice")
	}

	r = endBattle(t, h, rules.SideRed)
	if kicker, head := r.Headline(); kicker != "" || head != "VICTORY" {
		t.Errorf("Blue's win is headed %q over %q, want VICTORY alone", head, kicker)
	}
	if r.buttons[r.focus].act != actLevels {
		t.Errorf("after a win the focus is on %q, want Level select", r.buttons[r.focus].Label)
	}
	h.draw()
	screenshot(t, h, "result-victory.png")
	pastGuard(h)
	// A click on Level select.
	lb := r.buttons[len(r.buttons)-1]
	h.step(hover(lb.X+lb.W/2, lb.Y+lb.H/2), click(lb.X+lb.W/2, lb.Y+lb.H/2))
	h.settle()
	h.want("levels")
	ls := h.m.Current().(*LevelSelect)
	if ls.players != [2]Player{Human, Computer} || ls.campaign || ls.entries[ls.cursor].Path != "maps/crossroads.tmx" || ls.profiles[ls.profile].Name != "easy" {
		t.Errorf("the level select came back with players %v, campaign %v, level %s, profile %s",
			ls.players, ls.campaign, ls.entries[ls.cursor].Path, ls.profiles[ls.profile].Name)
	}
}

// In hot-seat the result names the winner; Watch replay plays the battle
// back and Esc returns to the result; the level select comes back in
// hot-seat.
func TestResultHotSeatAndReplay(t *testing.T) {
	env := testEnv(t)
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	startLevel(t, h, [2]Player{}, "maps/outpost.tmx", "")
	r := endBattle(t, h, rules.SideRed)
	if kicker, head := r.Headline(); kicker != "BATTLE OVER" || head != "BLUE WINS" {
		t.Errorf("a hot-seat result is headed %q over %q, want BLUE WINS under BATTLE OVER", head, kicker)
	}
	pastGuard(h)
	h.step(systems.KeyIntent('w'))
	h.settle()
	h.want("battle")
	if w := h.m.Current().(*Battle); !w.Watching() || w.name != "Outpost" {
		t.Fatalf("Watch replay opened %q, watching %v", w.name, w.Watching())
	}
	h.step(key(systems.IntentBack))
	h.settle()
	if h.m.Current() != Scene(r) {
		t.Fatalf("Esc from the replay went to %q, want the result", h.m.Current().Name())
	}
	h.step(key(systems.IntentBack))
	h.settle()
	h.want("levels")
	if ls := h.m.Current().(*LevelSelect); ls.players != [2]Player{} || ls.entries[ls.cursor].Path != "maps/outpost.tmx" {
		t.Errorf("the level select came back for %v on %s, want hot-seat on Outpost", ls.players, ls.entries[ls.cursor].Path)
	}
}

// A campaign win offers Next level, focused: it starts the next campaign
// level as a campaign battle.
func TestResultNextLevel(t *testing.T) {
	env := testEnv(t)
	env.Levels = campaignLevels(t)
	env.Store = match.NewStore(t.TempDir())
	h := newHarness(t, env, func(e *Env) Scene { return NewCampaignSelect(e) })
	h.settle()
	h.step(key(systems.IntentConfirm))
	h.settle()
	r := endBattle(t, h, rules.SideRed)
	if r.buttons[r.focus].act != actNext || r.buttons[r.focus].Label != "Next level" {
		t.Fatalf("after a campaign win the focus is on %q, want Next level", r.buttons[r.focus].Label)
	}
	pastGuard(h)
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	if b := h.m.Current().(*Battle); b.name != "Outpost" || !b.campaign || b.players != [2]Player{Human, Computer} {
		t.Errorf("Next level started %q, campaign %v, players %v", b.name, b.campaign, b.players)
	}
}

// A battle resumed with Continue ends on a result whose level select is
// the mode it was played in, not hot-seat.
func TestResultAfterContinue(t *testing.T) {
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	startLevel(t, h, [2]Player{Human, Computer}, "maps/crossroads.tmx", "normal")
	h.m.GoTo(NewTitle(env))
	h.settle()
	h.step(key(systems.IntentConfirm)) // Continue
	h.settle()
	h.want("battle")
	endBattle(t, h, rules.SideRed)
	pastGuard(h)
	h.step(key(systems.IntentBack))
	h.settle()
	h.want("levels")
	if ls := h.m.Current().(*LevelSelect); ls.players != [2]Player{Human, Computer} {
		t.Errorf("after a continued battle the level select is for %v, want Blue against the computer", ls.players)
	}
}

// A campaign battle whose last units of both sides fall together is a
// draw: headed DRAW (neither VICTORY nor DEFEAT), the rules' reason under
// it, Retry focused beside Watch replay and Level select (no Next
// level), and no win kept in the campaign's progress.
func TestResultDraw(t *testing.T) {
	env := testEnv(t)
	env.Levels = campaignLevels(t)
	env.Store = match.NewStore(t.TempDir())
	h := newHarness(t, env, func(e *Env) Scene { return NewCampaignSelect(e) })
	h.settle()
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	b := h.m.Current().(*Battle)
	for i := 0; i < 25; i++ {
		h.step()
	}
	h.step(key(systems.IntentAnyKey)) // past the briefing
	h.want("battle")
	for _, u := range b.State().Units {
		u.HP = 0
	}
	h.step()
	h.settle()
	h.want("result")
	r := h.m.Current().(*Result)
	if !r.Drawn || r.Why != rules.DrawWhy || len(r.Left) != 0 {
		t.Fatalf("drawn %v, why %q, left %v; want a draw, %q, nobody left", r.Drawn, r.Why, r.Left, rules.DrawWhy)
	}
	if kicker, head := r.Headline(); kicker != "BATTLE OVER" || head != "DRAW" {
		t.Errorf("a draw is headed %q over %q, want DRAW under BATTLE OVER", head, kicker)
	}
	var labels []string
	for _, bt := range r.buttons {
		labels = append(labels, bt.Label)
	}
	if want := []string{"Retry", "Watch replay", "Level select"}; !slices.Equal(labels, want) || r.buttons[r.focus].act != actRetry {
		t.Errorf("after a draw the buttons are %v with %q focused, want %v with Retry", labels, r.buttons[r.focus].Label, want)
	}
	if c := r.Campaign; c == nil || c.Won || c.Unlocked != "" || c.Err != "" {
		t.Fatalf("a draw's campaign score: %+v", c)
	}
	p, err := campaign.Load(env.Store)
	if rec := p.Levels["maps/crossroads.tmx"]; err != nil || rec.Won || rec.Plays != 1 {
		t.Fatalf("a draw kept %+v, %v: want one play and no win", rec, err)
	}
	h.draw()
	screenshot(t, h, "result-draw.png")
}

// TestResultOneLayout: the result screen follows one rule sideways and
// upright (tour pictures 09 and 22 differed): the verdict's band first,
// then the results under it (the campaign's score and what it unlocked;
// sideways they floated over the band), with no line repeating the
// verdict (a grey "BLUE WINS" over VICTORY), and the same default
// choice, Next level when there is one.
func TestResultOneLayout(t *testing.T) {
	for _, upright := range []bool{false, true} {
		t.Run(fmt.Sprintf("upright %t", upright), func(t *testing.T) {
			env := testEnv(t)
			if upright {
				env = uprightEnv(t, [2]float64{390, 844})
			}
			r := NewResult(env, rules.SideBlue, "Bridge", 1)
			r.again = rematch{level: match.LevelRef{File: "maps/bridge.tmx"}, players: [2]Player{Human, Computer}, profile: "normal", campaign: true}
			r.record = &match.Replay{}
			r.Why = "Every Red unit is down."
			r.Left = []string{"Brandt", "Okafor"}
			r.Campaign = &CampaignScore{Won: true, Score: 1250, Best: 1250, NewBest: true, Unlocked: "Crossroads", Next: "maps/crossroads.tmx"}
			r.layout()
			h := newHarness(t, env, func(*Env) Scene { return r })
			h.settle()
			h.draw()
			w, hh := sceneSize(r)
			if (hh > w) != upright {
				t.Fatalf("the result is drawn %.0f×%.0f", w, hh)
			}
			lines, band := r.wideLines()
			if upright {
				lines, band = r.uprightLines(w, hh)
			}
			if b := r.buttons[r.focus]; b.act != actNext {
				t.Errorf("the choice Enter presses is %q, want Next level", b.Label)
			}
			at := map[string]box{}
			for _, l := range lines {
				at[l.s] = l.box(env.Fonts)
				if l.s == "BLUE WINS" {
					t.Errorf("%q repeats the verdict VICTORY", l.s)
				}
			}
			for _, s := range []string{"VICTORY", "Bridge · Normal · 1 turn"} {
				if b, ok := at[s]; !ok || b.y < band[0] || b.y+b.h > band[1] {
					t.Errorf("%q (%v, shown %t) is not on the band %v", s, b, ok, band)
				}
			}
			prev := band[1]
			for _, s := range []string{"Score 1250 · a new best", "Unlocked: Crossroads", r.Why, r.leftLine()} {
				b, ok := at[s]
				if !ok {
					t.Errorf("%q is not shown", s)
					continue
				}
				if b.y < prev {
					t.Errorf("%q starts at %.0f, above the band's foot or the line before it (%.0f)", s, b.y, prev)
				}
				prev = b.y + b.h
			}
			if len(r.buttons) > 0 && prev > r.buttons[0].Y {
				t.Errorf("the text runs to %.0f, under the buttons from %.0f", prev, r.buttons[0].Y)
			}
			screenshot(t, h, fmt.Sprintf("result-one-layout-%t.png", upright))
		})
	}
}
