package scenes

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"sightline/campaign"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// campaignLevels is testLevels with the campaign made of Crossroads (1)
// then Outpost (2), whatever places the shipped maps give.
func campaignLevels(t *testing.T) fs.FS {
	t.Helper()
	fsys := testLevels(t).(fstest.MapFS)
	place := regexp.MustCompile(`\s*<property name="campaign"[^>]*/>`)
	for file, n := range map[string]string{"maps/crossroads.tmx": "1", "maps/outpost.tmx": "2"} {
		s := place.ReplaceAllString(string(fsys[file].Data), "")
		s = strings.Replace(s, "<properties>", `<properties><property name="campaign" type="int" value="`+n+`"/>`, 1)
		fsys[file] = &fstest.MapFile{Data: []byte(s)}
	}
	for file, f := range fsys { // the other shipped levels leave the campaign
		if file != "maps/crossroads.tmx" && file != "maps/outpost.tmx" && strings.HasSuffix(file, ".tmx") {
			fsys[file] = &fstest.MapFile{Data: place.ReplaceAll(f.Data, nil)}
		}
	}
	return fsys
}

// endBattle fells every unit of side in the battle on screen and runs
// frames until the result screen is up.
func endBattle(t *testing.T, h *harness, loser rules.Side) *Result {
	t.Helper()
	b := h.m.Current().(*Battle)
	for i := 0; i < 25; i++ {
		h.step()
	}
	h.step(key(systems.IntentAnyKey)) // past a briefing, if any
	for _, u := range b.State().Units {
		if u.Side == loser {
			u.HP = 0
		}
	}
	h.step()
	h.settle()
	h.want("result")
	return h.m.Current().(*Result)
}

// TestCampaignFlow: the title's Campaign lists the campaign's levels in
// order with the second locked; winning the first scores it, keeps the
// progress in the store, unlocks the second and returns to the campaign
// with it chosen; a loss scores nothing and unlocks nothing.
func TestCampaignFlow(t *testing.T) {
	env := testEnv(t)
	env.Levels = campaignLevels(t)
	env.Store = match.NewStore(t.TempDir())
	h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
	h.step()
	h.step(systems.KeyIntent('2'))
	h.settle()
	h.want("levels")
	ls := h.m.Current().(*LevelSelect)
	if !ls.campaign || len(ls.Entries()) != 2 || ls.Entries()[0].Name != "Crossroads" || ls.Entries()[1].Name != "Outpost" {
		t.Fatalf("the campaign lists %+v", ls.Entries())
	}
	if ls.cursor != 0 || ls.locked(0) || !ls.locked(1) || ls.players != [2]Player{Human, Computer} {
		t.Fatalf("cursor %d, locked %v %v, players %v", ls.cursor, ls.locked(0), ls.locked(1), ls.players)
	}
	h.draw()
	screenshot(t, h, "campaign.png")
	h.step(key(systems.IntentDown))
	h.step(key(systems.IntentConfirm))
	if h.m.Current() != ls || !strings.Contains(ls.message, "Locked: win Crossroads first") {
		t.Fatalf("a locked level: scene %s, message %q", h.m.Current().Name(), ls.message)
	}

	// A loss: nothing opens.
	h.step(key(systems.IntentUp))
	h.step(key(systems.IntentConfirm))
	h.settle()
	h.want("battle")
	if b := h.m.Current().(*Battle); !b.campaign {
		t.Fatal("the campaign's battle is not marked as one")
	}
	r := endBattle(t, h, rules.SideBlue)
	if c := r.Campaign; c == nil || c.Won || c.Score != 0 || c.Unlocked != "" || c.Err != "" {
		t.Fatalf("after a loss: %+v", c)
	}
	for i := 0; i < 35; i++ {
		h.step()
	}
	h.step(key(systems.IntentBack)) // the level select
	h.settle()
	h.want("levels")
	if ls = h.m.Current().(*LevelSelect); !ls.campaign || !ls.locked(1) || ls.cursor != 0 {
		t.Fatalf("after a loss: campaign %v, second locked %v, cursor %d", ls.campaign, ls.locked(1), ls.cursor)
	}

	// A win: scored, kept, the next level opens and is chosen.
	h.step(key(systems.IntentConfirm))
	h.settle()
	r = endBattle(t, h, rules.SideRed)
	c := r.Campaign
	if c == nil || !c.Won || c.Score < campaign.MinScore || !c.NewBest || c.Best != c.Score || c.Unlocked != "Outpost" || c.Next != "maps/outpost.tmx" || c.Err != "" {
		t.Fatalf("after a win: %+v", c)
	}
	h.draw()
	screenshot(t, h, "campaign-result.png")
	p, err := campaign.Load(env.Store)
	if rec := p.Levels["maps/crossroads.tmx"]; err != nil || !rec.Won || rec.Best != c.Score || rec.Plays != 2 {
		t.Fatalf("kept progress %+v, %v", p, err)
	}
	for i := 0; i < 35; i++ {
		h.step()
	}
	h.step(key(systems.IntentBack)) // the level select
	h.settle()
	if ls = h.m.Current().(*LevelSelect); !ls.campaign || ls.locked(1) || ls.cursor != 1 {
		t.Fatalf("after a win: campaign %v, second locked %v, cursor %d", ls.campaign, ls.locked(1), ls.cursor)
	}
	h.draw()
	screenshot(t, h, "campaign-open.png")
}

// A damaged progress file is reported on the campaign screen, and the
// backup it fell back on is used.
func TestCampaignDamagedProgress(t *testing.T) {
	env := testEnv(t)
	env.Levels = campaignLevels(t)
	env.Store = match.NewStore(t.TempDir())
	var p campaign.Progress
	p.Add("maps/crossroads.tmx", campaign.Result{Won: true, Turns: 4})
	if err := campaign.Save(env.Store, p); err != nil {
		t.Fatal(err)
	}
	if err := env.Store.PutData(campaign.File, []byte("{broken")); err != nil {
		t.Fatal(err)
	}
	ls := NewCampaignSelect(env)
	if !strings.Contains(ls.progErr, "using its backup") || ls.locked(1) || ls.cursor != 1 {
		t.Fatalf("progErr %q, second locked %v, cursor %d", ls.progErr, ls.locked(1), ls.cursor)
	}
}

// The level select lists a squad by type, most first, in plain English.
func TestSquadLine(t *testing.T) {
	s, err := rules.ParseASCII("BBBB.R")
	if err != nil {
		t.Fatal(err)
	}
	for i, typ := range []string{"marksman", "trooper", "marksman", "mech"} {
		s.Units[i].Type = typ
	}
	if have, want := squad(s, rules.SideBlue), "2 marksmen, a trooper, a mech"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
	if have, want := squad(s, rules.SideRed), "a soldier"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
}

// TestLevelTitle: the online service's level ids read as the levels'
// names, and an id no shipped level has reads as itself.
func TestLevelTitle(t *testing.T) {
	env := testEnv(t)
	for _, tc := range []struct{ id, want string }{
		{"crossroads", "Crossroads"},
		{"valley", "Millbrook Valley"},
		{"no-such-level", "no-such-level"},
	} {
		if got := env.levelTitle(tc.id); got != tc.want {
			t.Errorf("levelTitle(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
}
