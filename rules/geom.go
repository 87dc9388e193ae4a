package rules

import "sightline/rules/sight"

// The board's geometry and the body vocabulary are package sight's; rules
// names as its own only the words its users (levels, match, ai, systems,
// the tools) write: points, pixels, shapes, stances, heights and the two
// sizes levels default to. The rest of sight's vocabulary (limbs, blockers,
// size categories) rules uses as sight's and hands out through its own
// API.

// Point is a tile coordinate on the board: X grows east, Y grows south.
type Point = sight.Point

// Vec is a position or offset in pixels.
type Vec = sight.Vec

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

// Sincos returns the sine and cosine of x radians, the same in every bit on
// every platform (sight.Sincos; math.Sincos differs on arm64).
func Sincos(x float64) (sin, cos float64) { return sight.Sincos(x) }

// Atan2 returns the arc tangent of y/x in radians, the same in every bit on
// every platform (sight.Atan2; math.Atan2 differs on arm64).
func Atan2(y, x float64) float64 { return sight.Atan2(y, x) }

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

// The size categories (seed 002: an obstacle more than one category
// smaller than a target is ignored) that levels and scenarios name; the
// others are sight.Size's.
const (
	SizeSmall  = sight.SizeSmall
	SizeMedium = sight.SizeMedium
)

// ParseSize returns the size category with the given lower-case name.
func ParseSize(name string) (sight.Size, error) { return sight.ParseSize(name) }

// Cover heights in bricks (seed 004: a standing human is 4 bricks tall).
const (
	HeightVeryLow = sight.HeightVeryLow
	HeightLow     = sight.HeightLow
	HeightHigh    = sight.HeightHigh
	HeightFull    = sight.HeightFull
)
