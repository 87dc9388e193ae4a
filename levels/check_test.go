package levels

import (
	"fmt"
	"strings"
	"testing"
)

// checkMap is a 10×3 map body: a named map whose Blue unit stands at
// (0,1) and Red at (9,1), with sandbags beside each and a screen (a
// two-tile wall at column 5, the bottom row open) hiding them from each
// other, plus extra.
func checkMap(props, extra string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="10" height="3" tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="900">
 <properties>` + props + `</properties>
 <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
 <objectgroup id="2" name="cover">
  <object id="1" template="../templates/sandbags.tx" x="32" y="0" width="16" height="96"/>
  <object id="2" template="../templates/sandbags.tx" x="272" y="0" width="16" height="96"/>
` + screen + extra + `
 </objectgroup>
 <objectgroup id="8" name="spawns">
  <object id="801" name="Ash" type="Spawn" x="16" y="48"><point/></object>
  <object id="802" name="Rook" type="Spawn" x="304" y="48"><properties><property name="side" value="red"/></properties><point/></object>
 </objectgroup>
</map>
`
}

// screen is checkMap's walls between the squads.
const screen = `  <object id="20" name="screen" type="Cover" x="128" y="0" width="32" height="64"/>
  <object id="21" name="screen" type="Cover" x="192" y="32" width="32" height="64"/>
`

const named = `<property name="name" value="Yard"/>`

// Check finds every warning in a map, each naming the object or unit.
func TestCheck(t *testing.T) {
	wall := `<object id="3" name="wall" type="Cover" x="128" y="0" width="32" height="96"/>`
	for _, tt := range []struct {
		name, m string
		want    []string // each problem, in order
	}{
		{"clean", checkMap(named, ""), nil},
		{"no name", checkMap("", ""), []string{`maps/c.tmx: warning: the map has no "name" property`}},
		{"campaign, no briefing", checkMap(named+`<property name="campaign" type="int" value="1"/>`, ""),
			[]string{`maps/c.tmx: warning: a campaign level with no "briefing"`}},
		{"a wall between", checkMap(named, wall), []string{
			`maps/c.tmx: warning: unit "Ash" at tile (0,1): cannot reach any enemy (fix: `,
			`maps/c.tmx: warning: unit "Rook" at tile (9,1): cannot reach any enemy`}},
		{"in sight from the start", strings.Replace(checkMap(named, ""), screen, "", 1), []string{
			`maps/c.tmx: warning: unit "Ash" at tile (0,1): sees Red "Rook" at (9,1) from the start: the side that moves first shoots first (fix: `,
			`maps/c.tmx: warning: unit "Rook" at tile (9,1): sees Blue "Ash" at (0,1) from the start`}},
		{"no class", checkMap(named, `<object id="3" name="rock" x="128" y="0" width="32" height="32"/>`),
			[]string{`maps/c.tmx: warning: object 3 "rock" at tile (4,0): has no class: the game ignores it (fix: set its class`}},
		{"an unreachable zone", checkMap(named, wall+`<object id="4" type="Objective" x="192" y="64" width="32" height="32"><properties><property name="goal" value="reach"/></properties></object>`),
			[]string{`cannot reach any enemy`, `cannot reach any enemy`, `maps/c.tmx: warning: objective 1 (reach): no Blue unit can reach its zone`}},
		{"an unknown class", checkMap(named, `<object id="3" type="Crat" x="0" y="0" width="8" height="8"/>`),
			[]string{`maps/c.tmx: warning: object 3 "" at tile (0,0): class "Crat" is not one the project defines (Ambush, Cover,`}},
		{"a typo behind a missing Spawn: both listed", strings.Replace(checkMap(named, `<object id="3" type="Crat" x="0" y="0" width="8" height="8"/>`),
			`<property name="side" value="red"/>`, "", 1), []string{
			`maps/c.tmx: error: the map needs at least one Spawn on each side (blue has 2, red has 0)`,
			`maps/c.tmx: warning: object 3 "" at tile (0,0): class "Crat" is not one the project defines`}},
		{"an unknown tile class", strings.Replace(checkMap(named, ""), ` <objectgroup id="2"`,
			` <tileset firstgid="1000" source="../tilesets/extra.tsx"/>
 <layer id="3" name="ground" width="10" height="3"><data encoding="csv">1000,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0</data></layer>
 <objectgroup id="2"`, 1),
			[]string{`maps/c.tmx: warning: tilesets/extra.tsx: tile 0: class "Wal" is not one the project defines`}},
		{"a broken map", checkMap(named, `<object id="3" type="Cover" x="0" y="0" width="8" height="8"><properties><property name="height" value="medium"/></properties></object>`),
			[]string{`maps/c.tmx: error: object 3 "" at tile (0,0): property "height": unknown CoverHeight "medium"`}},
		// Every error at once, in the order the map is read: map
		// properties, tiles, objects, spawns, objectives, hints. The
		// objective naming the broken wall adds no error of its own.
		{"several errors", strings.Replace(checkMap(named+`<property name="difficulty" type="int" value="9"/>`,
			`<object id="3" name="wall" type="Cover" x="128" y="0" width="32" height="96"><properties><property name="de" value="lots"/></properties></object>
  <object id="4" name="crate" type="Cover" x="160" y="0" width="32" height="32"><properties><property name="material" value="cheese"/></properties></object>
  <object id="5" type="Objective" x="0" y="0"><properties><property name="goal" value="destroy"/><property name="target" type="object" value="3"/></properties><point/></object>
  <object id="6" type="Objective" x="0" y="0"><properties><property name="goal" value="win"/></properties><point/></object>
  <object id="7" name="p" type="Patrol" x="64" y="64"><point/></object>
  <object id="8" name="Bay" type="Spawn" x="48" y="80"><properties><property name="facing" value="up"/></properties><point/></object>
  <object id="1" name="copy" type="Cover" x="224" y="64" width="8" height="8"/>`),
			` <objectgroup id="2"`, ` <tileset firstgid="1000" source="../tilesets/extra.tsx"/>
 <layer id="3" name="ground" width="10" height="3"><data encoding="csv">1001,1001,0,0,0,0,0,0,0,1001,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0</data></layer>
 <objectgroup id="2"`, 1), []string{
			`maps/c.tmx: error: map property "difficulty": "9" is not a whole number from 1 to 5`,
			`maps/c.tmx: error: layer "ground": tilesets/extra.tsx: tile 1: property "cost": "many" is not a whole number`,
			`maps/c.tmx: error: object 3 "wall" at tile (4,0): property "de": "lots" is not a whole number`,
			`maps/c.tmx: error: object 4 "crate" at tile (5,0): property "material": unknown Material "cheese"`,
			`maps/c.tmx: error: object 1 "copy" at tile (7,2): object id 1 is used twice (fix: delete one copy`,
			`maps/c.tmx: error: object 8 "Bay" at tile (1,2): property "facing": unknown facing "up"`,
			`maps/c.tmx: error: object 6 "" at tile (0,0): property "goal": unknown Goal "win"`,
			`maps/c.tmx: error: object 7 "p" at tile (2,2): a patrol is a polyline or polygon of at least two points`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			extra := `<tileset version="1.8" tiledversion="1.8.2" name="extra" tilewidth="32" tileheight="32" tilecount="24" columns="8">
 <image source="terrain.png" width="256" height="96"/>
 <tile id="0" type="Wal"/>
 <tile id="1"><properties><property name="cost" value="many"/></properties></tile>
</tileset>`
			have := Check(levelFS(t, map[string]string{"maps/c.tmx": tt.m, "tilesets/extra.tsx": extra}), "maps/c.tmx")
			if len(have) != len(tt.want) {
				t.Fatalf("have %d problems %q, want %d", len(have), have, len(tt.want))
			}
			for i, p := range have {
				if !strings.Contains(p.String(), tt.want[i]) {
					t.Errorf("problem %d: have %q, want %q", i, p, tt.want[i])
				}
			}
		})
	}
	// No cover near a spawn: take the sandbags away.
	bare := strings.Replace(checkMap(named, ""), `<object id="1" template="../templates/sandbags.tx" x="32" y="0" width="16" height="96"/>`, "", 1)
	have := Check(levelFS(t, map[string]string{"maps/c.tmx": bare}), "maps/c.tmx")
	if len(have) != 1 || !strings.Contains(have[0].String(), `unit "Ash" at tile (0,1): no cover within 3 tiles of its spawn`) {
		t.Errorf("no cover: have %q", have)
	}
}

// CheckAll also finds two levels with one name or one campaign place.
func TestCheckAllAcrossLevels(t *testing.T) {
	place := `<property name="campaign" type="int" value="99"/><property name="briefing" value="b"/>`
	fsys := levelFS(t, map[string]string{
		"maps/zz_a.tmx": checkMap(named+place, ""),
		"maps/zz_b.tmx": checkMap(named+place, ""),
	})
	var have []string
	for _, p := range CheckAll(fsys) {
		if strings.HasPrefix(p.File, "maps/zz_") {
			have = append(have, p.String())
		}
	}
	want := []string{`maps/zz_b.tmx: warning: the name "Yard" is maps/zz_a.tmx's too`, `maps/zz_b.tmx: warning: campaign place 99 is maps/zz_a.tmx's too`}
	if len(have) != 2 || !strings.HasPrefix(have[0], want[0]) || !strings.HasPrefix(have[1], want[1]) {
		t.Errorf("have %q\nwant %q", have, want)
	}
}

// Every shipped level passes the map check with no problem at all: every
// map in levels/maps, found, not listed, so a designer's new map is held
// to it too.
func TestShippedLevelsCheckClean(t *testing.T) {
	entries := List(Embedded())
	if len(entries) < 2 {
		t.Fatalf("%d shipped levels", len(entries))
	}
	for _, p := range CheckAll(Embedded()) {
		t.Errorf("%s", p)
	}
}

// A load's Errors read one line per error and stop after maxErrorsShown.
func TestErrorsText(t *testing.T) {
	var es Errors
	for i := range maxErrorsShown + 3 {
		es = append(es, Problem{File: "maps/x.tmx", Where: fmt.Sprintf("object %d", i+1), Msg: "bad"})
	}
	es[0].Where = ""
	lines := strings.Split(es.Error(), "\n")
	if len(lines) != maxErrorsShown+1 {
		t.Fatalf("have %d lines, want %d:\n%s", len(lines), maxErrorsShown+1, es.Error())
	}
	for i, want := range map[int]string{0: "maps/x.tmx: bad", 1: "maps/x.tmx: object 2: bad",
		maxErrorsShown: "... and 3 more (sightline-cli check lists them all)"} {
		if lines[i] != want {
			t.Errorf("line %d: have %q, want %q", i, lines[i], want)
		}
	}
}
