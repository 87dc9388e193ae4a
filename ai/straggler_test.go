package ai

import (
	"testing"

	"sightline/match"
	"sightline/rules"
)

// TestHandsExtract: felling Red 3, the straggler, hands Red its
// extraction only while the rest of Red stands in the zone, or a move
// from it with Red 3 farther, or can gather before the deadline where
// Red 3 could not, as far as Blue knows.
func TestHandsExtract(t *testing.T) {
	zone := rules.Rect{Max: pt(2, 3)}
	extract := []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalExtract, Zone: zone, Turns: 5}}
	tests := []struct {
		name string
		red2 rules.Point // where Red 2 stands
		red3 rules.Point // where the target stands
		turn int
		objs []rules.Objective
		how  string // how Blue knows Red 2: "seen", "contact" (a turn ago), "fallen", "never"
		want bool
	}{
		{"the rest in the zone", pt(1, 0), pt(12, 0), 1, extract, "seen", true},
		{"one of the rest a move from the zone", pt(6, 0), pt(12, 0), 1, extract, "seen", true},
		{"one of the rest two moves from the zone", pt(9, 0), pt(12, 0), 1, extract, "seen", false},
		{"the target a move from the zone, the rest a move from it too", pt(6, 0), pt(5, 2), 1, extract, "seen", false},
		{"the target a move from the zone, the rest in it", pt(1, 0), pt(5, 2), 1, extract, "seen", true},
		{"the target in the zone", pt(6, 0), pt(1, 2), 1, extract, "seen", false},
		{"the deadline has passed", pt(1, 0), pt(12, 0), 6, extract, "seen", false},
		{"the enemy's last turn to extract", pt(1, 0), pt(12, 0), 5, extract, "seen", true},
		{"one of the rest never seen: it may be anywhere", pt(1, 0), pt(12, 0), 1, extract, "never", false},
		{"one of the rest seen to fall", pt(9, 0), pt(12, 0), 1, extract, "fallen", true},
		{"one of the rest seen a turn ago, a turn's walk off", pt(13, 2), pt(12, 0), 2, extract, "contact", true},
		{"the rest gather on the enemy's last turn, the target two turns off", pt(9, 0), pt(19, 2), 5, extract, "seen", true},
		{"the rest gather this turn, the target two turns off, a turn to spare", pt(9, 0), pt(19, 2), 4, extract, "seen", false},
		{"a reach zone, not an extraction", pt(1, 0), pt(12, 0), 1, []rules.Objective{{Side: rules.SideRed, Goal: rules.GoalReach, Zone: zone}}, "seen", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := rules.ParseASCII("R....................B\n......................\n......................")
			if err != nil {
				t.Fatal(err)
			}
			red2 := rules.DefaultUnit(rules.SideRed, tt.red2)
			red2.ID, red2.Name = 3, "Red 2"
			red3 := rules.DefaultUnit(rules.SideRed, tt.red3)
			red3.ID, red3.Name = 4, "Red 3"
			s.Units = append(s.Units, &red2, &red3)
			s.Objectives = tt.objs
			v := &match.View{Side: rules.SideBlue, Turn: tt.turn, Objectives: tt.objs}
			for _, u := range s.Units {
				if u.Side == rules.SideBlue || u.ID != red2.ID || tt.how == "seen" {
					v.Units = append(v.Units, *u)
				}
			}
			switch tt.how {
			case "contact":
				v.Contacts = []match.Sighting{{Unit: red2.ID, Pos: red2.Pos, Turn: tt.turn - 1, Alive: true}}
			case "fallen":
				v.Contacts = []match.Sighting{{Unit: red2.ID, Pos: red2.Pos, Turn: tt.turn}}
			}
			if have := handsExtract(s, v, &red3); have != tt.want {
				t.Errorf("Red 2 at %v (%s), Red 3 at %v: have %v, want %v", tt.red2, tt.how, tt.red3, have, tt.want)
			}
		})
	}
}
