package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"sightline/systems"
)

// drawn keeps what an Env's screens and battles draw once for the whole
// run: under a software renderer each costs seconds, and every way out of
// a battle leads back to the title and on to another battle.
type drawn struct {
	// titleBack is the title's backdrop, drawn once (Title.drawBackdrop).
	titleBack *ebiten.Image
	// previews are the level select's pictures of the levels by file and
	// state hash, each drawn once (LevelSelect.preview).
	previews map[string]*ebiten.Image
	// obstacles keeps the battles' first obstacle layers (nil: made by
	// the first battle), so a new battle, a replay or a reload on a map
	// shown before does not draw its cover again.
	obstacles *systems.ObstacleCache
	// shapes keeps every painter's drawn shapes as images (nil: made by
	// the first painter): each new screen's and battle's painters draw
	// their panels, buttons and tokens from the images those before them
	// kept, where they would fill each as a path in their first frames.
	shapes *systems.ShapeStore
}

// shapeStore returns the Env's store of drawn shapes, made on the first
// call; a nil Env has none.
func (e *Env) shapeStore() *systems.ShapeStore {
	if e == nil {
		return nil
	}
	if e.shapes == nil {
		e.shapes = &systems.ShapeStore{}
	}
	return e.shapes
}

// painter returns a Painter that keeps its shapes in the Env's store.
func (e *Env) painter() systems.Painter { return systems.Painter{Shapes: e.shapeStore()} }
