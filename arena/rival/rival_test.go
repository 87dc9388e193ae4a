package rival

import (
	"fmt"
	"testing"

	"sightline/ai"
	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

// blueTurn plays Blue's turn of the position with a Rival and returns
// its accepted commands and the match after it.
func blueTurn(t *testing.T, s *rules.State) ([]rules.Command, *match.Match) {
	t.Helper()
	for _, u := range s.Units {
		if u.Side == rules.SideRed {
			u.Facing = rules.West
		}
	}
	m := match.New(s, 1)
	r := New()
	var cmds []rules.Command
	for range 40 {
		if over := m.Over(); over || m.State().Side != rules.SideBlue {
			break
		}
		cmd := r.Next(m.View(rules.SideBlue))
		if cmd == nil {
			t.Fatal("no answer")
		}
		if _, err := m.Apply(cmd); err != nil {
			continue
		}
		if _, end := cmd.(rules.EndTurn); end {
			break
		}
		cmds = append(cmds, cmd)
	}
	return cmds, m
}

func TestRivalDecides(t *testing.T) {
	tests := []struct {
		name  string
		board string
		prep  func(s *rules.State)
		check func(cmds []rules.Command, m *match.Match) error
	}{
		{name: "shoots the enemy it sees", board: `
			B.......R.
			..........`,
			check: func(cmds []rules.Command, m *match.Match) error {
				for _, c := range cmds {
					if a, ok := c.(rules.Attack); ok && a.Target == 2 {
						return nil
					}
				}
				return fmt.Errorf("no shot at the trooper in sight: %v", cmds)
			}},
		{name: "wounded and flanked by two rifles, it gets out of sight", board: `
			..........R.
			............
			..##........
			..##B.......
			..##........
			............
			..........R.`,
			prep: func(s *rules.State) { s.Unit(2).HP = 2 },
			check: func(_ []rules.Command, m *match.Match) error {
				s := m.State()
				for _, e := range s.Units {
					if e.Side == rules.SideRed && e.Alive() {
						if _, err := s.PreviewShot(*e, *s.Unit(2)); err == nil {
							return fmt.Errorf("%s can still shoot it at %v", e.Name, s.Unit(2).Pos)
						}
					}
				}
				return nil
			}},
		{name: "steps into the zone it must hold", board: `
			B.........R.
			............
			............`,
			prep: func(s *rules.State) {
				s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalHold, Turns: 3, Zone: rules.Rect{Min: rules.Point{X: 3, Y: 0}, Max: rules.Point{X: 5, Y: 3}}}}
			},
			check: func(_ []rules.Command, m *match.Match) error {
				if p := m.State().Unit(1).Pos; p.X < 3 || p.X > 4 {
					return fmt.Errorf("it stands at %v, outside the zone", p)
				}
				return nil
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := ruletest.Troopers(t, tc.board)
			if tc.prep != nil {
				tc.prep(s)
			}
			cmds, m := blueTurn(t, s)
			if err := tc.check(cmds, m); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRivalPlaysAMatch plays a whole match against the normal computer:
// it ends, and the rival gives no command the rules refuse when its
// belief is right (every enemy seen from the start here).
func TestRivalPlaysAMatch(t *testing.T) {
	s := ruletest.Troopers(t, `
		B.........R
		B...h.....R
		B.....h...R`)
	m := match.New(s, 7)
	m.SetController(rules.SideBlue, New())
	m.SetController(rules.SideRed, ai.NewComputer(ai.Normal))
	refused, blue := 0, 0
	err := ai.Play(m, 30, func(st ai.Step) {
		if st.Side == rules.SideBlue {
			blue++
			if st.Err != nil {
				refused++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if blue == 0 || refused > 0 {
		t.Errorf("rival gave %d commands, %d refused", blue, refused)
	}
}
