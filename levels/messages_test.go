package levels

import (
	"strings"
	"testing"
)

// Messages for the cases a designer met with no clue in them: each names
// what is wrong and where.
func TestClearMessages(t *testing.T) {
	noSpawnClass := `{"propertyTypes": [{"id": 1, "name": "Thing", "type": "class", "useAs": ["object"], "members": []}]}`
	tests := []struct {
		name  string
		files map[string]string
		want  []string // each in one of the problems
	}{
		{"a NaN position", map[string]string{"maps/m.tmx": tmx(4, 2, ` <objectgroup id="3" name="cover">
  <object id="5" name="crate" type="Cover" x="NaN" y="32" width="32" height="32"/>
 </objectgroup>`)}, []string{`object 5 "crate" at x=NaN, y=32 (not a position on any map)`}},
		{"a project without Spawn", map[string]string{"maps/m.tmx": tmx(4, 2, ""), "sightline.tiled-project": noSpawnClass},
			[]string{`the map needs at least one Spawn on each side (blue has 0, red has 0) (fix: the project file sightline.tiled-project does not define the class Spawn`,
				`class "Spawn" is not one the project defines (Thing)`}},
	}
	tests = append(tests, struct {
		name  string
		files map[string]string
		want  []string
	}{"a JSON map with a string width", map[string]string{"maps/m.tmx": `{"type": "map", "width": "4"}`},
		[]string{`maps/m.tmx: error: "width" is a JSON string, want a whole number from 0 to 4294967295`}})
	for _, tc := range tests {
		probs := Check(levelFS(t, tc.files), "maps/m.tmx")
		var lines []string
		for _, p := range probs {
			lines = append(lines, p.String())
		}
		all := strings.Join(lines, "\n")
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: have\n%s\nwant a problem with %q", tc.name, all, w)
			}
		}
		if strings.Contains(all, "-9223372036854775808") {
			t.Errorf("%s: a position printed as the smallest int: %s", tc.name, all)
		}
	}
}
