// Package mapgen makes the deterministic random maps that the tests and
// benchmarks of rules and rules/sight share: an ASCII map for rules'
// DefaultLegend, and the extra shapes and mechs that make it rich. It
// imports nothing of the game, so both packages' tests can use it.
package mapgen
