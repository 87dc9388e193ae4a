// Package sight is Sightline's sight, effect and cover geometry: the
// shapes of obstacles and the bodies of units on a grid of tiles, and the
// questions the rules ask of them. It has its own small input types and
// no knowledge of commands, turns or dice; package rules owns the battle
// and asks this one.
//
// It is being moved here from package rules one concept at a time: so far
// the board's geometry (points, pixel vectors and obstacle shapes) and the
// vocabulary of bodies (poses, size categories, cover heights).
package sight
