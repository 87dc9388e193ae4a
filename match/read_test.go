package match

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"sightline/rules"
)

// smallReplay returns a replay of no commands that reads back; n (its
// seed, and the first digits of its end) tells versions apart.
func smallReplay(n int) *Replay {
	h := strings.Repeat("ab", 32)
	return &Replay{Format: ReplayFormat, Game: GameVersion, Seed: uint64(n), Data: h, Start: h,
		End:   fmt.Sprintf("%08d", n) + h[8:],
		Level: LevelRef{Name: "Test", File: "maps/test.tmx", Sources: []Source{{Path: "maps/test.tmx", SHA256: h}}},
		Sides: [2]string{"human", "human"}, Commands: []rules.CommandSpec{}, Turns: []string{}}
}

// sampleSave is a save of two commands, one turn ended, with a camera,
// as the game writes it.
func sampleSave(t testing.TB) string {
	t.Helper()
	r := smallReplay(7)
	r.Commands = []rules.CommandSpec{rules.SpecOf(rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 3}}), rules.SpecOf(rules.EndTurn{})}
	r.Turns = []string{strings.Repeat("cd", 32)}
	r.Saved = "2026-11-28T15:04:05Z"
	r.View = &SavedView{X: 120, Y: 80.5, Zoom: 1.25, Selected: 1}
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A save as the game writes it reads back as written, and so does one
// of every earlier format.
func TestReadReplayRoundTrip(t *testing.T) {
	for f := 1; f <= ReplayFormat; f++ {
		save := strings.Replace(sampleSave(t), fmt.Sprintf(`"format": %d,`, ReplayFormat), fmt.Sprintf(`"format": %d,`, f), 1)
		r, err := ReadReplay(strings.NewReader(save))
		if err != nil {
			t.Fatalf("format %d: %v", f, err)
		}
		if r.Format != f || len(r.Commands) != 2 || r.Commands[0].Do != "move" || r.View == nil || r.View.Zoom != 1.25 || r.Saved == "" {
			t.Errorf("format %d: read back %+v", f, r)
		}
	}
}

// Hostile and broken files are refused, each with an error that names
// the field at fault, never a crash.
func TestReadReplayRefuses(t *testing.T) {
	good := sampleSave(t)
	format := fmt.Sprintf(`"format": %d`, ReplayFormat)
	edit := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("the sample save has no %q", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	for _, tc := range []struct {
		name, have, want string
	}{
		{"empty", "", "empty"},
		{"truncated", good[:len(good)/2], "not JSON"},
		{"binary", "\x00\x01PNG", "not JSON: line 1, column 1"},
		{"format missing", edit(format+",", ""), "format: missing"},
		{"format -1", edit(format, `"format": -1`), "format: -1 is not a format number"},
		{"format text", edit(format, `"format": "one"`), `format: "one" is not a format number`},
		{"a future format", edit(format, `"format": 99`), "format 99"},
		{"a duplicate key (the last would win)", edit(`"seed": 7,`, `"seed": 7, "seed": 8,`), "seed: given twice"},
		{"a key in another case", edit(`"seed"`, `"SEED"`), `SEED: keys are case-sensitive: write "seed"`},
		{"a nested key in another case", edit(`"Zoom"`, `"zoom"`), `view.zoom: keys are case-sensitive: write "Zoom"`},
		{"a duplicate nested key", edit(`"do": "move",`, `"do": "move", "do": "end_turn",`), "commands[0].do: given twice"},
		{"an unknown field", edit(`"seed"`, `"sneed": 1, "seed"`), "sneed: unknown field"},
		{"invalid UTF-8", edit(`"name": "Test"`, "\"name\": \"Te\xffst\""), "invalid UTF-8 at line"},
		{"commands null", edit(`"commands": [`, `"commands": null, "x": [`), "commands: null, want a list"},
		{"commands missing", strings.Replace(strings.Replace(good, `"commands": [`, `"nothing": [`, 1), `"nothing"`, `"zz"`, 1), "zz: unknown field"},
		{"level.file empty", edit(`"file": "maps/test.tmx"`, `"file": ""`), "level.file: empty: want the map's path"},
		{"level.file outside", edit(`"file": "maps/test.tmx"`, `"file": "../../etc/passwd.tmx"`), "level.file: \"../../etc/passwd.tmx\" is not a map's path"},
		{"level.path not a map", edit(`"file": "maps/test.tmx"`, `"file": "maps/test.tmx", "path": "/etc/passwd"`), "level.path: \"/etc/passwd\" is not the path of a map"},
		{"an escape in the level name", edit(`"name": "Test"`, `"name": "Te\u001b[2Jst"`), `level.name: "Te\x1b[2Jst" holds control characters`},
		{"a digest not hex", edit(`"data": "abab`, `"data": "zzab`), "data: \"zzab"},
		{"camera far away", edit(`"X": 120`, `"X": 1e308`), "view.X: 1e+308 is not on any map"},
		{"camera beyond a float", edit(`"X": 120`, `"X": 1e999`), "view.X: 1e999 is out of range"},
		{"zoom 0", edit(`"Zoom": 1.25`, `"Zoom": 0`), "view.Zoom: 0 is not a zoom"},
		{"a negative selection", edit(`"Selected": 1`, `"Selected": -4`), "view.Selected: -4 is not a unit"},
		{"a unit beyond an int", edit(`"unit": 1`, `"unit": 99999999999999999999`), "commands[0].unit: 99999999999999999999 is not a whole number"},
		{"a point of three numbers", edit(`"to": [`, `"to": [9, `), "commands[0].to: more than 2 values"},
		{"a point of one number", edit(`"to": [`, `"to": [9], "at": [`), "commands[0].to: has 1 values, want 2"},
		{"a command with no name", edit(`"do": "move",`, ``), "commands[0].do: missing"},
		{"turns that do not match the commands", edit(`"turns": [`, `"turns": ["`+strings.Repeat("ef", 32)+`", `), "turns: 2 recorded, but the commands end 1"},
		{"a number for a string", edit(`"game": "`+GameVersion+`"`, `"game": 5`), "game: the number 5, want a string"},
		{"an object for a number", edit(`"seed": 7`, `"seed": {"a": [[[[1]]]]}`), "seed: an object, want a whole number"},
		{"data after the end", good + "{}", "line 46, column 1: invalid character '{' after top-level value"},
		{"a bad saved time", edit(`"saved": "2026-11-28T15:04:05Z"`, `"saved": "yesterday"`), `saved: "yesterday" is not a time`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadReplay(strings.NewReader(tc.have))
			if err == nil || !errors.Is(err, ErrReplayFormat) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v; want a format error saying %q", err, tc.want)
			}
		})
	}
}
