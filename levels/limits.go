package levels

// MaxFileBytes is the largest map, tileset, template, project or image file
// the loader reads; a larger file is rejected before it is parsed.
const MaxFileBytes = 4 << 20

// MaxSide is the largest width or height of a map, in tiles.
const MaxSide = 512

// MaxTiles is the largest number of tiles (width × height) a map may have.
const MaxTiles = 256 * 256

// MaxTileSide is the largest tile width or height, in pixels.
const MaxTileSide = 256

// MaxImagePixels bounds the pixels of one tileset image and of all the
// tileset images of one map together, checked before any image is decoded.
const MaxImagePixels = 4096 * 4096

// MaxLoadBytes bounds the bytes of all the files read to load one map
// (the map, its tilesets, templates and images, counting a file each time
// it is read), so a map cannot make the loader parse one large template
// once per object.
const MaxLoadBytes = 16 << 20

// MaxImageSide bounds the tile size an image-collection tileset declares,
// in pixels: its tiles may be larger than the map's.
const MaxImageSide = 4096

// MaxTilesetTiles bounds the <tile> entries of one tileset (tiles with
// properties, their own image or an animation).
const MaxTilesetTiles = 4096

// MaxAnimFrames bounds the frames of one animated tile.
const MaxAnimFrames = 64

// MaxFrameMillis bounds how long one animation frame lasts, in
// milliseconds (a minute).
const MaxFrameMillis = 60000

// MaxObjects bounds the objects of one map, tileset or template file
// (every <object> element: the object layers', a tile's collision shapes').
const MaxObjects = 4096

// MaxShapePoints bounds the points of one polygon or polyline; a larger
// shape is refused before it is triangulated or walked.
const MaxShapePoints = 1000

// MaxMapPoints bounds the points of all the polygons and polylines one
// file holds together.
const MaxMapPoints = 20000

// MaxUnits bounds the units (Spawn objects) of one map.
const MaxUnits = 64
