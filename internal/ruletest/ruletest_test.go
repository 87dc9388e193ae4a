package ruletest_test

import (
	"testing"

	"sightline/internal/ruletest"
	"sightline/rules"
)

func TestTroopers(t *testing.T) {
	s := ruletest.Wood(ruletest.Troopers(t, `
b.lR
....`), "picket fence")
	if len(s.Units) != 2 {
		t.Fatalf("have %d units, want 2", len(s.Units))
	}
	for _, u := range s.Units {
		if u.Hand.Empty() || u.Holster.Empty() {
			t.Errorf("unit %d: have hand %q holster %q, want a trooper's rifle and knife", u.ID, u.Hand.Weapon.Name, u.Holster.Weapon.Name)
		}
	}
	if have := s.Units[0].Stance; have != rules.Prone {
		t.Errorf("the prone trooper stands %v after equipping, want prone", have)
	}
	wood := 0
	for _, o := range s.Board.Obstacles {
		if o.Height <= rules.HeightLow {
			if !o.Destructible || !o.Vaultable || o.Material != "wood" || o.Name != "picket fence" {
				t.Errorf("low obstacle %+v: want vaultable destructible wood named picket fence", o)
			}
			wood++
		}
	}
	if wood == 0 {
		t.Error("the map's low cover was not found")
	}
}
