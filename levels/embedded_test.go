package levels

import (
	"io/fs"
	"reflect"
	"slices"
	"testing"

	"sightline/rules"
)

func loadEmbedded(t *testing.T, name string) *Level {
	t.Helper()
	lv, err := Load(Embedded(), name)
	if err != nil {
		t.Fatal(err)
	}
	return lv
}

func obstacleNamed(t *testing.T, lv *Level, id int, name string) *rules.Obstacle {
	t.Helper()
	o := lv.State.Board.Obstacle(id)
	if o == nil || o.Name != name {
		t.Fatalf("obstacle %d: have %+v, want one named %q", id, o, name)
	}
	return o
}

func sides(st *rules.State) (blue, red int) {
	for _, u := range st.Units {
		if u.Side == rules.SideBlue {
			blue++
		} else {
			red++
		}
	}
	return blue, red
}

func TestOutpost(t *testing.T) {
	lv := loadEmbedded(t, "maps/outpost.tmx")
	if lv.Name != "Outpost" || lv.Description == "" || lv.File != "maps/outpost.tmx" {
		t.Errorf("name %q, description %q, file %q", lv.Name, lv.Description, lv.File)
	}
	if lv.Width != 32 || lv.Height != 24 || lv.TileWidth != 32 || lv.TileHeight != 32 {
		t.Errorf("size %d×%d tiles of %d×%d", lv.Width, lv.Height, lv.TileWidth, lv.TileHeight)
	}
	b := lv.State.Board
	if b.Width != 32 || b.Height != 24 || b.TileSize != 32 {
		t.Errorf("board %d×%d, tile %d", b.Width, b.Height, b.TileSize)
	}
	if len(lv.Images) != 1 || lv.Images[0].Bounds().Dx() != 256 {
		t.Errorf("images: %d", len(lv.Images))
	}
	if len(lv.Layers) != 2 || lv.Layers[0].Name != "ground" || lv.Layers[1].Name != "decor" {
		t.Fatalf("layers: %+v", lv.Layers)
	}
	if n := len(lv.Layers[0].Cells); n != 32*24 {
		t.Errorf("ground cells: have %d, want %d", n, 32*24)
	}
	// 40 cover objects (8 of them the hedgerows that hide the squads at
	// the start, one the ruined wall that hides the watchtower from
	// Blue's strip), 3 brick-wall tiles and 5 hedge tiles.
	if n := len(b.Obstacles); n != 48 {
		t.Errorf("obstacles: have %d, want 48", n)
	}
	if blue, red := sides(lv.State); blue != 4 || red != 4 {
		t.Errorf("units: blue %d, red %d, want 4 and 4", blue, red)
	}

	// A plain Cover object with its own properties.
	slit := obstacleNamed(t, lv, 9, "bunker slit wall")
	want := rules.Obstacle{ID: 9, Name: "bunker slit wall", Class: "Cover", Material: "concrete",
		Shape: rules.RectShape(672, 448, 12, 160), Height: rules.HeightHigh, BlocksSight: true,
		BlocksEffect: true, DE: 18, ArrowSlit: true, Size: rules.SizeMedium}
	if !reflect.DeepEqual(*slit, want) {
		t.Errorf("bunker slit wall:\nhave %+v\nwant %+v", *slit, want)
	}
	// No properties at all: every value is a class default (full concrete).
	north := obstacleNamed(t, lv, 10, "bunker north wall")
	if north.Height != rules.HeightFull || north.Material != "concrete" || north.DE != 18 || north.Destructible {
		t.Errorf("class defaults not applied: %+v", *north)
	}
	// Glass: the material's defaults (effect, not sight).
	glass := obstacleNamed(t, lv, 5, "farmhouse window")
	if glass.BlocksSight || !glass.BlocksEffect || glass.DE != 2 {
		t.Errorf("glass: %+v", *glass)
	}
	// A template instance with a name and size of its own, on the raised
	// platform (floor 2).
	parapet := obstacleNamed(t, lv, 13, "parapet")
	if parapet.Material != "sandbag" || parapet.Height != rules.HeightLow || !parapet.Vaultable ||
		parapet.Base != 2 || parapet.DE != 6 || !reflect.DeepEqual(parapet.Shape, rules.RectShape(656, 96, 112, 12)) {
		t.Errorf("parapet: %+v", *parapet)
	}
	// A template instance overriding the template's properties.
	metal := obstacleNamed(t, lv, 20, "crate")
	if metal.Material != "metal" || metal.DE != 10 || metal.Height != rules.HeightHigh || metal.Size != rules.SizeSmall {
		t.Errorf("metal crate: %+v", *metal)
	}
	// Ellipse templates: a circle; a long ellipse becomes a polygon.
	barrel := obstacleNamed(t, lv, 22, "barrel")
	if !reflect.DeepEqual(barrel.Shape, rules.CircleShape(rules.Vec{X: 820, Y: 448}, 12)) || barrel.Height != rules.HeightLow {
		t.Errorf("barrel: %+v", *barrel)
	}
	if log := obstacleNamed(t, lv, 30, "fallen log"); log.Shape.Kind != rules.ShapePolygon || len(log.Shape.Points) != ellipseSides || log.Height != rules.HeightVeryLow {
		t.Errorf("fallen log: %+v", *log)
	}
	// A polygon, in absolute pixels.
	rock := obstacleNamed(t, lv, 29, "boulder")
	if rock.Shape.Kind != rules.ShapePolygon || rock.Shape.Points[1] != (rules.Vec{X: 648, Y: 248}) || len(rock.Shape.Points) != 6 {
		t.Errorf("boulder: %+v", rock.Shape)
	}
	// A rotated template instance becomes a polygon.
	if bags := obstacleNamed(t, lv, 16, "sandbags"); bags.Shape.Kind != rules.ShapePolygon {
		t.Errorf("rotated sandbags: %+v", bags.Shape)
	}
	// Tile cover: the brick-wall tile at (26,1) and the hedge at (4,16).
	// They are named as players read them.
	tileCover := map[rules.Point]string{}
	for _, o := range b.Obstacles {
		if o.Name != "brick wall" && o.Name != "hedge" && o.Name != "concrete wall" {
			continue
		}
		min, _ := o.Shape.Bounds()
		tileCover[rules.Point{X: int(min.X) / 32, Y: int(min.Y) / 32}] = o.Material
	}
	if len(tileCover) != 8 || tileCover[rules.Point{X: 26, Y: 1}] != "brick" || tileCover[rules.Point{X: 4, Y: 16}] != "foliage" {
		t.Errorf("tile cover: %v", tileCover)
	}
	// Tile properties: platform, stairs, water, mud, grass.
	for _, c := range []struct {
		p           rules.Point
		floor, cost int
	}{{rules.Point{X: 21, Y: 4}, 2, 1}, {rules.Point{X: 21, Y: 7}, 1, 1}, {rules.Point{X: 15, Y: 0}, 0, 0},
		{rules.Point{X: 13, Y: 9}, 0, 2}, {rules.Point{X: 5, Y: 5}, 0, 1}} {
		if tile := b.Tile(c.p); tile.Floor != c.floor || tile.Cost != c.cost {
			t.Errorf("tile %v: have %+v, want floor %d cost %d", c.p, tile, c.floor, c.cost)
		}
	}
	// The road's centre line is the vertical line tile flipped diagonally.
	cell := lv.Layers[0].Cells[11*32]
	if cell.X != 0 || cell.Y != 11 || !cell.FlipD || cell.FlipH || cell.Src.Min.X != 7*32 || cell.Src.Min.Y != 0 {
		t.Errorf("road line cell: %+v", cell)
	}
	// Spawns.
	dog := lv.State.Units[3]
	if dog.Name != "Dogwood" || dog.Side != rules.SideBlue || dog.Stance != rules.Prone || dog.Facing != rules.East || dog.Pos != (rules.Point{X: 2, Y: 19}) {
		t.Errorf("Dogwood: %+v", *dog)
	}
	raven := lv.State.Units[5]
	if raven.Name != "Raven" || raven.Side != rules.SideRed || raven.Stance != rules.Crouched || raven.Facing != rules.West ||
		b.Tile(raven.Pos).Floor != 2 {
		t.Errorf("Raven: %+v", *raven)
	}
	if u := lv.State.Units[0]; u.Name != "Alder" || u.Facing == rules.West {
		t.Errorf("Alder should face the map centre: %+v", *u)
	}
	// Each unit is equipped from the rules' tables by its Spawn type;
	// spawns without a type are troopers.
	types := map[string]string{"Alder": "trooper", "Birch": "gunner", "Cedar": "scout", "Dogwood": "marksman",
		"Rook": "trooper", "Raven": "marksman", "Crow": "gunner", "Magpie": "scout"}
	for _, u := range lv.State.Units {
		want, _ := rules.DefaultData().UnitType(types[u.Name])
		if u.Type != want.Name || u.HP != want.HP || u.Hand.Weapon.Name != want.Weapon || u.Hand.Ammo == 0 {
			t.Errorf("%s: type %q, HP %d, weapon %q with %d rounds; want a %s's (HP %d, %s, loaded)",
				u.Name, u.Type, u.HP, u.Hand.Weapon.Name, u.Hand.Ammo, want.Name, want.HP, want.Weapon)
		}
	}
}

