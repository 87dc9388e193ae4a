// Package systems holds Sightline's per-frame systems: input read at the
// edge and turned into intents, the camera, the render layers (a cached
// terrain image, obstacles and unit tokens drawn on top, overlays), the
// event playback queue and the HUD. Systems draw and animate the rules
// state; they never decide a game outcome: scenes turn intents into rules
// commands and rules.Apply decides.
package systems
