// Package ai is the computer opponent: match controllers that decide a
// side's commands from its own view only (match.View: its units, the
// enemies it knows of now, where it last saw the others, the obstacles as
// it remembers them, and the public map and tables).
//
// Every controller first builds the battle its side believes in
// (belief.go) and asks that state the rules' own questions: the reach
// search, the oracle and the attack preview, so the computer weighs the
// very numbers the hit panel shows a player. Computer (computer.go)
// scores every reachable tile of a unit against the believed threats;
// Random and Greedy (baseline.go) are the yardsticks the arena measures
// it against.
//
// The package is pure and deterministic: no ebiten, no clock, no map
// iteration, one seeded generator per controller that needs one.
package ai
