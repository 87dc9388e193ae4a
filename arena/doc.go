// Package arena measures match controllers against each other: it plays
// any two controller factories (Player) over a set of battles and seeds,
// each side in turn, and returns what the `sightline-cli arena` command
// prints: wins, losses and draws with a 95% Wilson interval, split by side
// and by level, turns per match, the first player's think time, idle units,
// low shots, refused commands and the commands it gave.
//
// A match's course depends only on the battle, the seed and the
// controllers, so a Run is deterministic for a seed: only the think times,
// read from the clock around the first player's answers, vary between
// runs. The package never links ebiten and starts no goroutines.
package arena
