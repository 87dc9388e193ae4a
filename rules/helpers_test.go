package rules

import (
	"testing"
)

// battle parses an ASCII map, equips every unit as the given type
// (trooper when empty) and makes low and very-low cover vaultable and
// destructible wood, high cover vaultable brick.
func battle(t *testing.T, m string, typ string) *State {
	t.Helper()
	s, err := ParseASCII(m)
	if err != nil {
		t.Fatal(err)
	}
	if typ == "" {
		typ = "trooper"
	}
	d := DefaultData()
	for _, u := range s.Units {
		st := u.Stance
		if err := d.Equip(u, typ); err != nil {
			t.Fatal(err)
		}
		u.Stance = st
	}
	for _, o := range s.Board.Obstacles {
		switch o.Height {
		case HeightVeryLow, HeightLow:
			o.Vaultable, o.Destructible, o.Material = true, true, "wood"
		case HeightHigh:
			if !o.ArrowSlit {
				o.Vaultable, o.Destructible, o.Material = true, true, "brick"
			}
		}
	}
	return s
}

// obstacleAt returns the obstacle filling tile p.
func obstacleAt(t *testing.T, s *State, p Point) *Obstacle {
	t.Helper()
	for _, o := range s.Board.Obstacles {
		if o.Shape.CoversTile(p, s.Board.TileSize) {
			return o
		}
	}
	t.Fatalf("no obstacle at %v", p)
	return nil
}

// fixedDamage gives u a weapon that always deals n damage.
func fixedDamage(u *Unit, n int) {
	u.Hand.Weapon.Damage = Dice{N: n, Sides: 1}
	u.Hand.Weapon.Crit = 1
}

func mustApply(t *testing.T, s *State, c Command, rng *RNG) []Event {
	t.Helper()
	ev, err := Apply(s, c, rng)
	if err != nil {
		t.Fatalf("%T %+v: %v", c, c, err)
	}
	return ev
}

// eventsOf returns the events of type T in order.
func eventsOf[T Event](ev []Event) []T {
	var out []T
	for _, e := range ev {
		if x, ok := e.(T); ok {
			out = append(out, x)
		}
	}
	return out
}
