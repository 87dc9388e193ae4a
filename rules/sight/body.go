package sight

import "fmt"

// Cover heights in bricks (seed 004: a standing human is 4 bricks tall).
const (
	HeightVeryLow = 1
	HeightLow     = 2
	HeightHigh    = 3
	HeightFull    = 5
)

// Pose is how a body holds itself: standing, crouched or prone.
type Pose int

// The poses, tallest first.
const (
	Standing Pose = iota
	Crouched
	Prone
)

// Height returns the body height of the pose in bricks (seed 004).
func (s Pose) Height() int {
	switch s {
	case Crouched:
		return 3
	case Prone:
		return 1
	}
	return 4
}

// String returns the pose's lower-case name.
func (s Pose) String() string {
	switch s {
	case Standing:
		return "standing"
	case Crouched:
		return "crouched"
	case Prone:
		return "prone"
	}
	return fmt.Sprintf("Stance(%d)", int(s))
}

// MarshalText writes the pose's name.
func (s Pose) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a pose's name as MarshalText writes it.
func (s *Pose) UnmarshalText(b []byte) error {
	p, err := ParsePose(string(b))
	if err != nil {
		return err
	}
	*s = p
	return nil
}

// ParsePose reads a pose name.
func ParsePose(name string) (Pose, error) {
	for _, s := range []Pose{Standing, Crouched, Prone} {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unknown stance %q (want standing, crouched or prone)", name)
}

// Size is a size category (seed 002), used to ignore obstacles more than
// one category smaller than a target.
type Size int

// The size categories, smallest first.
const (
	SizeTiny Size = iota
	SizeSmall
	SizeMedium
	SizeLarge
	SizeHuge
	SizeGargantuan
)

var sizeNames = [...]string{"tiny", "small", "medium", "large", "huge", "gargantuan"}

// String returns the lower-case name of the size category.
func (s Size) String() string {
	if s < 0 || int(s) >= len(sizeNames) {
		return fmt.Sprintf("Size(%d)", int(s))
	}
	return sizeNames[s]
}

// ParseSize returns the size category with the given lower-case name.
func ParseSize(name string) (Size, error) {
	for i, n := range sizeNames {
		if n == name {
			return Size(i), nil
		}
	}
	return 0, fmt.Errorf("unknown size %q (want one of %v)", name, sizeNames[:])
}

// SizeOf returns the size category of a body side tiles wide (seed 002): a
// 1×1 foot unit is medium, a 2×2 mech large, and each further tile of side
// one step larger.
func SizeOf(side int) Size {
	return min(SizeMedium+Size(max(side, 1)-1), SizeGargantuan)
}

// Body is a unit as the geometry sees it: its square space (Size tiles a
// side from Pos, 0 counting as 1), how it holds itself and its side (an
// attacker's allies give its target no cover).
type Body struct {
	// ID names the unit in answers (0: a body that is no unit).
	ID     int
	Pos    Point
	Size   int
	Stance Pose
	Side   int
	// Rest is the height above its floor, in bricks, at which a prone
	// body in contact with very-low or low cover holds its eyes and weapon
	// (just over that cover; 0 otherwise). Queries set it (Rested); a
	// caller leaves it 0.
	Rest float64
}

// SizeCategory returns the body's size category (SizeOf its side).
func (b Body) SizeCategory() Size { return SizeOf(b.Size) }

// BodyHeight returns how tall the body stands in bricks: its pose's
// height scaled by its side in tiles, so a standing 2×2 mech is 8 bricks
// tall.
func (b Body) BodyHeight() int { return b.Stance.Height() * max(b.Size, 1) }

// Occupies reports whether tile p is in the body's space (none for Size
// 0, as for a unit).
func (b Body) Occupies(p Point) bool {
	return p.X >= b.Pos.X && p.Y >= b.Pos.Y && p.X < b.Pos.X+b.Size && p.Y < b.Pos.Y+b.Size
}

// Obstacle is a piece of cover or wall as the geometry sees it: its
// footprint, how tall it stands on what base, what it blocks, and its
// size category (an obstacle more than one category smaller than a body
// gives it no cover).
type Obstacle struct {
	// ID names the obstacle in answers; it is unique on a board.
	ID    int
	Shape Shape
	// Height is how tall it stands above Base, in bricks.
	Height, Base int
	// BlocksSight and BlocksEffect say which lines it stops; an arrow slit
	// stops neither but improves the cover of a body in contact with it.
	BlocksSight, BlocksEffect, ArrowSlit bool
	Size                                 Size
	// Walkable says bodies pass through it (smoke): it fills no tile.
	Walkable bool
}
