package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// TestWoundedLast: of two ready units with a shot, the one with the
// better shot acts first; with the profile's WoundedLast, a wounded one
// acts after a friend at more than half its HP, whatever their shots.
func TestWoundedLast(t *testing.T) {
	tests := []struct {
		name string
		last bool
		hp   int // unit 1's HP (0: as equipped)
		want int
	}{
		{name: "the nearer shot first", want: 1},
		{name: "woundedLast, both unhurt: the nearer shot first", last: true, want: 1},
		{name: "woundedLast, the nearer one wounded: the other first", last: true, hp: 5, want: 2},
		{name: "wounded, without woundedLast: the nearer shot first", hp: 5, want: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Unit 2 stands three tiles from the enemy (3), unit 1
			// twenty.
			s := ruletest.Troopers(t, `
				.......................
				B................B..R..
				.......................`)
			if tc.hp > 0 {
				s.Unit(2).HP = tc.hp
			}
			near, far, e := s.Unit(2), s.Unit(1), s.Unit(3)
			p := Normal
			p.WoundedLast = tc.last
			c := NewComputer(p)
			c.memo.begin(s)
			us := []*rules.Unit{far, near}
			targets := []*rules.Unit{e}
			shots := []readyShot{c.readyShot(s, far, targets), c.readyShot(s, near, targets)}
			if !shots[0].ok || !shots[1].ok || shots[1].v <= shots[0].v {
				t.Fatalf("shots %+v: want both, the nearer better", shots)
			}
			want := near
			if tc.want == 2 {
				want = far
			}
			if have := c.first(s, us, targets, shots); have != want {
				t.Errorf("first = unit %d, want unit %d", have.ID, want.ID)
			}
		})
	}
}
