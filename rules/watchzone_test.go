package rules

import (
	"strings"
	"testing"
)

// TestWatchZone draws the zone Red holds looking west (a 90° cone) on
// ASCII maps: 'z' marks the tiles where the reaction would fire at a
// standing soldier. The zone is a wedge from the watcher, a wall cuts a
// shadow out of it, and the weapon's reach rounds it off.
func TestWatchZone(t *testing.T) {
	for _, tc := range []struct {
		name      string
		have      string
		want      string
		rangeTile int
	}{
		{"the open: a wedge from the watcher", `
..............
..............
..............
.............R
..............
..............
..............`, `
zzzzzzzzzzz...
zzzzzzzzzzzz..
zzzzzzzzzzzzz.
zzzzzzzzzzzzz.
zzzzzzzzzzzzz.
zzzzzzzzzzzz..
zzzzzzzzzzz...`, 20},
		{"a wall casts a shadow", `
..............
..............
..........#...
..........#..R
..........#...
..............
..............`, `
....zzzzzzz...
.......zzzzz..
...........zz.
...........zz.
...........zz.
.......zzzzz..
....zzzzzzz...`, 20},
		{"its reach ends it", `
..............
..............
..............
.............R
..............
..............
..............`, `
..............
...........z..
...........zz.
..........zzz.
...........zz.
...........z..
..............`, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseASCII(tc.have)
			if err != nil {
				t.Fatal(err)
			}
			var w *Unit
			for _, u := range s.Units {
				if u.Side == SideRed {
					w = u
				}
			}
			zone := s.WatchZone(w, West, 90, tc.rangeTile)
			got := make([][]byte, s.Board.Height)
			for y := range got {
				got[y] = []byte(strings.Repeat(".", s.Board.Width))
			}
			for _, p := range zone {
				got[p.Y][p.X] = 'z'
			}
			var b strings.Builder
			for _, row := range got {
				b.WriteString("\n" + string(row))
			}
			if b.String() != tc.want {
				t.Errorf("have zone:%s\nwant:%s", b.String(), tc.want)
			}
		})
	}
}
