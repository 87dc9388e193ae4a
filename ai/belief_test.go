package ai

import (
	"testing"

	"sightline/match"
	"sightline/rules"
)

// TestBeliefRemembersWhatItSaw: a contact the computer saw is believed
// with the weapon, stats and wounds it was seen with, where it was last
// seen; one it never saw is armed like the side's own units.
func TestBeliefRemembersWhatItSaw(t *testing.T) {
	for _, tc := range []struct {
		name           string
		saw            bool
		weapon         string
		attack, hp, ap int
	}{
		{name: "seen as a marksman, wounded", saw: true, weapon: "sniper", attack: 5, hp: 6, ap: 3},
		{name: "never seen", saw: false, weapon: "rifle", attack: 0, hp: 10, ap: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rules.ParseASCII(`
				..........##...
				B.........##.R.
				..........##...`)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range s.Units {
				typ := "trooper"
				if u.Side == rules.SideRed {
					typ = "marksman"
				}
				if err := s.Rules().Equip(u, typ); err != nil {
					t.Fatal(err)
				}
			}
			red := s.Unit(2)
			red.HP, red.AP = 6, 1
			seen := sightings{}
			if tc.saw {
				seenRed := *red
				seenRed.Pos = rules.Point{X: 9, Y: 1}
				seen.note(&match.View{Side: rules.SideBlue, Units: []rules.Unit{*s.Unit(1), seenRed}})
			}
			m := match.New(s, 1)
			v := m.View(rules.SideBlue)
			v.Contacts = []match.Sighting{{Unit: 2, Pos: rules.Point{X: 9, Y: 1}, Size: 1, Stance: rules.Standing, Turn: v.Turn, Alive: true}}
			b := beliefOn(v, boardOf(v), &seen).Unit(2)
			have := [...]any{b.Hand.Weapon.Name, b.Stats.Attack, b.HP, b.AP, b.Pos}
			want := [...]any{tc.weapon, tc.attack, tc.hp, tc.ap, rules.Point{X: 9, Y: 1}}
			if have != want {
				t.Errorf("believed contact (weapon, attack, HP, AP, tile) = %v, want %v", have, want)
			}
		})
	}
}
