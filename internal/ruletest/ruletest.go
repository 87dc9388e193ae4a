package ruletest

import (
	"testing"

	"sightline/rules"
)

// Troopers parses an ASCII map and equips every unit as a trooper (rifle,
// knife holstered), in the stance the map gave it. It fails the test
// on a map that does not parse or a kit that does not fit.
func Troopers(tb testing.TB, m string) *rules.State {
	tb.Helper()
	s, err := rules.ParseASCII(m)
	if err != nil {
		tb.Fatal(err)
	}
	for _, u := range s.Units {
		if err := s.Rules().Equip(u, "trooper"); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// Wood makes every obstacle of low cover or lower on s vaultable,
// destructible wood named name (the name is left as it is when empty), and
// returns s.
func Wood(s *rules.State, name string) *rules.State {
	for _, o := range s.Board.Obstacles {
		if o.Height <= rules.HeightLow {
			o.Vaultable, o.Destructible, o.Material = true, true, "wood"
			if name != "" {
				o.Name = name
			}
		}
	}
	return s
}
