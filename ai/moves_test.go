package ai

import (
	"slices"
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

func TestMoveSample(t *testing.T) {
	ts := []rules.Point{{X: 1, Y: 0}, {X: 2, Y: 0}, {X: 1, Y: 1}, {X: 1, Y: -1}, {X: 0, Y: 2}, {X: 0, Y: -2}}
	tests := []struct {
		name string
		e, p rules.Point
		ts   []rules.Point
		want []rules.Point
	}{
		{"east: the nearest step, then each flank", rules.Point{}, rules.Point{X: 9}, ts,
			[]rules.Point{{X: 2, Y: 0}, {X: 0, Y: 2}, {X: 0, Y: -2}}},
		{"north: flanks swap sides", rules.Point{}, rules.Point{Y: -9}, ts,
			[]rules.Point{{X: 0, Y: -2}, {X: 2, Y: 0}}},
		{"the weighed tile itself is never a step", rules.Point{}, rules.Point{X: 2}, ts,
			[]rules.Point{{X: 1, Y: 0}, {X: 0, Y: 2}, {X: 0, Y: -2}}},
		{"no tiles, no sample", rules.Point{}, rules.Point{X: 9}, nil, nil},
	}
	for _, tc := range tests {
		if have := moveSample(tc.e, tc.p, tc.ts); !slices.Equal(have, tc.want) {
			t.Errorf("%s: have %v, want %v", tc.name, have, tc.want)
		}
	}
}

// TestThreatMove: an enemy behind a wall, with at best a poor shot at
// Blue where it stands, threatens Blue's tile more with ThreatMove (a
// move round the wall's end, then the shots its AP leaves); one already
// in the open counts at least its shots from where it stands.
func TestThreatMove(t *testing.T) {
	tests := []struct {
		name      string
		board     string
		moveCount bool // whether the fire counted needs the move
	}{
		{"behind a wall it steps out", `
			.........
			.B..#.R..
			....#....
			.........`, true},
		{"in the open it fires as it stands", `
			.........
			.B....R..
			.........`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ruletest.Troopers(t, tc.board)
			u, e := s.Unit(1), s.Unit(2)
			fire := map[bool]float64{}
			for _, move := range []bool{false, true} {
				p := Normal
				p.ThreatMove = move
				c := NewComputer(p)
				c.memo.begin(s)
				fire[move] = c.exposed(s, u, []*rules.Unit{e}).damage
			}
			if tc.moveCount && fire[true] <= fire[false] {
				t.Errorf("fire without the move %.2f, with it %.2f; want more with it", fire[false], fire[true])
			}
			if !tc.moveCount && (fire[false] <= 0 || fire[true] < fire[false]) {
				t.Errorf("fire without the move %.2f, with it %.2f; want some, then as much or more", fire[false], fire[true])
			}
		})
	}
}
