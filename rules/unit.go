package rules

import "fmt"

// Side is a team in the battle.
type Side int

// The two sides; Blue moves first.
const (
	SideBlue Side = iota
	SideRed
)

// String returns "Blue" or "Red".
func (s Side) String() string {
	switch s {
	case SideBlue:
		return "Blue"
	case SideRed:
		return "Red"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// Other returns the opposing side.
func (s Side) Other() Side { return 1 - s }

// ParseSide reads a side name as designers write it ("blue" or "red").
func ParseSide(name string) (Side, error) {
	switch name {
	case "blue", "Blue":
		return SideBlue, nil
	case "red", "Red":
		return SideRed, nil
	}
	return 0, fmt.Errorf("unknown side %q (want blue or red)", name)
}

// Dir is one of eight compass directions, clockwise from north.
type Dir int

// The eight directions.
const (
	North Dir = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
)

var dirSteps = [...]Point{{X: 0, Y: -1}, {X: 1, Y: -1}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}, {X: -1, Y: 1}, {X: -1, Y: 0}, {X: -1, Y: -1}}

// Step returns the tile offset one step in direction d.
func (d Dir) Step() Point { return dirSteps[((d%8)+8)%8] }

// DirTo returns the direction closest to the step from a to b (East when
// a == b).
func DirTo(a, b Point) Dir {
	dx, dy := sign(b.X-a.X), sign(b.Y-a.Y)
	for d, s := range dirSteps {
		if s.X == dx && s.Y == dy {
			return Dir(d)
		}
	}
	return East
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// Unit is a soldier or mech on the board.
type Unit struct {
	// ID is unique within the battle.
	ID int
	// Name is shown to players.
	Name string
	// Side is the unit's team.
	Side Side
	// Pos is the top-left tile of the unit's space.
	Pos Point
	// Size is the side of the unit's square space in tiles (1, or 2 for mechs).
	Size int
	// Stance is standing, crouched or prone.
	Stance Stance
	// Facing is the direction the unit looks.
	Facing Dir
	// Speed is how many tiles one action point of movement buys.
	Speed int
	// AP is the action points left this turn; MaxAP is the per-turn allowance.
	AP, MaxAP int
	// HP is the unit's health; at 0 it is out of the fight.
	HP, MaxHP int
	// Type names the unit's type in the data tables ("trooper", "mech"...).
	Type string
	// Stats are the unit's combat statistics from its type.
	Stats Stats
	// Hand is the weapon held ready (an empty Name means empty-handed) and
	// Holster the stowed one. OffHand is a second weapon held when the unit
	// fights with two (seed 003, Two-Weapon Combat), drawn from the
	// holster; empty otherwise.
	Hand, Holster Carried
	OffHand       Carried `json:",omitzero"`
	// Status holds the unit's temporary combat states.
	Status Status
}

// Occupies reports whether p lies in the unit's space.
func (u *Unit) Occupies(p Point) bool {
	return p.X >= u.Pos.X && p.Y >= u.Pos.Y && p.X < u.Pos.X+u.Size && p.Y < u.Pos.Y+u.Size
}

// TwoWeapons reports whether the unit fights with a weapon in each hand.
func (u *Unit) TwoWeapons() bool { return !u.OffHand.Empty() }

// Alive reports whether the unit can still act.
func (u *Unit) Alive() bool { return u.HP > 0 }
