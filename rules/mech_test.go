package rules

import "testing"

// A 2x2 mech moves, vaults and is attacked like a foot unit; its space is
// four tiles.
func TestMech(t *testing.T) {
	s := battle(t, `
..........
..........
....l.....
....l....R
..........`, "")
	m := DefaultUnit(SideBlue, Point{X: 1, Y: 2})
	if err := DefaultData().Equip(&m, "mech"); err != nil {
		t.Fatal(err)
	}
	mech := s.AddUnit(m)
	if mech.Size != 2 || mech.HP != 40 {
		t.Fatalf("mech %+v", mech)
	}
	ev := mustApply(t, s, Move{Unit: mech.ID, To: Point{X: 5, Y: 2}}, NewRNG(1))
	if mech.Pos != (Point{X: 5, Y: 2}) {
		t.Fatalf("mech at %v after %v", mech.Pos, ev)
	}
	if v := eventsOf[Vaulted](ev); len(v) != 2 {
		t.Errorf("mech vaults %v, want both wall tiles its 2-tile side crosses", v)
	}
	ev = mustApply(t, s, Attack{Unit: mech.ID, Target: 1}, NewRNG(1))
	if a := eventsOf[Attacked](ev); len(a) != 1 || a[0].Weapon != "lmg" || mech.AP != 0 {
		t.Errorf("mech attack %+v, AP left %d; want one lmg burst for 2 AP", a, mech.AP)
	}
}
