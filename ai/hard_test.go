package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// TestFinisher: the ready unit likeliest to fell a wounded enemy where it
// stands acts first, whatever its place in the squad; with no kill
// likely enough, or without the profile's Finish, none is put first.
func TestFinisher(t *testing.T) {
	tests := []struct {
		name   string
		finish float64
		hp     int // the enemy's HP (0: as equipped)
		want   int // the unit put first (0: none)
	}{
		{name: "a wounded enemy: the one with the shot goes first", finish: 0.6, hp: 1, want: 2},
		{name: "an enemy unhurt: a kill at 55%, under finish, none", finish: 0.6, want: 0},
		{name: "without finish: none", finish: 0, hp: 1, want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Unit 1 has a wall between it and the enemy (3); unit 2
			// stands in the open three tiles from it.
			s := ruletest.Troopers(t, `
				B.#......
				#####....
				.....B..R
				.........`)
			e := s.Unit(3)
			if e.Side == s.Unit(2).Side {
				t.Fatalf("unit 3 is not the enemy")
			}
			if tc.hp > 0 {
				e.HP = tc.hp
			}
			p := Normal
			p.Finish = tc.finish
			c := NewComputer(p)
			c.memo.begin(s)
			us := []*rules.Unit{s.Unit(1), s.Unit(2)}
			have := c.finisher(s, us, []*rules.Unit{e})
			if (have == nil) != (tc.want == 0) || have != nil && have.ID != tc.want {
				t.Errorf("finisher = %v, want unit %d", have, tc.want)
			}
		})
	}
}
