// Package sight is Sightline's sight, effect and cover geometry: the
// shapes of obstacles and the bodies of units on a grid of tiles, and the
// questions the rules ask of them. It has its own small input types
// (Grid, Obstacle, Body, Pose) and no knowledge of commands, turns or
// dice; package rules owns the battle and asks this one.
//
// An Index holds a grid and its obstacles, split into convex parts in a
// resolv space with per-cell height maxima and bit rows. Add and Remove
// keep it current as obstacles come and go. Questions go through a Query
// that Index.Query lends out and Done returns; it carries all the scratch
// a question needs, so any number of goroutines may ask one Index at once
// (while nobody adds or removes). A Query answers:
//
//   - LineClear, LineOfSight, LineOfEffect and SeesTile: lines between
//     points and spaces, in 2.5D (walk.go, segment.go, lines.go);
//   - Cover: the point of origin, the cone, the grade, what gives it, the
//     covered limbs, flanked and exposed (cover.go, cone.go,
//     cover_candidates.go);
//   - InContact, InCover, Exposed and InLowCover (contact.go);
//   - FieldOfView and WatchCone: every tile a body sees, exactly the tiles
//     SeesTile accepts, mostly proved by shadow maps without walking a
//     line (fov.go, shadow*.go, slopes.go, bitrows.go; watch.go).
//
// Nothing here starts a goroutine or keeps global state but the mutex
// around resolv's shape counter.
package sight
