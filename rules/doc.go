// Package rules is Sightline's model of a battle: the board and its
// obstacles, the units, movement, the sight/cover oracle, commands, events
// and dice. It is pure Go: it never imports ebiten, never reads the clock,
// never depends on map iteration order, and takes all randomness from one
// seeded *RNG passed in, so the same seed and commands give the same events
// on every platform.
package rules
