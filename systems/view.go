package systems

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// View is what world-space drawing needs: the camera, the board, a painter
// and the fonts.
type View struct {
	// Cam maps world to screen.
	Cam *Camera
	// Board is the battlefield drawn.
	Board *rules.Board
	// Paint draws vector shapes; the renderer's unit and obstacle layers
	// keep theirs in its Shapes store.
	Paint *Painter
	// Fonts draws text.
	Fonts *Fonts
	// Theme colours the sides.
	Theme Theme
	// UIScale is the size of the HUD's furniture (0 or 1: 100%), so keys
	// drawn over the map keep clear of its unit cards.
	UIScale float64
	// HoverCard is true while the HUD shows a hovered unit's card above
	// the selected one's: keys in that corner go above both.
	HoverCard bool
	// Legends is where the map's keys go (the zero frame: the HUD's
	// sideways; HUD.Legends).
	Legends LegendFrame
}

// shapes returns the store of the view's painter (nil: none).
func (v *View) shapes() *ShapeStore {
	if v.Paint == nil {
		return nil
	}
	return v.Paint.Shapes
}

// ToScreen returns the screen position of a world position.
func (v *View) ToScreen(w rules.Vec) (float64, float64) { return v.Cam.WorldToScreen(w) }

// TileRect returns the screen position of tile p's top-left corner and the
// tile's side on screen.
func (v *View) TileRect(p rules.Point) (x, y, side float64) {
	ts := float64(v.Board.TileSize)
	x, y = v.Cam.WorldToScreen(rules.Vec{X: float64(p.X) * ts, Y: float64(p.Y) * ts})
	return x, y, ts * v.Cam.Zoom
}

// TileAt returns the tile under a screen position and whether it is on the
// board.
func (v *View) TileAt(sx, sy float64) (rules.Point, bool) {
	w := v.Cam.ScreenToWorld(sx, sy)
	ts := float64(v.Board.TileSize)
	p := rules.Point{X: floorDiv(w.X, ts), Y: floorDiv(w.Y, ts)}
	return p, v.Board.InBounds(p)
}

// Scale returns a world length in screen pixels.
func (v *View) Scale(l float64) float64 { return l * v.Cam.Zoom }

// Overlay is a layer drawn over the board in world space: the reach tint,
// the hovered tile, the planned path; later sight lines and cover shields.
type Overlay interface {
	// DrawOverlay draws the overlay onto dst through v. Text goes through
	// v.Paint.Text; the renderer draws it after every overlay.
	DrawOverlay(dst *ebiten.Image, v *View)
}

func floorDiv(v, d float64) int {
	q := v / d
	i := int(q)
	if q < 0 && float64(i) != q {
		i--
	}
	return i
}
