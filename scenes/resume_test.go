package scenes

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sightline/match"
	"sightline/rules"
)

// golden reads a golden replay as a save to resume.
func golden(t *testing.T, name string) *match.Replay {
	t.Helper()
	r, err := match.ReadFile(filepath.Join("..", "testdata", "replays", name+".replay.json"))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A save's campaign flag is taken only for a campaign level, a person as
// Blue against the computer, not yet decided: a finished hot-seat battle
// marked campaign does not score the campaign on its first frame.
func TestResumeCampaignFlag(t *testing.T) {
	env := testEnv(t)
	_, order := campaignOrder(env.levelEntries())
	inCampaign := func(file string) bool {
		for _, f := range order {
			if f == file {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		name, replay string
		sides        [2]string
		want         func(file string) bool
	}{
		{"a finished hot-seat battle", "outpost", [2]string{"human", "human"}, func(string) bool { return false }},
		{"a finished battle against the computer", "outpost", [2]string{"human", "computer:normal"}, func(string) bool { return false }},
		{"an undecided hot-seat battle", "glasshouse", [2]string{"human", "human"}, func(string) bool { return false }},
		{"an undecided battle as Red", "glasshouse", [2]string{"computer:normal", "human"}, func(string) bool { return false }},
		{"an undecided battle as Blue against the computer", "glasshouse", [2]string{"human", "computer:normal"}, inCampaign},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := golden(t, tc.replay)
			r.Campaign, r.Sides = true, tc.sides
			b, err := Resume(env, r)
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.want(r.Level.File); b.campaign != want {
				t.Errorf("resumed as a campaign battle: %v, want %v", b.campaign, want)
			}
		})
	}
}

// A save's camera is kept on the map and within the zooms the map
// allows, whatever numbers in range the file holds; a selection of a
// unit that is not there selects nothing.
func TestResumeCameraBounded(t *testing.T) {
	r := golden(t, "glasshouse")
	r.View = &match.SavedView{X: 1e6, Y: -1e6, Zoom: 20, Selected: 999}
	b, err := Resume(testEnv(t), r)
	if err != nil {
		t.Fatal(err)
	}
	c := b.cam
	for _, v := range []float64{c.X, c.Y, c.Zoom} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("camera %+v", c)
		}
	}
	if c.Zoom != c.MaxZoom || c.X > c.WorldW || c.Y < -c.ViewH || b.selected != 0 {
		t.Errorf("camera at %.0f,%.0f zoom %.2f (max %.2f), selected %d; want it on the map, at most the max zoom, nothing selected", c.X, c.Y, c.Zoom, c.MaxZoom, b.selected)
	}
}

// A long save is re-played a frame's budget at a time on the resuming
// screen, which says how far it has got, and the battle follows.
func TestResumingShowsProgress(t *testing.T) {
	env := testEnv(t)
	r := golden(t, "glasshouse") // undecided: the battle stays up
	r.Sides = [2]string{"human", "human"}
	rs, err := NewResuming(env, r, func(*Manager, error) { t.Error("failed") })
	if err != nil {
		t.Fatal(err)
	}
	// A frame's budget shorter than any command: one command a frame, as
	// a slow machine re-playing a long save would see it.
	rs.budget = time.Nanosecond
	h := newHarness(t, env, func(*Env) Scene { return rs })
	var said []string
	for i := 0; i < 2000 && h.m.Current() == Scene(rs); i++ {
		h.step()
		if len(said) == 0 || said[len(said)-1] != rs.menu.Text {
			said = append(said, rs.menu.Text)
		}
	}
	h.settle()
	h.want("battle")
	if len(said) != len(r.Commands) {
		t.Fatalf("the resuming screen said %d things, want one a command (%d): %q", len(said), len(r.Commands), said)
	}
	for i, have := range said {
		if want := fmt.Sprintf("re-playing its commands: %d of %d", i+1, len(r.Commands)); have != want {
			t.Errorf("frame %d said %q, want %q", i+1, have, want)
		}
	}
	if got := h.m.Current().(*Battle).Match().Hash(); got != r.End {
		t.Errorf("the resumed battle's hash %.12s, want the save's end %.12s", got, r.End)
	}
}

// A save that cannot be read but whose backup can is listed as from its
// backup and resumed from it, the battle saying so once.
func TestResumeFromBackup(t *testing.T) {
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	r := golden(t, "glasshouse")
	r.Saved, r.Sides = "2026-11-28T15:04:05Z", [2]string{"human", "human"}
	for range 2 {
		if err := env.Store.Put("saves/slot", r); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(env.Store.Where("saves/slot"), []byte(`{"format": 1, "`), 0o644); err != nil {
		t.Fatal(err)
	}
	l := NewLoad(env, nil)
	if len(l.menu.Items) != 1 || l.menu.Items[0].Disabled || !strings.Contains(l.menu.Items[0].Note, "from its backup") {
		t.Fatalf("listed %+v; want the save, usable, noted as from its backup", l.menu.Items)
	}
	b, err := Resume(env, l.saves[0].replay)
	if err != nil {
		t.Fatal(err)
	}
	if toast := b.hud.ToastText(); !strings.Contains(toast, "saves/slot could not be read") || !strings.Contains(toast, "backup") {
		t.Errorf("the resumed battle says %q; want that the save could not be read and its backup was loaded", toast)
	}
	if b.State().Side != rules.SideBlue && b.State().Side != rules.SideRed {
		t.Errorf("resumed a battle with no side to move")
	}
}

// A save holding more commands than its level allows (corners: its
// deadline ends every battle sooner than MaxCommands) is refused before
// anything is re-played, naming the count and the limit.
func TestResumeRefusesATooLongSave(t *testing.T) {
	r := golden(t, "corners")
	lv, err := ReplayLevel(r)
	if err != nil {
		t.Fatal(err)
	}
	limit := match.CommandLimit(lv.State)
	if limit >= match.MaxCommands {
		t.Fatalf("corners holds %d commands, want fewer than MaxCommands", limit)
	}
	var long []rules.CommandSpec // the golden moves and shots again and again, no turn ended
	for len(long) <= limit {
		for _, c := range r.Commands {
			if c.Do != "end_turn" {
				long = append(long, c)
			}
		}
	}
	r.Commands, r.Turns = long[:limit+1], []string{}
	_, err = NewResuming(testEnv(t), r, func(*Manager, error) { t.Error("re-played") })
	want := fmt.Sprintf("too long: commands: %d, at most %d on this level", limit+1, limit)
	if !errors.Is(err, match.ErrTooLong) || !strings.Contains(err.Error(), want) {
		t.Errorf("have %v, want ErrTooLong saying %q", err, want)
	}
}
