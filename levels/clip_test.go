package levels

import (
	"strings"
	"testing"
)

func TestClip(t *testing.T) {
	long := strings.Repeat("x", 3900000)
	tests := []struct {
		name, have, want string
	}{
		{"short stays", `property "de": "lots" is not a whole number`, `property "de": "lots" is not a whole number`},
		{"a long value is cut and its length said",
			`property "de": "` + long + `" is not a whole number`,
			`property "de": "` + strings.Repeat("x", MaxQuoted-1) + `…" (3900000 characters) is not a whole number`},
		{"a clipped message stays as it is", `"` + strings.Repeat("x", MaxQuoted-1) + `…" (3900000 characters)`, `"` + strings.Repeat("x", MaxQuoted-1) + `…" (3900000 characters)`},
		{"a long unquoted word", "tileset maps/" + long[:500] + ": missing", "tileset maps/" + long[:MaxQuoted-6] + "… (506 characters) missing"},
		{"an escaped quote inside a value", `name "a\"b" is bad`, `name "a\"b" is bad`},
		{"an escape at the cut is not split",
			`"` + strings.Repeat("y", MaxQuoted-1) + `\u00e9zzz"`,
			`"` + strings.Repeat("y", MaxQuoted-1) + `…" (128 characters)`},
		{"a cut inside an escape moves before it",
			`"` + strings.Repeat("y", MaxQuoted-3) + `\u00e9zzz"`,
			`"` + strings.Repeat("y", MaxQuoted-3) + `…" (126 characters)`},
		{"an unclosed quote", `bad "token`, `bad "token`},
		{"no quotes, long", strings.Repeat("ab ", maxMessage), strings.Repeat("ab ", maxMessage/3) + "ab… (the message is 6000 bytes)"},
	}
	for _, tc := range tests {
		if have := clip(tc.have); have != tc.want {
			if len(have) > 300 {
				have = have[:300]
			}
			t.Errorf("%s: have %q, want %q", tc.name, have, tc.want[:min(len(tc.want), 300)])
		}
	}
}

func TestLongValuesAreClippedInProblems(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a map of 4 MB")
	}
	value := strings.Repeat("9", 3900000)
	tests := []struct {
		name, tmx, want string
	}{
		{"a 3.9 MB property value", tmx(4, 2, ` <objectgroup id="3" name="cover">
  <object id="5" name="crate" type="Cover" x="32" y="32" width="32" height="32"><properties><property name="de" type="int" value="`+value+`"/></properties></object>
 </objectgroup>`), `"` + value[:MaxQuoted-1] + `…" (3900000 characters)`},
		{"a 200 KB tileset path", strings.Replace(tmx(4, 2, ""), "../tilesets/terrain.tsx", value[:200000], 1),
			`"` + value[:MaxQuoted-1] + `…" (200000 characters)`},
	}
	for _, tc := range tests {
		fsys := levelFS(t, map[string]string{"maps/long.tmx": tc.tmx})
		probs := Check(fsys, "maps/long.tmx")
		_, err := Load(fsys, "maps/long.tmx")
		if err == nil || len(probs) == 0 {
			t.Fatalf("%s: loads", tc.name)
		}
		for _, text := range []string{probs[0].String(), err.Error()} {
			if len(text) > 1000 || !strings.Contains(text, tc.want) {
				t.Errorf("%s: have %d bytes %.400q, want under 1000 with %q", tc.name, len(text), text, tc.want)
			}
		}
	}
}
