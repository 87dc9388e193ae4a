package ai

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

// TestUnseenWatchers: a believed enemy the side does not see counts as a
// watcher toward the unit, its reaction shot at Wary times its odds; one
// it sees (whose overwatch it would know) or a profile without Wary adds
// none.
func TestUnseenWatchers(t *testing.T) {
	const board = `
		..........
		.B.......R
		..........`
	tests := []struct {
		name  string
		wary  float64
		seen  bool
		zones int
	}{
		{"a contact may watch", 0.5, false, 1},
		{"a contact, sure to watch", 1, false, 1},
		{"a seen enemy is not guessed at", 0.5, true, 0},
		{"no Wary", 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ruletest.Troopers(t, board)
			p := Normal
			p.Wary = tt.wary
			c := NewComputer(p)
			u, e := s.Unit(1), s.Unit(2)
			var seen []*rules.Unit
			if tt.seen {
				seen = []*rules.Unit{e}
			}
			zs := c.unseenWatchers(s, u, []*rules.Unit{e}, seen, nil)
			if len(zs) != tt.zones {
				t.Fatalf("%d zones, want %d", len(zs), tt.zones)
			}
			if tt.zones == 0 {
				return
			}
			// Walking toward the contact, in the open, draws its shot at
			// Wary times the odds of a sure watcher's.
			path := []rules.Point{{X: 2, Y: 1}, {X: 3, Y: 1}}
			have := reactionShots(s, u, path, zs, nil)
			sure := reactionShots(s, u, path, []watchZone{{unit: e, cone: zs[0].cone}}, nil)
			if len(have) != 1 || len(sure) != 1 {
				t.Fatalf("%d and %d shots, want 1 each", len(have), len(sure))
			}
			if want := sure[0].hit * tt.wary; have[0].hit != want || sure[0].hit <= 0 {
				t.Errorf("hit %v, want %v (%v of a sure watcher's %v)", have[0].hit, want, tt.wary, sure[0].hit)
			}
		})
	}
}
