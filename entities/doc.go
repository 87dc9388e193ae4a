// Package entities holds Sightline's presentation entities: plain structs
// made of components (body look, pixel position, facing, movement tween,
// selection flags) bound to rules unit ids. They are views of the rules
// state, never the truth: World.Sync copies the state into them, and the
// event playback moves them with tweens while an animation runs.
package entities
