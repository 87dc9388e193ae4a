package levels

import (
	"image"
	"image/color"
)

// TileLayer is one drawn layer: a visible tile layer's cells, or an object
// layer's tile objects, with its groups' opacity, tint and offsets folded in.
type TileLayer struct {
	// Name is the layer's name in Tiled.
	Name string
	// Cells holds the layer's non-empty cells, row by row.
	Cells []Cell
	// Sprites holds the layer's visible tile objects, in document order.
	Sprites []Sprite
	// Opacity is the layer's opacity times its groups', 0 to 1.
	Opacity float64
	// Tint multiplies the layer's colours: its tintcolor times its
	// groups' (white when none sets one).
	Tint color.NRGBA
	// OffsetX and OffsetY shift the layer's drawing, in pixels: its offset
	// plus its groups'.
	OffsetX, OffsetY float64
}

// Cell is one tile of a layer: which part of which image to draw where.
type Cell struct {
	// X and Y are the cell's tile coordinates.
	X, Y int
	// Image is an index into Level.Images.
	Image int
	// Src is the tile's rectangle in that image. Tiled draws it with its
	// bottom-left corner on the cell's, so a larger image (from an image
	// collection) reaches up and right.
	Src image.Rectangle
	// FlipH, FlipV and FlipD are Tiled's horizontal, vertical and
	// anti-diagonal flips; apply the diagonal flip first.
	FlipH, FlipV, FlipD bool
	// Anim, when not empty, is the tile's animation: it replaces Image and
	// Src by the frame showing at the time of drawing.
	Anim []Frame
	// DX and DY are the tileset's tile offset (<tileoffset>), in pixels:
	// Tiled draws the tile moved by it.
	DX, DY int
}

// Sprite is one tile object: a tile image scaled to the object's size.
type Sprite struct {
	// X and Y are the object's position in map pixels (offsets included):
	// the image's bottom-left corner, and the centre of its rotation.
	X, Y float64
	// W and H are the object's size: the image is scaled to it.
	W, H float64
	// Rotation is in degrees clockwise about (X, Y).
	Rotation float64
	// Image and Src are the tile's image and rectangle, as for Cell.
	Image int
	Src   image.Rectangle
	// FlipH and FlipV mirror the image within the object's rectangle.
	FlipH, FlipV bool
	// Anim is the tile's animation, as for Cell.
	Anim []Frame
	// DX and DY are the tileset's tile offset, as for Cell.
	DX, DY int
}

// Frame is one frame of an animated tile.
type Frame struct {
	// Image and Src are the frame's tile image and rectangle.
	Image int
	Src   image.Rectangle
	// Duration is how long the frame shows, in milliseconds (at least 1).
	Duration int
}
