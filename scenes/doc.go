// Package scenes holds Sightline's screens — title, level select, battle
// and result — and the scene manager that runs one at a time with
// tick-counted fade transitions. Scenes receive the frame's intents from
// the input system (or from a test), turn them into rules commands through
// a command Source, and hand the returned events to the playback system.
package scenes
