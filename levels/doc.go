// Package levels turns Tiled maps into Sightline battles: a *rules.State
// (board tiles, obstacles, units) plus render-neutral drawing data (tileset
// images and the cells of the visible tile layers). It never imports ebiten.
//
// The maps, tilesets, templates and the project file ship embedded
// (Embedded); List feeds the level-select screen and OpenFile loads a
// designer's map from disk. OpenFileWatch loads one too and returns a
// Watch of every file the load read, which the game polls to reload the
// map when the designer saves it. docs/LEVEL_DESIGN.md is the designers'
// guide; this comment is the reference.
//
// # Formats
//
// Maps, tilesets and templates may be in either of Tiled's formats, mixed
// freely: TMX (.tmx, .tsx, .tx) or JSON (.tmj or .json, .tsj, .tj; the
// root object's "type" says which it is). go-tiled reads only TMX, so a
// JSON file is decoded into typed fields (a value of the wrong JSON type
// is an error naming its field, layer and object) and turned into the TMX
// Tiled would have written, which then takes the path below. The objects
// and shape points are counted against the limits while converting.
//
// # Safety
//
// Maps are untrusted. Load reads every file through the fs.FS it is given
// and nothing else: references (tileset sources, templates, images) are
// resolved against the referring file, and an absolute reference or one
// that climbs above the FS root is an error naming both. Before go-tiled
// (v0.15.0) sees a file, its size is bounded (MaxFileBytes, MaxLoadBytes
// for all files of one map) and the map is pre-scanned with encoding/xml:
// the <map> header (size within MaxSide and MaxTiles, square tiles within
// MaxTileSide, orthogonal, not infinite), duplicated attributes, colour
// values (go-tiled's Properties.GetColor panics on six-digit colours),
// the layer tree (group layers nest at most MaxGroupDepth deep; go-tiled
// loses the order of layers of different kinds, so the pre-scan records
// it, with the tintcolor go-tiled does not read), the objects (MaxObjects),
// the points of polygons and polylines (MaxShapePoints, MaxMapPoints) and
// compressed layer data (it must not inflate past 4 bytes a tile). go-tiled runs under recover. Tileset images
// are bounded by image.DecodeConfig (MaxImagePixels) before decoding. Every
// error names the map, and where it applies the tileset or template, the
// object (`object 7 "crate" at tile (3,4)`) or tile, and the property.
// An error that spoils one object, tile or map property is recorded and
// the load goes on past it, so a failed load returns Errors, every one
// found; only a file that cannot be read as a map stops at its first.
//
// # Project and classes
//
// Custom types come from the first *.tiled-project file at the FS root
// (levels/sightline.tiled-project for the embedded levels, the nearest one
// upward for OpenFile), or from the embedded project when there is none.
// A property's value is the object's own, else its template's, else the
// class member's default. An object or tile whose class the project does
// not define is ignored with a warning (Level.Warnings), as are objects
// without a class; classes other than Cover, Spawn, Objective, Ambush,
// Patrol and Defend mean nothing to the rules.
// Objective objects become the battle's objectives (docs/LEVEL_DESIGN.md);
// Ambush, Patrol and Defend objects its hints for a side's computer player
// (rules.Hint): an ambush is a point, a rectangle or a polyline from the
// post to where it watches, a patrol a polyline or polygon of waypoints on
// passable tiles, a defend zone an unrotated rectangle.
//
// Enums: CoverHeight (very-low, low, high, full), Material (wood, sandbag,
// brick, concrete, metal, glass, smoke, foliage), Side (blue, red), Stance
// (standing, crouched, prone), Size (tiny, small, medium, large, huge,
// gargantuan), UnitType (the unit types of rules/data/defaults.json). Values may be stored as strings or, with storageType int,
// as indexes.
//
// # Cover (objects and tiles)
//
//	height       CoverHeight  full      very-low 1, low 2, high 3, full 5 bricks
//	material     Material     concrete  gives the defaults below
//	de           int          material  defence against penetration, 0..99
//	blocksSight  bool         material  lines of sight cannot pass
//	blocksEffect bool         material  lines of effect cannot pass
//	destructible bool         material  attacks can break it
//	vaultable    bool         true      units can vault it (never full-height walls)
//	arrowSlit    bool         false     improved cover
//	size         Size         medium    size category
//
// de, blocksSight, blocksEffect and destructible take the material's value
// unless the object or its template sets them (the class defaults shown in
// Tiled for these four are placeholders). The numbers come from the rules'
// material table, rules/data/defaults.json:
//
//	material  DE  sight  effect  destructible
//	wood       3  yes    yes     yes   (soft)
//	sandbag    6  yes    yes     yes
//	brick     12  yes    yes     yes   (hard)
//	concrete  18  yes    yes     no    (very hard)
//	metal     14  yes    yes     no
//	glass      2  no     yes     yes   (see through, not shoot through)
//	smoke      0  yes    no      no    (shoot through, not see through)
//	foliage    0  yes    no      yes   (hides, does not stop bullets)
//
// A Cover object's shape: a rectangle becomes rules.RectShape; a polygon a
// rules.PolygonShape in absolute pixels; an ellipse a rules.CircleShape when
// its sides differ by at most 10%, else a 16-sided polygon; a tile object
// (gid) its rectangle anchored bottom-left. A non-zero rotation turns the
// shape clockwise about the object's (x, y), making rectangles polygons.
// Points, polylines, shapes without area and shapes wholly outside the map
// are errors. The obstacle keeps the Tiled object id and name; its Base is
// the floor of the tile under the centre of its bounds.
//
// A tileset tile of class Cover, or with a "height" property, makes every
// cell using it a full-tile obstacle (rules.RectShape over the tile), with
// the same properties and defaults.
//
// # Tile properties
//
//	floor  int  the tile's floor elevation in bricks (-99..99), default 0
//	cost   int  movement cost to enter; 0 is impassable (0..99), default 1
//
// Every tile layer counts for the board, hidden ones included (a hidden
// layer can carry game data); the topmost tile that sets a property wins.
// Only visible tile layers are drawn (Level.Layers, bottom to top), with
// the object layers that hold visible tile objects (Sprites) in their
// place. Tilesets may use one image or a collection of images (a larger
// image draws up and right from its cell's bottom-left). Animated tiles
// carry their frames (Cell.Anim, Sprite.Anim: at most MaxAnimFrames, each
// 1 to MaxFrameMillis ms); the tile's own properties are what count. A
// tileset's <tileoffset> moves its tiles' drawing (Cell.DX, Sprite.DX).
//
// # Group layers
//
// Groups are flattened in draw order: a hidden group hides its children
// (which still count for the rules), offsets add up, opacity and tint
// multiply (TileLayer.Opacity, Tint, OffsetX/Y). Objects take their
// layers' offsets, for the rules too, so they play where Tiled shows
// them; tiles keep their cells. Parallax is ignored; image layers are
// not drawn.
//
// # Tile objects
//
// An object with a gid draws its tile scaled to its size, its bottom-left
// at (x, y), flipped by the gid's flip bits and rotated. It takes its
// tile's class and properties under its template's and its own: a tile of
// class Cover (or with a "height") makes it cover, its footprint its
// rectangle turned about the bottom-left corner. Without a class it is a
// prop, drawn and otherwise ignored.
//
// # Spawn (objects)
//
//	side    Side    blue      the unit's team
//	stance  Stance  standing  starting stance
//	name    string  ""        the unit's name; else the object's name; else "Blue 1"...
//	type    UnitType  trooper  the unit type: its stats and weapons come from
//	                           rules/data/defaults.json (trooper, scout,
//	                           gunner, marksman, breacher, mech)
//	size    int     from type  empty: the type's size (2×2 for a mech); if
//	                           set it must agree with the type
//	facing  string  ""        north, northeast, east, ... (or n, ne, e, ...);
//	                          empty faces the map centre
//
// A unit stands on the tile under the object's centre (a point object's x,
// y); a size-2 unit's 2×2 space is centred there. Each tile of its space
// must be on the map, passable and free. Units get ids in document order,
// and the map must have at least one unit per side.
//
// # Map properties
//
//	name         string  the level's name (else the file's base name)
//	description  string  a line for the level-select screen
//	briefing     string  what the level teaches and the situation, for the
//	                     battle's opening card
//	difficulty   int     1 (easiest) to 5; absent: not rated
//	campaign     int     the level's place in the campaign, 1 first;
//	                     absent: skirmish only
//
// The map's background colour is Level.Background (a dark ground colour
// when unset or transparent).
package levels
