package rules

import "testing"

// Seed 002, Cover: "Cover represents any obstacle that physically
// prevents you from striking your target, such as a tree or intervening
// creature ... If an attack would miss or glance the defense of a creature
// or object behind cover, the attack is instead applied to the obstacle".
// Blue fires at Red 3 past Red 2 standing in the way: a miss that fails
// only because of that cover hits Red 2. Behind a low wall, such a miss
// hits the wall and no unit.
func TestMissIntoInterveningCreature(t *testing.T) {
	tests := []struct {
		name     string
		m        string
		target   int
		wantUnit int // the unit the cover miss hits (0: the obstacle)
	}{
		{"a creature in the way", `
..........
B.....RR..
..........`, 3, 2},
		{"a low wall in the way", `
..........
B.....lR..
..........`, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := uint64(1); seed < 400; seed++ {
				s := battle(t, tt.m, "")
				for _, u := range s.Units {
					u.HP = 1000
				}
				ev := mustApply(t, s, Attack{Unit: 1, Target: tt.target}, NewRNG(seed))
				a := eventsOf[Attacked](ev)
				if len(a) != 1 || a[0].Outcome != OutcomeCover {
					continue
				}
				if a[0].Intervening != tt.wantUnit {
					t.Fatalf("cover miss hits unit %d, want %d", a[0].Intervening, tt.wantUnit)
				}
				dmg := eventsOf[Damaged](ev)
				if tt.wantUnit == 0 {
					if len(dmg) != 0 || len(eventsOf[CoverDamaged](ev)) != 1 {
						t.Errorf("events %v, want the wall damaged and no unit", ev)
					}
					return
				}
				if len(dmg) != 1 || dmg[0].Unit != tt.wantUnit {
					t.Errorf("damage %+v, want unit %d hurt instead of the target", dmg, tt.wantUnit)
				}
				return
			}
			t.Fatal("no seed gave a miss into cover")
		})
	}
}
