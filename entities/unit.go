package entities

import (
	"math"

	"sightline/rules"
)

// Body is a unit's look: what the renderer needs to draw its token.
type Body struct {
	// Side picks the colour.
	Side rules.Side
	// Size is the side of the unit's space in tiles (2 draws a mech).
	Size int
	// Stance picks the token's shape.
	Stance rules.Stance
}

// Vitals is the unit's health and action state shown on and around the token.
type Vitals struct {
	// HP and MaxHP are drawn as pips.
	HP, MaxHP int
	// AP and MaxAP are shown in the HUD.
	AP, MaxAP int
	// Alive is false once the unit is out of the fight.
	Alive bool
	// Spent is true when the unit's side is moving and it has no AP left.
	Spent bool
}

// Unit is the presentation entity of one rules unit.
type Unit struct {
	// ID is the rules unit id this entity shows.
	ID int
	// Name is the unit's display name.
	Name string
	// Body is the token's look.
	Body Body
	// Vitals is the health and AP shown.
	Vitals Vitals
	// Pos is the pixel centre of the unit's space.
	Pos rules.Vec
	// Facing is the heading in radians, 0 east, growing clockwise on screen.
	Facing float64
	// Tween, while non-nil, moves the unit along a path.
	Tween *Tween
	// Selected marks the unit the player controls now.
	Selected bool
	// Hovered marks the unit under the cursor.
	Hovered bool
}

// DirAngle returns the screen heading in radians of a rules direction
// (0 east, clockwise, so north is -π/2).
func DirAngle(d rules.Dir) float64 { return float64(d)*math.Pi/4 - math.Pi/2 }

// SpaceCenter returns the pixel centre of a space of size tiles whose
// top-left tile is p.
func SpaceCenter(b *rules.Board, p rules.Point, size int) rules.Vec {
	ts := float64(b.TileSize)
	return rules.Vec{X: (float64(p.X) + float64(size)/2) * ts, Y: (float64(p.Y) + float64(size)/2) * ts}
}

// Animating reports whether the unit is moving along a tween.
func (u *Unit) Animating() bool { return u.Tween != nil }

// Step advances the unit's tween by one tick, moving and turning it, and
// drops the tween when it is done.
func (u *Unit) Step() { u.StepBy(1) }

// StepBy advances the unit's tween by ticks ticks (see Tween.StepBy).
func (u *Unit) StepBy(ticks float64) {
	if u.Tween == nil {
		return
	}
	pos, heading, done := u.Tween.StepBy(ticks)
	u.Pos, u.Facing = pos, heading
	if done {
		u.Tween = nil
	}
}
