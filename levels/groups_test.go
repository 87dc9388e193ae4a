package levels

import (
	"image/color"
	"reflect"
	"strings"
	"testing"

	"sightline/rules"
)

// groupsBody is a 4×4 map body with nested group layers, as Tiled 1.8.2
// writes them: a brick-wall tile in a tinted, offset, half-transparent
// group, and a crate (a template instance) in a hidden group inside it.
const groupsBody = ` <layer id="1" name="ground" width="4" height="4">
  <data encoding="csv">
1,1,1,1,
1,1,1,1,
1,1,1,1,
1,1,1,1
</data>
 </layer>
 <group id="2" name="buildings" opacity="0.5" tintcolor="#ff8080" offsetx="8" offsety="4">
  <layer id="3" name="walls" width="4" height="4" opacity="0.5" offsetx="2" offsety="0">
   <data encoding="csv">
0,0,0,0,
0,17,0,0,
0,0,0,0,
0,0,0,0
</data>
  </layer>
  <group id="4" name="inner" visible="0">
   <objectgroup id="5" name="cover">
    <object id="10" template="../templates/crate.tx" x="64" y="64"/>
   </objectgroup>
  </group>
 </group>
 <layer id="6" name="top" width="4" height="4">
  <data encoding="csv">
0,0,0,0,
0,0,0,0,
0,0,0,0,
0,0,0,22
</data>
 </layer>`

func TestGroupLayers(t *testing.T) {
	lv, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tmx(4, 4, groupsBody)}), "maps/t.tmx")
	if err != nil {
		t.Fatal(err)
	}
	// Draw order is document order; the hidden group's object layer draws
	// nothing (it has no tile objects anyway).
	var names []string
	for _, d := range lv.Layers {
		names = append(names, d.Name)
	}
	if want := []string{"ground", "walls", "top"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("layers %q, want %q", names, want)
	}
	walls := lv.Layers[1]
	if walls.Opacity != 0.25 || walls.OffsetX != 10 || walls.OffsetY != 4 || walls.Tint != (color.NRGBA{0xff, 0x80, 0x80, 0xff}) {
		t.Errorf("walls: opacity %v, offset (%v,%v), tint %v; want 0.25, (10,4), #ff8080", walls.Opacity, walls.OffsetX, walls.OffsetY, walls.Tint)
	}
	if g := lv.Layers[0]; g.Opacity != 1 || g.Tint != white || g.OffsetX != 0 {
		t.Errorf("ground: opacity %v, tint %v, offset %v; want 1, white, 0", g.Opacity, g.Tint, g.OffsetX)
	}
	// Gameplay inside groups works as at top level: the wall tile is cover
	// on its cell, and the crate in the hidden group is cover, moved by
	// its group's offset as Tiled shows it.
	b := lv.State.Board
	var wall, crate *rules.Obstacle
	for i := range b.Obstacles {
		switch o := b.Obstacles[i]; {
		case o.ID == 10:
			crate = o
		case o.Material == "brick":
			wall = o
		}
	}
	if wall == nil || !reflect.DeepEqual(wall.Shape, rules.RectShape(32, 32, 32, 32)) {
		t.Errorf("wall tile obstacle %+v, want a brick wall on cell (1,1)", wall)
	}
	if crate == nil || crate.Material != "wood" || !reflect.DeepEqual(crate.Shape, rules.RectShape(72, 68, 32, 32)) {
		t.Errorf("crate %+v, want the wooden crate template at (72,68)", crate)
	}
}

// An object layer in a group takes part in the rules like a top-level
// one: spawns in a group spawn.
func TestGroupSpawns(t *testing.T) {
	body := ` <group id="2" name="g"><group id="3" name="h"><objectgroup id="4" name="more">
  <object id="20" name="x" type="Spawn" x="80" y="80"><properties><property name="side" value="red"/></properties><point/></object>
 </objectgroup></group></group>`
	lv, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tmx(4, 4, body)}), "maps/t.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(lv.State.Units); n != 3 {
		t.Fatalf("%d units, want 3", n)
	}
}

// Objectives and hints in nested groups make the same battle as at top
// level.
func TestGroupedGameplay(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		w, h       int
	}{{"objectives", objectivesBody, 6, 4}, {"hints", hintsBody, 6, 4}, {"cover", groupsBody, 4, 4}} {
		body := tc.body
		t.Run(tc.name, func(t *testing.T) {
			grouped := ` <group id="60" name="outer"><group id="61" name="inner">` + body + `</group></group>`
			fsys := levelFS(t, map[string]string{"maps/top.tmx": tmx(tc.w, tc.h, body), "maps/grouped.tmx": tmx(tc.w, tc.h, grouped)})
			want, err := Load(fsys, "maps/top.tmx")
			if err != nil {
				t.Fatal(err)
			}
			have, err := Load(fsys, "maps/grouped.tmx")
			if err != nil {
				t.Fatal(err)
			}
			hs, ws := have.State, want.State
			if hs.Hash() != ws.Hash() || !reflect.DeepEqual(hs.Objectives, ws.Objectives) || !reflect.DeepEqual(hs.Hints, ws.Hints) ||
				!reflect.DeepEqual(hs.Units, ws.Units) || !reflect.DeepEqual(hs.Board.Obstacles, ws.Board.Obstacles) || !reflect.DeepEqual(hs.Board.Tiles, ws.Board.Tiles) {
				t.Errorf("the battle differs when its layers are grouped")
			}
			if len(ws.Objectives)+len(ws.Hints)+len(ws.Board.Obstacles) == 0 {
				t.Errorf("the map has no gameplay objects to compare")
			}
		})
	}
}

// featureMaps returns the test maps of the Tiled features, by path, for
// the round trip through the real Tiled.
func featureMaps() map[string]string {
	named := func(n string) string {
		return ` <properties><property name="name" value="` + n + `"/></properties>
`
	}
	m := tileObjectFiles()
	m["maps/zz_tileobjects.tmx"] = strings.Replace(m["maps/zz_tileobjects.tmx"], "<tileset", named("Tile objects")+" <tileset", 1)
	m["maps/zz_groups.tmx"] = tmx(4, 4, named("Groups")+groupsBody)
	return m
}
