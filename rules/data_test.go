package rules

import (
	"strings"
	"testing"

	"sightline/rules/sight"
)

func TestDefaultData(t *testing.T) {
	d := DefaultData()
	for _, name := range []string{"pistol", "smg", "rifle", "lmg", "sniper", "shotgun", "knife", "unarmed"} {
		if _, ok := d.Weapon(name); !ok {
			t.Errorf("weapon %q missing", name)
		}
	}
	if w, _ := d.Weapon("sniper"); w.AimAP != 2 {
		t.Errorf("sniper aim AP have %d, want 2 (seed 003)", w.AimAP)
	}
	if w, _ := d.Weapon("lmg"); !w.Heavy || w.AP != 2 {
		t.Errorf("lmg have heavy %v AP %d, want heavy 2 AP", w.Heavy, w.AP)
	}
	if m, _ := d.UnitType("mech"); m.Size != 2 {
		t.Errorf("mech size have %d, want 2", m.Size)
	}
	for name, de := range map[string]int{"wood": 3, "sandbag": 6, "brick": 12, "concrete": 18, "metal": 14, "glass": 2} {
		if m, ok := d.Material(name); !ok || m.DE != de {
			t.Errorf("material %s have %v %v, want DE %d", name, m, ok, de)
		}
	}
	// Every d20 roll lands on a limb.
	seen := map[sight.Limb]bool{}
	for r := 1; r <= 20; r++ {
		seen[d.hitLocation(r)] = true
	}
	if len(seen) != 6 {
		t.Errorf("hit table reaches %d limbs, want 6", len(seen))
	}
}

