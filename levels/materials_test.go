package levels

import (
	"testing"

	"sightline/rules"
)

// TestMaterialsComeFromTheRules checks that every material a designer can
// pick has its numbers in the rules' table, and that cover takes them.
func TestMaterialsComeFromTheRules(t *testing.T) {
	d := rules.DefaultData()
	for _, name := range materialNames {
		m, ok := d.Material(name)
		if !ok {
			t.Errorf("material %q is in the Material enum but not in rules/data/defaults.json", name)
			continue
		}
		var o rules.Obstacle
		m.ApplyTo(&o)
		if o.Material != name || o.DE != m.DE || o.BlocksSight != m.BlocksSight || o.BlocksEffect != m.BlocksEffect || o.Destructible != m.Destructible {
			t.Errorf("%s: obstacle have %+v, want the table's %+v", name, o, m)
		}
	}
	glass, _ := d.Material("glass")
	if glass.BlocksSight || !glass.BlocksEffect {
		t.Errorf("glass must block shots, not sight: %+v", glass)
	}
	smoke, _ := d.Material("smoke")
	if !smoke.BlocksSight || smoke.BlocksEffect {
		t.Errorf("smoke must block sight, not shots: %+v", smoke)
	}
}

// TestCoverIsVaultableByDefault checks the Cover class default: cover is
// vaultable unless the designer says otherwise (seed 004: very-low, low
// and high cover can be vaulted; the rules never vault full walls).
func TestCoverIsVaultableByDefault(t *testing.T) {
	lv, err := Load(Embedded(), "maps/outpost.tmx")
	if err != nil {
		t.Fatal(err)
	}
	low, slit := 0, 0
	for _, o := range lv.State.Board.Obstacles {
		switch {
		case o.ArrowSlit:
			slit++
			if o.Vaultable {
				t.Errorf("%s: the map marks it not vaultable, have vaultable", o.Name)
			}
		case o.Height < rules.HeightFull:
			low++
			if !o.Vaultable {
				t.Errorf("%s (height %d): want vaultable by the class default", o.Name, o.Height)
			}
		}
	}
	if low == 0 || slit == 0 {
		t.Fatalf("outpost has %d low obstacles and %d arrow slits; the test wants both", low, slit)
	}
}
