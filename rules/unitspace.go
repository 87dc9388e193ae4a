package rules

import "sightline/rules/sight"

// SizeCategory returns the unit's size category (seed 002): a 1×1 foot unit
// is medium, a 2×2 mech large, and each further tile of side one step
// larger.
func (u *Unit) SizeCategory() sight.Size { return sight.SizeOf(u.Size) }

// body is a unit as the sight geometry sees it.
type body = sight.Body

// bodyOf returns u's body.
func bodyOf(u *Unit) body {
	return body{ID: u.ID, Pos: u.Pos, Size: u.Size, Stance: u.Stance, Side: int(u.Side)}
}

// unitOf returns the unit a sight answer names by ID (nil for 0, none).
func (s *State) unitOf(id int) *Unit {
	if id == 0 {
		return nil
	}
	return s.Unit(id)
}

// BodyHeight returns how tall the unit's body stands in bricks: its
// stance's height (standing 4, crouched 3, prone 1) scaled by its side in
// tiles, so a standing 2×2 mech is 8 bricks tall.
func (u *Unit) BodyHeight() int { return bodyOf(u).BodyHeight() }

// FloorOf returns the floor elevation under the unit: the highest floor of
// the tiles of its space that are on the board.
func (b *Board) FloorOf(u *Unit) int {
	return b.grid().FloorUnder(u.Pos, u.Size)
}

// EyeHeight returns the elevation of the unit's eyes (and weapon) in
// bricks: floor elevation plus body height, or, for a prone unit in
// contact with very-low or low cover, just over that cover (sight.Query's
// Rested). Sight lines start here.
func (b *Board) EyeHeight(u *Unit) float64 {
	x := b.query()
	defer x.Done()
	return b.grid().EyeOf(x.Rested(bodyOf(u)))
}

// TopHeight returns the elevation of the top of the unit's body in bricks.
// Sight lines aimed at the unit end here; it equals EyeHeight.
func (b *Board) TopHeight(u *Unit) float64 { return b.EyeHeight(u) }

// Corners returns the grid intersections touching the unit's space, in
// pixels, row by row: 4 for a 1×1 unit, 9 for a 2×2 mech (seed 002's
// points of origin).
func (b *Board) Corners(u *Unit) []Vec {
	var buf [sight.MaxCorners]Vec
	n := b.grid().CornersInto(u.Pos, u.Size, &buf)
	return append([]Vec(nil), buf[:n]...)
}

// SpaceCenter returns the pixel centre of the unit's space.
func (b *Board) SpaceCenter(u *Unit) Vec { return b.grid().SpaceCenter(u.Pos, u.Size) }
