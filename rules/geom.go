package rules

import "sightline/rules/sight"

// The board's geometry and the body vocabulary are package sight's; rules
// names them as its own so that commands, events and levels read as
// before.

// Point is a tile coordinate on the board: X grows east, Y grows south.
type Point = sight.Point

// Vec is a position or offset in pixels.
type Vec = sight.Vec

// ShapeKind says which geometry a Shape holds.
type ShapeKind = sight.ShapeKind

// Shape is an obstacle's footprint in pixels.
type Shape = sight.Shape

// The shape kinds an obstacle can have.
const (
	ShapeRect    = sight.ShapeRect
	ShapePolygon = sight.ShapePolygon
	ShapeCircle  = sight.ShapeCircle
)

// RectShape returns the axis-aligned rectangle with top-left (x, y).
func RectShape(x, y, w, h float64) Shape { return sight.RectShape(x, y, w, h) }

// PolygonShape returns a polygon with the given absolute vertices.
func PolygonShape(points []Vec) Shape { return sight.PolygonShape(points) }

// CircleShape returns a circle.
func CircleShape(center Vec, radius float64) Shape { return sight.CircleShape(center, radius) }

// Stance is how a unit holds its body (sight.Pose).
type Stance = sight.Pose

// The stances, tallest first.
const (
	Standing = sight.Standing
	Crouched = sight.Crouched
	Prone    = sight.Prone
)

// ParseStance reads a stance name.
func ParseStance(name string) (Stance, error) { return sight.ParsePose(name) }

// Size is a size category (seed 002), used to ignore obstacles more than
// one category smaller than a target.
type Size = sight.Size

// The size categories, smallest first.
const (
	SizeTiny       = sight.SizeTiny
	SizeSmall      = sight.SizeSmall
	SizeMedium     = sight.SizeMedium
	SizeLarge      = sight.SizeLarge
	SizeHuge       = sight.SizeHuge
	SizeGargantuan = sight.SizeGargantuan
)

// ParseSize returns the size category with the given lower-case name.
func ParseSize(name string) (Size, error) { return sight.ParseSize(name) }

// Cover heights in bricks (seed 004: a standing human is 4 bricks tall).
const (
	HeightVeryLow = sight.HeightVeryLow
	HeightLow     = sight.HeightLow
	HeightHigh    = sight.HeightHigh
	HeightFull    = sight.HeightFull
)
