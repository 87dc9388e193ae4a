// Package sound synthesizes Sightline's sound effects and its ambient
// loop: a fixed set of named cues (a shot for each weapon, hits, misses,
// cover chipped and destroyed, footsteps, vaults, dives, the overwatch
// alert, UI clicks and the jingles), each made from a recipe of noise,
// oscillators, envelopes and filters. Nothing is downloaded or shipped as
// a sample: Make renders a cue from its recipe in a few milliseconds.
//
// Synthesis is deterministic: every recipe seeds its own noise generator,
// so a cue renders to the same samples on every machine and run. Clips are
// stereo float samples at Rate; PCM16 encodes them for a player and
// WriteWAV writes them to a file (sightline-cli sounds).
//
// The package imports nothing of the game and no audio library: it runs
// headless. The game's player (systems/audio.go) maps rules events to cue
// names and plays the clips with Ebitengine's audio package.
package sound
