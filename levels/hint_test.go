package levels

import (
	"reflect"
	"strings"
	"testing"

	"sightline/rules"
)

// hintsBody holds one hint of each shape on a 6×4 map whose tile (5,3) is
// deep water.
const hintsBody = ` <layer id="1" name="ground" width="6" height="4"><data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,13
</data></layer>
 <objectgroup id="3" name="hints">
  <object id="20" name="gate" type="Ambush" x="80" y="48"><properties><property name="side" value="red"/></properties><point/></object>
  <object id="21" name="yard" type="Ambush" x="64" y="64" width="64" height="32"/>
  <object id="22" name="window" type="Ambush" x="40" y="104"><polyline points="0,0 150,-90"/></object>
  <object id="23" name="round" type="Patrol" x="16" y="16"><properties><property name="side" value="red"/></properties><polygon points="0,0 64,0 64,64 8,70"/></object>
  <object id="24" name="keep" type="Defend" x="96" y="0" width="96" height="64"><properties><property name="side" value="red"/></properties></object>
 </objectgroup>`

// Ambush, Patrol and Defend objects become the state's hints.
func TestHints(t *testing.T) {
	lv, err := Load(levelFS(t, map[string]string{"maps/h.tmx": tmx(6, 4, hintsBody)}), "maps/h.tmx")
	if err != nil {
		t.Fatal(err)
	}
	pt := func(x, y int) rules.Point { return rules.Point{X: x, Y: y} }
	tile := func(x, y int) rules.Rect { return rules.Rect{Min: pt(x, y), Max: pt(x+1, y+1)} }
	want := []rules.Hint{
		{Side: rules.SideRed, Kind: rules.HintAmbush, Zone: tile(2, 1)},
		{Side: rules.SideBlue, Kind: rules.HintAmbush, Zone: rules.Rect{Min: pt(2, 2), Max: pt(4, 3)}},
		{Side: rules.SideBlue, Kind: rules.HintAmbush, Zone: tile(1, 3), Route: []rules.Point{pt(5, 0)}},
		{Side: rules.SideRed, Kind: rules.HintPatrol, Route: []rules.Point{pt(0, 0), pt(2, 0), pt(2, 2), pt(0, 2)}},
		{Side: rules.SideRed, Kind: rules.HintDefend, Zone: rules.Rect{Min: pt(3, 0), Max: pt(6, 2)}},
	}
	if have := lv.State.Hints; !reflect.DeepEqual(have, want) {
		t.Errorf("have %+v\nwant %+v", have, want)
	}
}

// A hint that cannot work names the object and what is wrong.
func TestBrokenHints(t *testing.T) {
	water := ` <layer id="1" name="ground" width="6" height="4"><data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,13
</data></layer>
`
	for _, tt := range []struct{ object, want string }{
		{`<object id="30" name="p" type="Patrol" x="16" y="16"><point/></object>`,
			`object 30 "p" at tile (0,0): a patrol is a polyline or polygon of at least two points`},
		{`<object id="30" name="p" type="Patrol" x="16" y="16"><polyline points="0,0 160,96"/></object>`,
			`object 30 "p" at tile (0,0): point 2 is on tile (5,3), which nobody can enter`},
		{`<object id="30" name="p" type="Patrol" x="16" y="16"><polyline points="0,0 400,0"/></object>`,
			`object 30 "p" at tile (0,0): point 2 lies outside the map`},
		{`<object id="30" name="a" type="Ambush" x="176" y="112"><point/></object>`,
			`object 30 "a" at tile (5,3): the post is on tile (5,3), which nobody can enter`},
		{`<object id="30" name="a" type="Ambush" x="16" y="16" width="32" height="32"><ellipse/></object>`,
			`object 30 "a" at tile (0,0): an ambush is a point, a rectangle, or a polyline`},
		{`<object id="30" name="d" type="Defend" x="16" y="16" width="32" height="32" rotation="30"/>`,
			`object 30 "d" at tile (0,0): a defend hint cannot be rotated`},
		{`<object id="30" name="d" type="Defend" x="16" y="16"><point/></object>`,
			`object 30 "d" at tile (0,0): the zone must be an unrotated rectangle with an area`},
		{`<object id="30" name="d" type="Defend" x="0" y="0" width="32" height="32"><properties><property name="side" value="green"/></properties></object>`,
			`object 30 "d" at tile (0,0): property "side": `},
	} {
		body := water + ` <objectgroup id="3" name="hints">` + tt.object + `</objectgroup>`
		_, err := Load(levelFS(t, map[string]string{"maps/h.tmx": tmx(6, 4, body)}), "maps/h.tmx")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s:\nhave %v\nwant %q", tt.object, err, tt.want)
		}
	}
}
