package entities

import (
	"image/color"

	"sightline/rules"
)

// Ghost is cover the rules have already removed that is still drawn,
// because the event that removes it has not played yet.
type Ghost struct {
	// Obstacle is the cover as it stood.
	Obstacle rules.Obstacle
}

// Corpse marks where a unit fell.
type Corpse struct {
	// At is the pixel centre of the fallen unit's space.
	At rules.Vec
	// Side and Size pick the mark's colour and size.
	Side rules.Side
	Size int
}

// EffectKind says what an Effect draws.
type EffectKind int

// The effect kinds: a floating caption, a shot's tracer, chips off cover,
// the flash of cover destroyed, a dying token's fade, a ring and an area
// flash.
const (
	EffectText EffectKind = iota
	EffectTracer
	EffectChips
	EffectFlash
	EffectFade
	EffectRing
	EffectArea
)

// Effect is one short-lived picture an event leaves on the battlefield.
type Effect struct {
	// Kind says what it draws.
	Kind EffectKind
	// Start is the tick it appears on (the effects' clock, in 60ths of
	// a second, runs in fractions when frames are slow); Dur how many
	// ticks it lasts.
	Start float64
	Dur   int
	// A and B are its points in pixels (a tracer runs from A to B; the
	// others stand at A).
	A, B rules.Vec
	// Text and Size are a caption's words and font size.
	Text string
	Size float64
	// Color tints it; Shape is the outline a flash draws; Radius sizes
	// rings and fades.
	Color  color.RGBA
	Shape  rules.Shape
	Radius float64
	// Lift is how far (screen pixels) a caption rose to clear older ones.
	Lift float64
}

// AddGhost keeps o drawn as a ghost until RemoveGhost, in ID order.
func (w *World) AddGhost(o rules.Obstacle) {
	i := 0
	for i < len(w.Ghosts) && w.Ghosts[i].Obstacle.ID < o.ID {
		i++
	}
	if i < len(w.Ghosts) && w.Ghosts[i].Obstacle.ID == o.ID {
		w.Ghosts[i].Obstacle = o
		return
	}
	w.Ghosts = append(w.Ghosts, Ghost{})
	copy(w.Ghosts[i+1:], w.Ghosts[i:])
	w.Ghosts[i] = Ghost{Obstacle: o}
}

// RemoveGhost stops drawing the ghost of the obstacle with the given ID
// and returns it, if there was one.
func (w *World) RemoveGhost(id int) (rules.Obstacle, bool) {
	for i, g := range w.Ghosts {
		if g.Obstacle.ID == id {
			w.Ghosts = append(w.Ghosts[:i], w.Ghosts[i+1:]...)
			return g.Obstacle, true
		}
	}
	return rules.Obstacle{}, false
}
