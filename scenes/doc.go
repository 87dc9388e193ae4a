// Package scenes holds Sightline's screens — title, level select, battle
// and result — the modal screens stacked over them (the battle's pause
// menu, briefing and handover, the help card), and the scene manager that
// runs the stack, fading between screens. Scenes receive the frame's
// intents from the input system (or from a test), turn them into rules
// commands through a command Source, and hand the returned events to the
// playback system.
package scenes
