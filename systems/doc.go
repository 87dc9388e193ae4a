// Package systems holds Sightline's per-frame systems: input read at the
// edge and turned into intents, the camera, the render layers, the event
// playback queue and the HUD. Systems draw and animate the rules state;
// they never decide a game outcome: scenes turn intents into rules
// commands and rules.Apply decides.
//
// Rendering is built to stay cheap on big maps. The terrain (tile layers,
// raised floors, grid) is drawn once into an offscreen image; the
// obstacles likewise, redrawn only when an obstacle changes. Unit tokens
// are drawn once per look into small sprites and blitted, turned to their
// facing. Tile tints, outlines and pips are plain quads batched into one
// draw call; anti-aliased vector paths are kept for the few shapes that
// need them (the planned path, HUD furniture), and text is queued and
// drawn after the shapes so that the paths of a frame stay in few batches.
//
// Each rules event is shown by its presenter (one per event kind, listed
// in its present_*.go file and found by the event's name, so nothing
// outside rules and match switches on the event types): its
// animation, its sound, its log line and what that line waits for. The
// Playback calls them as each event starts. What the side watching knows
// (the fog) reaches every system through one interface, Knowledge.
//
// Seams for what comes next: an Overlay in the Top layer draws over
// everything in the world (sight lines, cover shields); Panel is the box
// for HUD parts (an action bar, a combat log); Playback.Observe sees every
// event as it starts playing. Audio plays the sound: EventCues names each
// event's cues, which EventFX plays as the event starts.
package systems
