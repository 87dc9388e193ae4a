package levels

import (
	"reflect"
	"strings"
	"testing"

	"sightline/rules"
)

// objectivesBody is an object layer with one objective of most goals
// (TestObjectives, TestTiledRoundTrip).
const objectivesBody = ` <objectgroup id="3" name="objectives">
  <object id="10" name="crate" type="Cover" x="96" y="64" width="32" height="32"><properties><property name="material" value="wood"/></properties></object>
  <object id="11" name="bridge" type="Objective" x="40" y="70" width="50" height="20">
   <properties><property name="goal" value="hold"/><property name="turns" type="int" value="3"/><property name="text" value="Hold the bridge"/></properties>
  </object>
  <object id="12" type="Objective" x="0" y="0"><properties><property name="goal" value="destroy"/><property name="target" type="object" value="10"/><property name="side" value="red"/></properties><point/></object>
  <object id="13" type="Objective" x="0" y="0"><properties><property name="goal" value="protect"/><property name="target" type="object" value="802"/><property name="side" value="red"/></properties><point/></object>
  <object id="14" type="Objective" x="0" y="0"><point/></object>
 </objectgroup>`

// Objective objects become the battle's objectives: a rectangle's tiles
// are the zone, target names a Cover object or a Spawn by its object id,
// and unset properties take the class defaults.
func TestObjectives(t *testing.T) {
	lv, err := Load(levelFS(t, map[string]string{"maps/obj.tmx": tmx(6, 4, objectivesBody)}), "maps/obj.tmx")
	if err != nil {
		t.Fatal(err)
	}
	want := []rules.Objective{
		{Side: rules.SideBlue, Goal: rules.GoalHold, Zone: rules.Rect{Min: rules.Point{X: 1, Y: 2}, Max: rules.Point{X: 3, Y: 3}}, Turns: 3, Text: "Hold the bridge"},
		{Side: rules.SideRed, Goal: rules.GoalDestroy, Target: 10, Text: "destroy the crate"},
		{Side: rules.SideRed, Goal: rules.GoalProtect, Target: 2},
		{Side: rules.SideBlue, Goal: rules.GoalEliminate},
	}
	if have := lv.State.Objectives; !reflect.DeepEqual(have, want) {
		t.Errorf("have %+v\nwant %+v", have, want)
	}
}

// A broken Objective names the object and the property.
func TestBrokenObjectives(t *testing.T) {
	for _, tt := range []struct {
		object string
		want   string
	}{
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="goal" value="win"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): property "goal": `},
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="goal" value="reach"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): the zone must be an unrotated rectangle with an area`},
		{`<object id="20" name="o" type="Objective" x="500" y="0" width="32" height="32"><properties><property name="goal" value="reach"/></properties></object>`,
			`object 20 "o" at tile (15,0): the zone lies outside the map`},
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="goal" value="destroy"/><property name="target" type="object" value="801"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): property "target": object 801 is not a Cover object on this map`},
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="goal" value="protect"/><property name="target" type="object" value="99"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): property "target": object 99 is not a Spawn on this map`},
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="goal" value="protect"/><property name="target" type="object" value="802"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): objective 1 (protect): no unit 2 of its side to protect`},
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="goal" value="survive"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): objective 1 (survive): needs turns above 0`},
		{`<object id="20" name="o" type="Objective" x="0" y="0"><properties><property name="turns" type="int" value="-2"/></properties><point/></object>`,
			`object 20 "o" at tile (0,0): property "turns": -2 is out of range`},
	} {
		body := ` <objectgroup id="3" name="objectives">` + tt.object + `</objectgroup>`
		_, err := Load(levelFS(t, map[string]string{"maps/obj.tmx": tmx(4, 4, body)}), "maps/obj.tmx")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "maps/obj.tmx") {
			t.Errorf("%s:\nhave %v\nwant %q", tt.object, err, tt.want)
		}
	}
}
