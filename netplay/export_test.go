package netplay

import "io"

// SetRandom makes h draw its seeds, IDs and tokens from r: a benchmark
// replays one match exactly.
func SetRandom(h *Host, r io.Reader) { h.random = r }
