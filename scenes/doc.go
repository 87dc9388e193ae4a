// Package scenes holds Sightline's screens — title, level select, battle
// and result — the modal screens stacked over them (the battle's pause
// menu, briefing and handover, the help card), and the scene manager that
// runs the stack, fading between screens. Scenes receive the frame's
// intents from the input system (or from a test). The battle is cut into
// parts with one job each (the list is on stage, battle_stage.go): its
// controls turn the intents into rules commands through the action
// catalogue, its turn driver has the match apply them, and the returned
// events go to the playback system.
package scenes
