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

// TestSpawnTypes checks that a Spawn's type equips the unit from the rules'
// unit table, and that a mech takes a 2×2 space.
func TestSpawnTypes(t *testing.T) {
	m := tmx(6, 6, ` <objectgroup id="2" name="spawns">
<object id="5" name="Iron" type="Spawn" x="64" y="64"><properties><property name="type" value="mech"/></properties><point/></object>
<object id="6" name="Scout" type="Spawn" x="176" y="176"><properties><property name="side" value="red"/><property name="type" value="scout"/></properties><point/></object>
 </objectgroup>`)
	lv, err := Load(levelFS(t, map[string]string{"maps/t.tmx": m}), "maps/t.tmx")
	if err != nil {
		t.Fatal(err)
	}
	d := rules.DefaultData()
	for _, tc := range []struct {
		name, typ string
		size      int
		pos       rules.Point
	}{{"Iron", "mech", 2, rules.Point{X: 1, Y: 1}}, {"Scout", "scout", 1, rules.Point{X: 5, Y: 5}}} {
		var u *rules.Unit
		for _, x := range lv.State.Units {
			if x.Name == tc.name {
				u = x
			}
		}
		want, _ := d.UnitType(tc.typ)
		if u == nil || u.Type != tc.typ || u.Size != tc.size || u.HP != want.HP || u.Hand.Weapon.Name != want.Weapon || u.Pos != tc.pos {
			t.Errorf("%s: have %+v, want a %s of size %d at %v", tc.name, u, tc.typ, tc.size, tc.pos)
		}
	}
}