func TestCrossroads(t *testing.T) {
	lv := loadEmbedded(t, "maps/crossroads.tmx")
	if lv.Name != "Crossroads" || lv.Width != 24 || lv.Height != 24 {
		t.Errorf("%q %d×%d", lv.Name, lv.Width, lv.Height)
	}
	if blue, red := sides(lv.State); blue != 3 || red != 3 {
		t.Errorf("units: blue %d, red %d", blue, red)
	}
	if n := len(lv.State.Board.Obstacles); n < 20 {
		t.Errorf("only %d obstacles", n)
	}
}

func TestList(t *testing.T) {
	// Every map under maps/, found rather than listed, in path order, each
	// with its name, campaign place, size and squads.
	paths, err := fs.Glob(Embedded(), "maps/*.tmx")
	if err != nil || len(paths) < 2 {
		t.Fatalf("maps: %v, %v", paths, err)
	}
	var want []Entry
	for _, p := range paths {
		lv := loadEmbedded(t, p)
		e := Entry{Path: p, Name: lv.Name, Campaign: lv.Campaign, Width: lv.Width, Height: lv.Height}
		for _, u := range lv.State.Units {
			e.Squads[u.Side]++
		}
		want = append(want, e)
	}
	got := List(Embedded())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("have %+v\nwant %+v", got, want)
	}
	fsys := levelFS(t, map[string]string{"maps/broken.tmx": "<map"})
	got = List(fsys)
	broken := slices.IndexFunc(got, func(e Entry) bool { return e.Path == "maps/broken.tmx" })
	if len(got) != len(want)+1 || broken < 0 || got[broken].Name != "broken" || got[broken].Err == nil || slices.ContainsFunc(got, func(e Entry) bool { return e.Err != nil && e.Path != "maps/broken.tmx" }) {
		t.Errorf("with a broken map: %+v", got)
	}
}

// The project file must define the enums exactly as the loader reads them,
// and the two classes with every member the loader reads.
func TestProjectMatchesLoader(t *testing.T) {
	p, err := loadProject(Embedded(), embeddedProject)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range knownEnums() {
		if pe, ok := p.enums[e.name]; !ok || !reflect.DeepEqual(pe.values, e.values) || pe.intStorage {
			t.Errorf("enum %s: project has %+v, loader wants %v", e.name, pe, e.values)
		}
	}
	want := map[string][]string{
		"Cover": {"arrowSlit", "blocksEffect", "blocksSight", "de", "destructible", "height", "material", "size", "vaultable"},
		"Spawn": {"facing", "name", "side", "size", "stance", "type"},
	}
	for class, names := range want {
		var have []string
		for _, m := range p.classes[class] {
			have = append(have, m.name)
		}
		if !reflect.DeepEqual(have, names) {
			t.Errorf("class %s: have members %v, want %v", class, have, names)
		}
	}
}