func TestParseDataErrors(t *testing.T) {
	base := string(defaultsJSON)
	tests := []struct {
		name, from, to, want string
	}{
		{"bad dice", `"damage": "2d6",`, `"damage": "2x6",`, `dice "2x6"`},
		{"unknown field", `"ap": 1, "damage": "1d8"`, `"ap": 1, "dmg": 3, "damage": "1d8"`, `unknown field "dmg"`},
		{"bad fire mode", `"fire": "auto", "burst": 5`, `"fire": "burst", "burst": 5`, `weapons[1] "smg": fire: "burst"`},
		{"unknown unit weapon", `"weapon": "sniper"`, `"weapon": "railgun"`, `units[3] "marksman": weapon: unknown weapon "railgun"`},
		{"bad size", `"size": 2, "weapon": "lmg"}`, `"size": 3, "weapon": "lmg"}`, `units[5] "mech": size: 3`},
		{"negative DE", `{"name": "brick", "de": 12,`, `{"name": "brick", "de": -1,`, `materials[5] "brick": de: -1`},
		{"hit table gap", `{"limb": "rightLeg", "upTo": 20}`, `{"limb": "rightLeg", "upTo": 19}`, `hitLocations: the last upTo is 19`},
		{"unknown limb", `{"limb": "head", "upTo": 2}`, `{"limb": "tail", "upTo": 2}`, `hitLocations[0].limb: unknown limb "tail"`},
		{"duplicate weapon", `{"name": "smg",`, `{"name": "pistol",`, `weapons[1].name: "pistol" is listed twice`},
		{"threat", `"threat": 19, "crit": 3`, `"threat": 25, "crit": 3`, `threat: 25`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(base, tt.from) {
				t.Fatalf("test setup: %q not in defaults", tt.from)
			}
			_, err := ParseData([]byte(strings.Replace(base, tt.from, tt.to, 1)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error have %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// A data file written before a field was added loads: the field takes
// its default, with one warning naming it. A row the defaults lack must
// still be whole.
func TestParseDataOlderFile(t *testing.T) {
	base := string(defaultsJSON)
	cut := func(t *testing.T, b, from, to string) string {
		t.Helper()
		if !strings.Contains(b, from) {
			t.Fatalf("test setup: %q not in the file", from)
		}
		return strings.Replace(b, from, to, 1)
	}
	tests := []struct {
		name     string
		edit     func(t *testing.T, b string) string
		warnings []string
		check    func(d *Data) bool
	}{
		{"whole file", func(_ *testing.T, b string) string { return b }, nil, func(d *Data) bool { return d.Tuning == DefaultData().Tuning }},
		{"no aimConeTiles", func(t *testing.T, b string) string { return cut(t, b, `"aimConeTiles": 12, `, ``) },
			[]string{"data: tuning.aimConeTiles: missing (the file is older than the field); the default 12 is used"},
			func(d *Data) bool { return d.Tuning.AimConeTiles == 12 }},
		{"no corner cover bonus", func(t *testing.T, b string) string { return cut(t, b, `, "corner": 3}`, `}`) },
			[]string{"data: tuning.coverBonus.corner: missing (the file is older than the field); the default 3 is used"},
			func(d *Data) bool { return d.Tuning.CoverBonus.Corner == 3 && d.Tuning.CoverBonus.Full == 4 }},
		{"a changed rifle without aimAP", func(t *testing.T, b string) string {
			return cut(t, b, `"range": 12, "threat": 20, "crit": 2, "magazine": 20,  "fire": "semi", "burst": 3,  "recoil": -1, "aimAP": 1}`,
				`"range": 10, "threat": 20, "crit": 2, "magazine": 20,  "fire": "semi", "burst": 3,  "recoil": -1}`)
		},
			[]string{`data: weapons[2] "rifle".aimAP: missing (the file is older than the field); the default 1 is used`},
			func(d *Data) bool { w, _ := d.Weapon("rifle"); return w.AimAP == 1 && w.Range == 10 }},
		{"optional flag absent: no warning", func(t *testing.T, b string) string {
			return cut(t, b, `, "fluidMovement": true`, ``)
		}, nil, func(d *Data) bool { u, _ := d.UnitType("scout"); return !u.FluidMovement }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseData([]byte(tt.edit(t, base)))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(d.Warnings, "\n") != strings.Join(tt.warnings, "\n") {
				t.Errorf("warnings\nhave %q\nwant %q", d.Warnings, tt.warnings)
			}
			if !tt.check(d) {
				t.Errorf("the file's values and the defaults are not as wanted: %+v", d.Tuning)
			}
		})
	}
	// A new weapon the defaults do not have gets no defaults.
	b := cut(t, base, `{"name": "rifle",`, `{"name": "carbine", "ap": 1, "damage": "2d6", "range": 10}, {"name": "rifle",`)
	if _, err := ParseData([]byte(b)); err == nil || !strings.Contains(err.Error(), `"carbine": threat: 0`) {
		t.Errorf("a new weapon without its fields: error %v, want it to name carbine's threat", err)
	}
}

// The default legend's glass is RULES.md's glass material (DE 2,
// breakable, blocking shots but not sight).
func TestGlassGlyphIsTheGlassMaterial(t *testing.T) {
	m, ok := DefaultData().Material("glass")
	if !ok {
		t.Fatal("the defaults have no glass")
	}
	o := DefaultLegend()['g'].Obstacle
	if o.Material != m.Name || o.DE != m.DE || o.Destructible != m.Destructible || o.BlocksSight != m.BlocksSight || o.BlocksEffect != m.BlocksEffect || !o.Destructible {
		t.Errorf("g glyph %+v, want the glass material %+v", o, m)
	}
}

func TestParseDice(t *testing.T) {
	for in, want := range map[string]Dice{"2d6": {2, 6, 0}, "1d8+2": {1, 8, 2}, "3d4-1": {3, 4, -1}, "9d1": {9, 1, 0}} {
		d, err := ParseDice(in)
		if err != nil || d != want {
			t.Errorf("ParseDice(%q) have %v %v, want %v", in, d, err, want)
		}
		if d.String() != in {
			t.Errorf("String have %q, want %q", d.String(), in)
		}
	}
	for _, bad := range []string{"", "d6", "2d", "0d6", "2d0", "2d6+", "x"} {
		if _, err := ParseDice(bad); err == nil {
			t.Errorf("ParseDice(%q) accepted", bad)
		}
	}
}
