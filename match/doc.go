// Package match runs one battle headless: the rules state, the gameplay
// RNG, the command log, the turn order and what each side knows (what it
// sees now, the obstacles as it last saw them, where and when it last saw
// each enemy, which events it witnessed). A Controller per side (a player
// at this machine, the computer, a replay) answers "your side's next
// command" from a View of its own side's knowledge only. The match emits
// each command's events tagged with the sides that witnessed them, keeps
// a digest of itself at the end of every turn, and writes and verifies
// replays. It never imports ebiten: everything here runs without a display
// and under wasm.
package match
