package scenes

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sightline/match"
	"sightline/systems"
)

// once returns an Env.Imported that gives f once, then nothing.
func once(f Shared) func() (Shared, bool) {
	given := false
	return func() (Shared, bool) {
		if given {
			return Shared{}, false
		}
		given = true
		return f, true
	}
}

// A file given from outside the game (the browser's picker or a drop)
// goes through every check: a replay plays back saying which file it came
// from, a save is resumed, and a hostile one goes to the title, which
// says why with the escape sequence in its name escaped.
func TestOpenShared(t *testing.T) {
	replay, err := os.ReadFile(filepath.Join("..", "testdata", "replays", "glasshouse.replay.json"))
	if err != nil {
		t.Fatal(err)
	}
	format := fmt.Sprintf(`"format": %d,`, match.ReplayFormat)
	save := bytes.Replace(replay, []byte(format), []byte(format+` "saved": "2026-11-28T15:04:05Z",`), 1)
	for _, tc := range []struct {
		name  string
		file  Shared
		scene string
		check func(t *testing.T, s Scene)
	}{
		{"a replay", Shared{Name: "C:\\fakepath/shared.replay.json", Data: replay}, "battle", func(t *testing.T, s Scene) {
			b := s.(*Battle)
			if !b.Watching() || !strings.Contains(b.watch.hint(), "Replay from shared.replay.json") {
				t.Errorf("watching %v, status %q; want the replay played back saying where it came from", b.Watching(), b.watch.hint())
			}
		}},
		{"a save", Shared{Name: "slot.json", Data: save}, "battle", func(t *testing.T, s Scene) {
			if s.(*Battle).Watching() {
				t.Error("a save is played back as a replay, not resumed")
			}
		}},
		{"a hostile file", Shared{Name: "evil\x1b[2J.json", Data: []byte(`{"format": 1, "seed": 1, "seed": 2}`)}, "title", func(t *testing.T, s Scene) {
			note := s.(*Title).note
			if !strings.Contains(note, `evil\x1b[2J.json: not a replay this version can read`) || strings.ContainsRune(note, 0x1b) || !strings.Contains(note, "seed: given twice") {
				t.Errorf("the title says %q; want the file's name escaped and why it was refused", note)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testEnv(t)
			env.Imported = once(tc.file)
			var refused []string
			env.Refused = func(msg string) { refused = append(refused, msg) }
			h := newHarness(t, env, func(e *Env) Scene { return NewTitle(e) })
			h.step()
			for i := 0; i < 2000 && (h.m.Transitioning() || h.m.Current().Name() == "resuming"); i++ {
				h.step()
			}
			h.want(tc.scene)
			if tc.check != nil {
				tc.check(t, h.m.Current())
			}
			// The page is told exactly what the title says, only when a
			// file is refused.
			if title, ok := h.m.Current().(*Title); ok && tc.scene == "title" {
				if len(refused) != 1 || refused[0] != title.note {
					t.Errorf("the page was told %q; want once what the title says, %q", refused, title.note)
				}
			} else if len(refused) != 0 {
				t.Errorf("the page was told %q of a file that opened", refused)
			}
		})
	}
}

// X on the load screen exports the save with the focus as a file
// (Env.Export: the browser's download), byte for byte.
func TestExportSave(t *testing.T) {
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	r := golden(t, "glasshouse")
	r.Saved = "2026-11-28T15:04:05Z"
	if err := env.Store.Put("saves/slot", r); err != nil {
		t.Fatal(err)
	}
	var gotName string
	var got []byte
	env.Export = func(name string, data []byte) error { gotName, got = name, data; return nil }
	l := NewLoad(env, nil)
	if !strings.Contains(l.menu.Text, "X: export") {
		t.Errorf("the load screen says %q; want it to offer X: export", l.menu.Text)
	}
	h := newHarness(t, env, func(*Env) Scene { return l })
	h.step(systems.KeyIntent('x'))
	want, err := env.Store.GetData("saves/slot")
	if err != nil {
		t.Fatal(err)
	}
	if gotName != "slot.json" || !bytes.Equal(got, want) || l.menu.Text != "Exported as slot.json" {
		t.Errorf("exported %q (%d bytes, want %d), the screen says %q", gotName, len(got), len(want), l.menu.Text)
	}
}
