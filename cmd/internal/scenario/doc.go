// Package scenario runs a battle headless from a JSON description — an
// inline ASCII map (or a Tiled level file), units, a seed and a list of
// commands — and prints one JSON object per event, so rules can be
// checked, tuned and reproduced without the game window. The format is
// documented in docs/SCENARIOS.md.
package scenario
