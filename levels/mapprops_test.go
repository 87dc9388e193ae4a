package levels

import (
	"errors"
	"strings"
	"testing"
)

// withMapProps gives a tmx map the map properties props (XML).
func withMapProps(m, props string) string {
	return strings.Replace(m, " <tileset", " <properties>\n"+props+"\n </properties>\n <tileset", 1)
}

// The map properties name, description, briefing, difficulty and
// campaign reach the level; a bad value names the property.
func TestMapProperties(t *testing.T) {
	for _, tt := range []struct {
		name, props string
		have        func(*Level) any
		want        any
		err         string
	}{
		{name: "all", props: `<property name="name" value="Yard"/><property name="description" value="A yard."/>` +
			`<property name="briefing" value="Peek around corners.&#10;Then watch."/><property name="difficulty" type="int" value="3"/><property name="campaign" type="int" value="2"/>`,
			have: func(lv *Level) any {
				return [5]any{lv.Name, lv.Description, lv.Briefing, lv.Difficulty, lv.Campaign}
			}, want: [5]any{"Yard", "A yard.", "Peek around corners.\nThen watch.", 3, 2}},
		{name: "none", have: func(lv *Level) any { return [3]any{lv.Name, lv.Difficulty, lv.Campaign} }, want: [3]any{"p", 0, 0}},
		{name: "difficulty too high", props: `<property name="difficulty" type="int" value="6"/>`,
			err: `maps/p.tmx: map property "difficulty": "6" is not a whole number from 1 to 5`},
		{name: "campaign zero", props: `<property name="campaign" type="int" value="0"/>`,
			err: `map property "campaign": "0" is not a whole number from 1 to 99`},
		{name: "campaign words", props: `<property name="campaign" value="first"/>`,
			err: `map property "campaign": "first" is not a whole number from 1 to 99`},
		{name: "briefing an int", props: `<property name="briefing" type="int" value="1"/>`,
			err: `map property "briefing": is of type int, want string`},
		{name: "difficulty a bool", props: `<property name="difficulty" type="bool" value="true"/>`,
			err: `map property "difficulty": is of type bool, want int`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := tmx(4, 2, "")
			if tt.props != "" {
				m = withMapProps(m, tt.props)
			}
			lv, err := Load(levelFS(t, map[string]string{"maps/p.tmx": m}), "maps/p.tmx")
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("have error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if have := tt.have(lv); have != tt.want {
				t.Errorf("have %v, want %v", have, tt.want)
			}
		})
	}
}

// Campaign lists the playable levels with a place, in order.
func TestCampaignOrder(t *testing.T) {
	have := Campaign([]Entry{{Path: "a", Campaign: 2}, {Path: "b"}, {Path: "c", Campaign: 1}, {Path: "d", Campaign: 3, Err: errBroken}})
	var paths []string
	for _, e := range have {
		paths = append(paths, e.Path)
	}
	if got := strings.Join(paths, ","); got != "c,a" {
		t.Errorf("have %s, want c,a", got)
	}
}

var errBroken = errors.ErrUnsupported
