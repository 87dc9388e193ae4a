package match

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// openField returns an ASCII map of w×h open tiles with blue units of Blue and
// red of Red along its first rows.
func openField(w, h, blue, red int) string {
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = bytes.Repeat([]byte{'.'}, w)
	}
	for i := range blue {
		rows[(i/w)%h][i%w] = 'B'
	}
	for i := range red {
		rows[h-1-(i/w)%h][w-1-i%w] = 'R'
	}
	return "\n" + string(bytes.Join(rows, []byte{'\n'}))
}

// The commands a level may hold fall with its tiles and units, never
// above MaxCommands.
func TestCommandLimit(t *testing.T) {
	for _, tc := range []struct {
		name                string
		w, h, blue, red     int
		wantWork, wantLimit int
	}{
		{"10×10, 2 units", 10, 10, 1, 1, 2000 + 100 + 8, 3795},
		{"24×24, 7 units", 24, 24, 4, 3, 2000 + 576 + 98, 2991},
		{"34×30, 13 units", 34, 30, 7, 6, 2000 + 1020 + 338, 2382},
		{"64×64, 19 units", 64, 64, 10, 9, 2000 + 4096 + 722, 1173},
		{"32×32, 64 units", 32, 32, 32, 32, 2000 + 1024 + 8192, 713},
		{"128×128, 32 units", 128, 128, 16, 16, 2000 + 16384 + 2048, 391},
		{"256×256, 64 units", 256, 256, 32, 32, 2000 + 65536 + 8192, 105},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(openField(tc.w, tc.h, tc.blue, tc.red))
			if err != nil {
				t.Fatal(err)
			}
			if have := CommandWork(tc.w*tc.h, len(s.Units)); have != tc.wantWork {
				t.Errorf("CommandWork: have %d, want %d", have, tc.wantWork)
			}
			if have := CommandLimit(s); have != tc.wantLimit {
				t.Errorf("CommandLimit: have %d, want %d", have, tc.wantLimit)
			}
		})
	}
}

// A replay within its level's limit re-plays; one command more is refused
// before any is re-played, naming the count, the limit and the level's
// size.
func TestPlaybackRefusesMoreCommandsThanTheLevelHolds(t *testing.T) {
	start := ruletest.Troopers(t, openField(128, 128, 1, 1))
	limit := CommandLimit(start)
	if limit >= MaxCommands {
		t.Fatalf("limit %d: the board should hold fewer than MaxCommands", limit)
	}
	m := New(start.Clone(), 3)
	for range limit {
		if _, err := m.Apply(rules.EndTurn{}); err != nil {
			t.Fatal(err)
		}
	}
	r := m.Record(LevelRef{Name: "field", File: "maps/field.tmx"}, [2]string{"human", "human"})
	if _, err := r.Play(start.Clone()); err != nil {
		t.Fatalf("%d commands, the limit: %v", limit, err)
	}
	r.Commands = append(r.Commands, r.Commands[0])
	p, err := r.Playback(start.Clone(), nil)
	if !errors.Is(err, ErrTooLong) {
		t.Fatalf("%d commands: have %v, want ErrTooLong", limit+1, err)
	}
	want := fmt.Sprintf("too long: commands: %d, at most %d on this level (128×128 tiles, 2 units)", limit+1, limit)
	if !strings.Contains(err.Error(), want) {
		t.Errorf("have %q, want it to say %q", err, want)
	}
	if done, _ := p.Progress(); done != 0 || !p.Done() {
		t.Errorf("re-played %d commands (done %v), want none", done, p.Done())
	}
}
